/**
 * Running many cases: on one target, or on two for a comparison; a few at a time, with progress
 * (counts and time left), cancellation through an AbortSignal, and optionally each case twice
 * on each target to tell real changes from nondeterminism.
 */
import type { EvidenceRecord } from '../../common/decision-api';
import { compareObservations, describeDifferences, type CaseComparison } from '../core';
import { summarise, type ImpactSummary } from '../core';
import { failure } from '../core';
import { evaluateCase, type CaseStatus, type Verdict } from '../core';
import type { Observation } from '../core';
import type { TestCase } from '../core';
import type { RunTarget } from './port';
import { replayCase } from './replay';

export interface CaseRun {
  readonly caseId?: string;
  readonly caseName: string;
  readonly suite?: string;
  readonly observation: Observation;
  readonly verdict: Verdict;
  /** With `twice`: what differed between the two replays (empty when they agreed). */
  readonly nondeterminism?: readonly string[];
}

export type StatusCounts = Readonly<Record<CaseStatus, number>>;

export interface TargetRun {
  readonly target: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly cases: readonly CaseRun[];
  readonly counts: StatusCounts;
  readonly cancelled: boolean;
}

export interface ComparisonRun {
  readonly before: TargetRun;
  readonly after: TargetRun;
  readonly comparisons: readonly CaseComparison[];
  readonly summary: ImpactSummary;
}

export interface RunProgress {
  /** Replays finished (a comparison counts both sides; `twice` counts each replay). */
  readonly done: number;
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly errors: number;
  readonly elapsedMs: number;
  /** Estimated from the pace so far; undefined until one replay finished. */
  readonly remainingMs?: number;
  /** The case that just finished. */
  readonly current?: string;
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RunProgress) => void;
  /** Replay each case twice per target and flag differences. */
  readonly twice?: boolean;
  /** Cases replayed at once (default 4). */
  readonly concurrency?: number;
  readonly evidence?: boolean;
  /** Clock for `startedAt` (tests fix it). */
  readonly now?: () => Date;
}

export function countStatuses(runs: readonly CaseRun[]): StatusCounts {
  const counts: Record<CaseStatus, number> = { passed: 0, failed: 0, error: 0, cancelled: 0 };
  for (const run of runs) counts[run.verdict.status] += 1;
  return counts;
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of results. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], index);
    }
  });
  await Promise.all(workers);
  return results;
}

class Progress {
  private done = 0;
  private passed = 0;
  private failed = 0;
  private errors = 0;
  private readonly began = performance.now();

  constructor(
    private readonly total: number,
    private readonly listener?: (progress: RunProgress) => void,
  ) {}

  replayed(count: number, status: CaseStatus | undefined, current: string): void {
    this.done += count;
    if (status === 'passed') this.passed += 1;
    else if (status === 'failed') this.failed += 1;
    else if (status === 'error') this.errors += 1;
    if (!this.listener) return;
    const elapsedMs = performance.now() - this.began;
    const remainingMs = this.done > 0 ? (elapsedMs / this.done) * (this.total - this.done) : undefined;
    this.listener({
      done: this.done,
      total: this.total,
      passed: this.passed,
      failed: this.failed,
      errors: this.errors,
      elapsedMs,
      ...(remainingMs === undefined ? {} : { remainingMs }),
      current,
    });
  }
}

async function runOne(
  testCase: TestCase,
  target: RunTarget,
  options: RunOptions,
  progress: Progress,
  mapFactEvidence: Map<string, Map<string, EvidenceRecord>>,
): Promise<CaseRun> {
  const replayOptions = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.evidence === undefined ? {} : { evidence: options.evidence }),
    mapFactEvidence,
  };
  const observation = await replayCase(testCase, target, replayOptions);
  let verdict = evaluateCase(testCase, observation);
  let nondeterminism: string[] | undefined;
  if (options.twice && observation.outcome !== 'cancelled') {
    progress.replayed(1, undefined, testCase.name);
    const again = await replayCase(testCase, target, replayOptions);
    nondeterminism = again.outcome === 'cancelled' ? [] : describeDifferences(observation, again);
    if (nondeterminism.length > 0) {
      const check = failure('replay', `nondeterministic: a second replay differed (${nondeterminism.join('; ')})`);
      verdict = { status: verdict.status === 'error' ? 'error' : 'failed', checks: [...verdict.checks, check] };
    }
  } else if (options.twice) {
    progress.replayed(1, undefined, testCase.name);
  }
  progress.replayed(1, verdict.status, testCase.name);
  return {
    ...(testCase.id === undefined ? {} : { caseId: testCase.id }),
    caseName: testCase.name,
    ...(testCase.suite === undefined ? {} : { suite: testCase.suite }),
    observation,
    verdict,
    ...(nondeterminism === undefined ? {} : { nondeterminism }),
  };
}

async function runOn(cases: readonly TestCase[], target: RunTarget, options: RunOptions, progress: Progress): Promise<TargetRun> {
  const startedAt = (options.now ?? (() => new Date()))().toISOString();
  const began = performance.now();
  // One cache per target: a map version's facts have the same evidence in every session.
  const mapFactEvidence = new Map<string, Map<string, EvidenceRecord>>();
  const runs = await pool(cases, options.concurrency ?? 4, (testCase) => runOne(testCase, target, options, progress, mapFactEvidence));
  return {
    target: target.label,
    startedAt,
    durationMs: performance.now() - began,
    cases: runs,
    counts: countStatuses(runs),
    cancelled: options.signal?.aborted ?? false,
  };
}

/** Runs every case on one target. */
export function runCases(cases: readonly TestCase[], target: RunTarget, options: RunOptions = {}): Promise<TargetRun> {
  return runOn(cases, target, options, new Progress(cases.length * (options.twice ? 2 : 1), options.onProgress));
}

/** Runs every case on both targets (one after the other) and compares them case by case. */
export async function compareTargets(
  cases: readonly TestCase[],
  before: RunTarget,
  after: RunTarget,
  options: RunOptions = {},
): Promise<ComparisonRun> {
  const progress = new Progress(cases.length * 2 * (options.twice ? 2 : 1), options.onProgress);
  const first = await runOn(cases, before, options, progress);
  const second = await runOn(cases, after, options, progress);
  const comparisons = cases.map((testCase, index) =>
    compareObservations(
      { caseName: testCase.name, ...(testCase.id === undefined ? {} : { caseId: testCase.id }) },
      { observation: first.cases[index].observation, status: first.cases[index].verdict.status },
      { observation: second.cases[index].observation, status: second.cases[index].verdict.status },
    ),
  );
  return { before: first, after: second, comparisons, summary: summarise(comparisons) };
}
