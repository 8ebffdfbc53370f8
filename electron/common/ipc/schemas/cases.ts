/**
 * Regression cases in the workbench: cases and suites, imports and exports, runs and comparisons
 * as background jobs (polled for progress, cancellable), re-baselining, coverage, history and
 * retention, and interaction logs imported for offline review.
 *
 * The case document itself is `electron/cases`' one schema (pure zod, no Node), so the file format,
 * the editor and this contract cannot disagree. Run details, comparisons and coverage are the
 * plain-JSON results of `electron/cases`' pure functions: their TypeScript types are the contract
 * (`z.custom`), because re-declaring every nested field here would be a second, drifting copy.
 */
import { z } from 'zod';
import type { CoverageAttribution } from '../../../cases/core';
import type { Coverage } from '../../../cases/core';
import type { ExpectationChange } from '../../../cases/core';
import type { CaseComparison } from '../../../cases/core';
import type { ImpactSummary } from '../../../cases/core';
import type { Verdict } from '../../../cases/core';
import type { Observation } from '../../../cases/core';
import type { EvidenceRecord, InteractionEntry } from '../../decision-api';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';

const StatusSchema = z.enum(['passed', 'failed', 'error', 'cancelled']);
const CountsSchema = z.object({ passed: z.number(), failed: z.number(), error: z.number(), cancelled: z.number() });

export const CaseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  suite: z.string().optional(),
  mapId: z.string(),
  tags: z.array(z.string()),
  updatedAt: TimestampSchema,
  lastStatus: z.string().optional(),
});
export type CaseSummaryData = z.infer<typeof CaseSummarySchema>;

const SuiteSummarySchema = z.object({ name: z.string(), description: z.string(), caseCount: z.number() });

/** Where a run goes: an environment, optionally another map and version than each case names. */
export const CaseRunTargetSchema = z.object({
  environmentId: IdSchema,
  mapId: IdSchema.optional(),
  versionPolicy: VersionPolicySchema.optional(),
});
export type CaseRunTarget = z.infer<typeof CaseRunTargetSchema>;

/** Which cases: these IDs, a suite, or (neither) all. */
const SelectionSchema = { caseIds: z.array(IdSchema).optional(), suite: z.string().optional() };

export const CaseJobSchema = z.object({
  jobId: z.string(),
  kind: z.enum(['run', 'compare']),
  state: z.enum(['running', 'finished', 'cancelled', 'failed']),
  done: z.number(),
  total: z.number(),
  passed: z.number(),
  failed: z.number(),
  errors: z.number(),
  elapsedMs: z.number(),
  remainingMs: z.number().optional(),
  current: z.string().optional(),
  /** Set when finished or cancelled: the stored run. */
  runId: z.string().optional(),
  /** Set when failed. */
  error: z.string().optional(),
});
export type CaseJob = z.infer<typeof CaseJobSchema>;

export const RunSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['run', 'compare']),
  label: z.string(),
  suite: z.string().optional(),
  startedAt: TimestampSchema,
  durationMs: z.number(),
  counts: CountsSchema,
  summary: z.custom<ImpactSummary>().optional(),
});
export type RunSummaryData = z.infer<typeof RunSummarySchema>;

const StoredResultSchema = z.object({
  position: z.number(),
  side: z.enum(['a', 'b']),
  caseId: z.string().optional(),
  caseName: z.string(),
  target: z.string(),
  status: StatusSchema,
  durationMs: z.number(),
  observation: z.custom<Observation>(),
  verdict: z.custom<Verdict>(),
  nondeterminism: z.array(z.string()).optional(),
});

const ImportNoteSchema = z.object({ caseName: z.string().optional(), path: z.string(), message: z.string() });
const SkipNoteSchema = z.object({ where: z.string(), reason: z.string() });

export const LogSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  format: z.enum(['json', 'csv']),
  sessionId: z.string().optional(),
  entryCount: z.number(),
  evidenceCount: z.number(),
  importedAt: TimestampSchema,
});
export type LogSummaryData = z.infer<typeof LogSummarySchema>;

