/**
 * Regression cases with I/O: replaying cases against a Decision API target, reports (HTML, JSON,
 * JUnit), importing case files of other formats and exported logs. The pure model, matching,
 * comparison and coverage have their own door, `electron/cases/core`.
 */
export { importCases, importCsvCases, type ImportNote } from './import';
export {
  caseFromSession,
  parseEvidenceJson,
  parseInteractionLog,
  sessionFromLog,
  type LogImport,
  type RecordedAnswer,
  type RecordedQuestion,
  type RecordedSession,
  type SkipNote,
} from './logs';
export { createNodeFetch, type NodeFetch } from './replay/node-fetch';
export { inProcessApi, type InProcessDecisions } from './replay/in-process';
export { describeVersion, type RunTarget } from './replay/port';
export { replayCase } from './replay/replay';
export {
  compareTargets,
  runCases,
  type CaseRun,
  type ComparisonRun,
  type RunOptions,
  type RunProgress,
  type TargetRun,
} from './replay/runner';
export { toHtmlReport } from './report/html';
export { toJUnit } from './report/junit';
export { reportPassed, type TestReport } from './report/model';
export {
  CoverageThresholdsSchema,
  coverageDocument,
  coverageKey,
  coverageOfRun,
  coverageShortfalls,
  coverageSummary,
  coverageTargets,
  type CoverageThresholds,
  type MapCoverage,
} from './suite/coverage';
export { mergeSuiteReports, type NamedReport } from './suite/merge';
export { ShardSchema, caseIdentities, selectShard, suiteFingerprint, type Shard } from './suite/shard';
export { readSuiteReport, toSuiteReportJson, type SuiteReport } from './suite/suite-report';
export { ReportRequestSchema, type ReportKind, type ReportRequest } from './suite/report-request';
