/**
 * The machine-readable report of one run of a suite, whole or one shard of it (`--report
 * json:FILE`): the JSON report (the whole run) plus what merging needs: which suite (a fingerprint
 * of every case identity), which shard, each case's identity and position in the suite, and the
 * map outlines coverage is computed from. `lapwing test merge` reads these back.
 */
import { z } from 'zod';
import { parseJsonText } from '../core';
import type { MapOutline } from '../core';
import { JSON_REPORT_FORMAT } from '../report/json';
import { primaryRun, reportPassed, type TestReport } from '../report/model';
import type { MapCoverage } from './coverage';
import type { Shard } from './shard';

/** Where each case of a run sits in its suite. */
export interface SuitePlace {
  readonly identity: string;
  /** 0-based position among all the suite's cases (the merged report keeps this order). */
  readonly position: number;
}

export interface SuiteInfo {
  readonly fingerprint: string;
  /** Cases in the whole suite (all shards). */
  readonly cases: number;
}

/** A run of (a shard of) a suite, as written and as read back. */
export interface SuiteReport {
  readonly report: TestReport;
  readonly suite: SuiteInfo;
  readonly shard: Shard;
  /** One per case of the primary run, in its order. */
  readonly places: readonly SuitePlace[];
  /** Outlines of the maps the cases ran on, when coverage was asked for. */
  readonly coverage?: readonly MapCoverage[] | undefined;
}

export function toSuiteReportJson(suiteReport: SuiteReport): string {
  const { report, suite, shard, places, coverage } = suiteReport;
  const body = {
    format: JSON_REPORT_FORMAT,
    version: 1,
    passed: reportPassed(report),
    counts: primaryRun(report).counts,
    suite,
    shard,
    places,
    ...(coverage ? { coverage } : {}),
    ...report,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

// Reading back: the envelope and the fields every reporter and the merge use are checked; the
// inner records (evidence, steps) are kept as written (they come from a report Lapwing wrote).
const Loose = z.looseObject({});
const Counts = z.strictObject({ passed: z.number(), failed: z.number(), error: z.number(), cancelled: z.number() });
const VersionSchema = z.discriminatedUnion('policy', [
  z.looseObject({ policy: z.literal('live') }),
  z.looseObject({ policy: z.literal('draft') }),
  z.looseObject({ policy: z.literal('version'), number: z.number() }),
]);
const CaseRunSchema = z.looseObject({
  caseName: z.string(),
  verdict: z.looseObject({
    status: z.enum(['passed', 'failed', 'error', 'cancelled']),
    checks: z.array(z.looseObject({ area: z.string(), passed: z.boolean(), message: z.string() })),
  }),
  observation: z.looseObject({
    target: z.looseObject({ label: z.string(), baseUrl: z.string(), mapId: z.string(), version: VersionSchema }),
    outcome: z.enum(['completed', 'diverged', 'error', 'cancelled']),
    steps: z.array(Loose),
    questions: z.array(Loose),
    results: z.array(Loose),
    evidence: z.record(z.string(), Loose),
    evidenceProblems: z.array(z.string()),
    timing: z.looseObject({ totalMs: z.number(), httpMs: z.number() }),
  }),
});
const TargetRunSchema = z.looseObject({
  target: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  cases: z.array(CaseRunSchema),
  counts: Counts,
  cancelled: z.boolean(),
});
const OutlineSchema = z.looseObject({ relationships: z.array(Loose), rules: z.array(Loose) });

const SuiteReportSchema = z.intersection(
  z.looseObject({
    format: z.literal(JSON_REPORT_FORMAT),
    version: z.literal(1),
    generatedAt: z.string(),
    suite: z.strictObject({ fingerprint: z.string().min(1), cases: z.number().int().min(0) }),
    shard: z.strictObject({ index: z.number().int().min(1), count: z.number().int().min(1) }),
    places: z.array(z.strictObject({ identity: z.string(), position: z.number().int().min(0) })),
    coverage: z.array(z.looseObject({ mapId: z.string(), version: z.string(), outline: OutlineSchema })).optional(),
  }),
  z.discriminatedUnion('kind', [
    z.looseObject({ kind: z.literal('run'), run: TargetRunSchema }),
    z.looseObject({
      kind: z.literal('compare'),
      run: z.looseObject({ before: TargetRunSchema, after: TargetRunSchema, comparisons: z.array(Loose), summary: Loose }),
    }),
  ]),
);

type ReadResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

function describeZod(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('') : '';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `$${path}: ${issue?.message ?? 'invalid'}${more}`;
}

/** Reads a shard report; the message says what is wrong (the caller adds the file name). */
export function readSuiteReport(text: string): ReadResult<SuiteReport> {
  const json = parseJsonText(text);
  if (!json.ok) return { ok: false, message: `not valid JSON at line ${json.place.line}, column ${json.place.column}: ${json.message}` };
  const value = json.value;
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== JSON_REPORT_FORMAT)
    return { ok: false, message: `not a Lapwing JSON test report (no "format": "${JSON_REPORT_FORMAT}")` };
  if (!('shard' in value) || !('suite' in value))
    return {
      ok: false,
      message:
        'a JSON report without suite and shard information (written by --reporter json, or an older Lapwing): write it with --report json:FILE',
    };
  const parsed = SuiteReportSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: `not a readable shard report: ${describeZod(parsed.error)}` };
  const data = parsed.data;
  if (data.shard.index > data.shard.count) return { ok: false, message: `shard ${data.shard.index}/${data.shard.count}: I is above N` };
  // The schema checked every field the reporters and the merge read; the rest is as Lapwing wrote it.
  const report = { kind: data.kind, generatedAt: data.generatedAt, run: data.run } as unknown as TestReport;
  const cases = primaryRun(report).cases.length;
  if (data.places.length !== cases) return { ok: false, message: `the report lists ${data.places.length} case places for ${cases} cases` };
  return {
    ok: true,
    value: {
      report,
      suite: data.suite,
      shard: data.shard,
      places: data.places,
      ...(data.coverage
        ? {
            coverage: data.coverage.map((item) => ({
              ...item,
              outline: item.outline as unknown as MapOutline,
            })) as unknown as MapCoverage[],
          }
        : {}),
    },
  };
}