const RebaselineItemSchema = z.object({
  caseId: z.string(),
  caseName: z.string(),
  changes: z.array(z.custom<ExpectationChange>()),
  /** Why this case cannot be re-baselined (a diverged replay). */
  problem: z.string().optional(),
});

const Text = z.string().max(50 * 1024 * 1024);

export const casesMethods = {
  'cases.list': {
    input: z.object({
      suite: z.string().optional(),
      tag: z.string().optional(),
      mapId: z.string().optional(),
      text: z.string().optional(),
    }),
    output: z.object({ cases: z.array(CaseSummarySchema), suites: z.array(SuiteSummarySchema) }),
  },
  /** One case as its stable JSON document (what the editor shows and a file holds). */
  'cases.get': {
    input: z.object({ id: IdSchema }),
    output: z.object({ id: z.string(), document: z.string() }),
  },
  /** Saves an edited document; `cases/invalid` with `details: { path, line, column }` when it does not validate. */
  'cases.save': {
    input: z.object({ document: Text }),
    output: z.object({ case: CaseSummarySchema }),
  },
  'cases.delete': { input: z.object({ id: IdSchema }), output: z.object({ deleted: z.boolean() }) },
  /** The case-file JSON Schema, for the editor. */
  'cases.schema': { input: z.object({}), output: z.object({ schema: z.record(z.string(), z.unknown()) }) },
  /**
   * Lapwing, Studio (needs `mapId`) or `.rbtest.json` files; nothing is stored unless all of it reads.
   * Cases that are already stored (same name and map) are duplicates: with `onDuplicate: 'ask'`
   * nothing is stored and they are listed (`stored: false`), so the user can choose to replace them
   * or keep both. With `environmentId`, the cases' maps are checked against that environment.
   */
  'cases.import': {
    input: z.object({
      text: Text,
      fileName: z.string().default('cases.json'),
      mapId: z.string().optional(),
      suite: z.string().optional(),
      environmentId: IdSchema.optional(),
      onDuplicate: z.enum(['ask', 'replace', 'keep-both']).default('ask'),
    }),
    output: z.object({
      format: z.string(),
      /** False when duplicates were found and `onDuplicate` was `ask`: nothing was stored. */
      stored: z.boolean(),
      cases: z.array(CaseSummarySchema),
      notCarried: z.array(ImportNoteSchema),
      duplicates: z.array(z.object({ name: z.string(), mapId: z.string(), existingId: z.string() })),
      /** Maps the cases name that the chosen environment does not have (empty when it cannot list its maps). */
      missingMaps: z.array(z.object({ mapId: z.string(), caseNames: z.array(z.string()) })),
      /** What the map check could not do, e.g. a remote environment that cannot list its maps. */
      mapCheck: z.object({ environmentName: z.string(), checked: z.boolean() }).optional(),
    }),
  },
  'cases.export': {
    input: z.object(SelectionSchema),
    output: z.object({ fileName: z.string(), text: z.string(), count: z.number() }),
  },
  /**
   * A live session (or a saved consultation) as a case expecting what happened. Without a name
   * (or a blank one) the case is named after its query, and `nameDerived` says so.
   */
  'cases.fromConsultation': {
    input: z
      .object({
        sessionId: IdSchema.optional(),
        consultationId: IdSchema.optional(),
        name: z
          .string()
          .trim()
          .max(200)
          .optional()
          .transform((name) => (name === '' ? undefined : name)),
        suite: z.string().optional(),
        tags: z.array(z.string()).default([]),
      })
      .refine((input) => input.sessionId !== undefined || input.consultationId !== undefined, {
        message: 'give a session id or a saved consultation id',
      }),
    output: z.object({ case: CaseSummarySchema, notes: z.array(z.string()), nameDerived: z.boolean() }),
  },
  'cases.run': {
    input: z.object({ ...SelectionSchema, target: CaseRunTargetSchema, twice: z.boolean().default(false) }),
    output: CaseJobSchema,
  },
  'cases.compare': {
    input: z.object({ ...SelectionSchema, before: CaseRunTargetSchema, after: CaseRunTargetSchema, twice: z.boolean().default(false) }),
    output: CaseJobSchema,
  },
  'cases.job': { input: z.object({ jobId: IdSchema }), output: CaseJobSchema },
  'cases.cancel': { input: z.object({ jobId: IdSchema }), output: z.object({ cancelled: z.boolean() }) },
  'cases.runs': {
    input: z.object({ suite: z.string().optional(), limit: z.number().int().min(1).max(500).default(50) }),
    output: z.object({ runs: z.array(RunSummarySchema) }),
  },
  'cases.runDetails': {
    input: z.object({ runId: IdSchema }),
    output: z.object({ run: RunSummarySchema, results: z.array(StoredResultSchema), comparisons: z.array(z.custom<CaseComparison>()) }),
  },
  /** The expectation changes that accepting a run's results would make (`apply: false`), or makes them. */
  'cases.rebaseline': {
    input: z.object({ runId: IdSchema, caseIds: z.array(IdSchema).optional(), apply: z.boolean().default(false) }),
    output: z.object({ applied: z.boolean(), items: z.array(RebaselineItemSchema) }),
  },
  /** What a run exercised of its map (local maps only: the outline comes from the map's source). */
  'cases.coverage': {
    input: z.object({ runId: IdSchema, environmentId: IdSchema.default('local') }),
    output: z.object({
      mapId: z.string(),
      /** The map version the coverage was computed over (for `maps.get`, to draw it). */
      versionPolicy: VersionPolicySchema,
      coverage: z.custom<Coverage>(),
      /** Which cases exercised each relationship, rule and question. */
      exercisedBy: z.custom<CoverageAttribution>(),
    }),
  },
  'cases.history': {
    input: z.object({ caseId: IdSchema, limit: z.number().int().min(1).max(500).default(50) }),
    output: z.object({
      points: z.array(
        z.object({
          runId: z.string(),
          startedAt: TimestampSchema,
          runLabel: z.string(),
          target: z.string(),
          status: StatusSchema,
          durationMs: z.number(),
          certainties: z.record(z.string(), z.number()),
        }),
      ),
    }),
  },
  'cases.retention': {
    input: z.object({ keepRuns: z.number().int().min(1).optional(), keepDays: z.number().min(0).optional() }),
    output: z.object({ keepRuns: z.number(), keepDays: z.number() }),
  },
  /** An interaction log (JSON or CSV) exported from a deployment; a bad file changes nothing. */
  'cases.logs.import': {
    input: z.object({ text: Text, fileName: z.string().default('interactions.json'), name: z.string().optional() }),
    output: z.object({ log: LogSummarySchema, skipped: z.array(SkipNoteSchema) }),
  },
  'cases.logs.importEvidence': {
    input: z.object({ logId: IdSchema, text: Text, fileName: z.string().default('evidence.json') }),
    output: z.object({ log: LogSummarySchema }),
  },
  'cases.logs.list': { input: z.object({}), output: z.object({ logs: z.array(LogSummarySchema) }) },
  'cases.logs.get': {
    input: z.object({ id: IdSchema }),
    output: z.object({
      log: LogSummarySchema,
      entries: z.array(z.custom<InteractionEntry>()),
      evidence: z.record(z.string(), z.custom<EvidenceRecord>()),
      skipped: z.array(SkipNoteSchema),
    }),
  },
  'cases.logs.delete': { input: z.object({ id: IdSchema }), output: z.object({ deleted: z.boolean() }) },
  'cases.logs.toCase': {
    input: z.object({
      logId: IdSchema,
      name: z.string().trim().min(1).max(200),
      mapId: IdSchema,
      versionPolicy: VersionPolicySchema.optional(),
      suite: z.string().optional(),
    }),
    output: z.object({ case: CaseSummarySchema, notes: z.array(z.string()) }),
  },
} as const;
