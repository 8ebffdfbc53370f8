/**
 * The pure core of regression cases: the case model (schema, documents, problems), matching a
 * replay against its expectations, comparing two runs, and coverage. No I/O, so the renderer and
 * `electron/common` may import it; replay, reports and log files are behind `electron/cases`.
 */
export { compareObservations, describeDifferences, type CaseComparison } from './compare/compare';
export type { EvidenceDiff, NodeDiff } from './compare/evidence';
export { rebaseline, type ExpectationChange } from './compare/rebaseline';
export { summarise, type HistogramBucket, type ImpactSummary } from './compare/summary';
export { attributeCoverage, questionKey, type CoverageAttribution } from './coverage/attribution';
export { computeCoverage, type Coverage } from './coverage/coverage';
export { outlineOf, type MapOutline } from './coverage/outline';
export { failure } from './match/check';
export { evaluateCase, type CaseStatus, type Verdict } from './match/evaluate';
export { compareReplies, recordedResultsExpectation } from './match/reply';
export { isCaseDocument, normaliseCase, readCaseDocument, writeCaseBundle, writeCaseDocument } from './model/document';
export { childFactIds, isRelationshipCondition } from './model/evidence';
export { CASE_SCHEMA_PATH, testCaseJsonSchema } from './model/json-schema';
export { parseJsonText } from './model/json-text';
export { keyMatches, keyOf, observeQuestion, sameValue, specificity, type ObservedQuestion } from './model/keys';
export type { Observation, ObservedResult, ReplayOutcome, ReplayStep, StopReason, TargetRef } from './model/observation';
export { CaseErrorCodes, describeProblem, fail, ok, problemFromZod, type CaseProblem, type CaseResult } from './model/problems';
export {
  CASE_FORMAT_VERSION,
  TestCaseSchema,
  caseVersionOf,
  policyOfCase,
  type CaseAnswer,
  type CaseFact,
  type CaseQuery,
  type CaseReply,
  type CaseValue,
  type ExpectedResult,
  type QuestionForm,
  type QuestionKey,
  type TestCase,
  type TestCaseInput,
  type CaseVersion,
} from './model/schema';
export { stableStringify } from './model/serialize';
