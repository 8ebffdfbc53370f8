/**
 * Stored runs and comparisons with every case's observation and verdict: history per case and
 * per suite (trends over time), and retention (runs beyond a count or older than some days are
 * deleted after each save, in the same transaction).
 */
import { randomUUID } from 'node:crypto';
import type { CaseComparison } from '../../cases/core';
import type { ImpactSummary } from '../../cases/core';
import type { CaseStatus, Verdict } from '../../cases/core';
import type { Observation } from '../../cases/core';
import type { CaseRun, ComparisonRun, TargetRun } from '../../cases';
import type { SqliteDatabase } from '../database';

interface Retention {
  /** Newest runs kept (default 200). */
  readonly keepRuns: number;
  /** Runs older than this many days are deleted (default 90; 0 keeps them whatever their age). */
  readonly keepDays: number;
}

const DEFAULT_RETENTION: Retention = { keepRuns: 200, keepDays: 90 };

export interface RunSummary {
  readonly id: string;
  readonly kind: 'run' | 'compare';
  readonly label: string;
  readonly suite?: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly counts: Readonly<Record<CaseStatus, number>>;
  readonly summary?: ImpactSummary;
}

export interface StoredResult {
  readonly position: number;
  readonly side: 'a' | 'b';
  readonly caseId?: string;
  readonly caseName: string;
  readonly target: string;
  readonly status: CaseStatus;
  readonly durationMs: number;
  readonly observation: Observation;
  readonly verdict: Verdict;
  readonly nondeterminism?: readonly string[];
}

export interface RunDetails {
  readonly run: RunSummary;
  readonly results: readonly StoredResult[];
  readonly comparisons: readonly CaseComparison[];
}

/** One point of a case's history: how it did in one run (on one side of a comparison). */
interface CaseHistoryPoint {
  readonly runId: string;
  readonly startedAt: string;
  readonly runLabel: string;
  readonly target: string;
  readonly status: CaseStatus;
  readonly durationMs: number;
  /** Certainty of each result by `subject · relationship · object`, for trend lines. */
  readonly certainties: Readonly<Record<string, number>>;
}

interface RunRow {
  id: string;
  kind: 'run' | 'compare';
  label: string;
  suite: string | null;
  started_at: string;
  duration_ms: number;
  passed: number;
  failed: number;
  errors: number;
  cancelled: number;
  summary_json: string | null;
}

interface ResultRow {
  run_id: string;
  position: number;
  side: 'a' | 'b';
  case_id: string | null;
  case_name: string;
  target: string;
  status: CaseStatus;
  duration_ms: number;
  observation_json: string;
  verdict_json: string;
  nondeterminism_json: string | null;
  started_at?: string;
  label?: string;
}

function summaryOf(row: RunRow): RunSummary {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    ...(row.suite === null ? {} : { suite: row.suite }),
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    counts: { passed: row.passed, failed: row.failed, error: row.errors, cancelled: row.cancelled },
    ...(row.summary_json === null ? {} : { summary: JSON.parse(row.summary_json) as ImpactSummary }),
  };
}

function resultOf(row: ResultRow): StoredResult {
  return {
    position: row.position,
    side: row.side,
    ...(row.case_id === null ? {} : { caseId: row.case_id }),
    caseName: row.case_name,
    target: row.target,
    status: row.status,
    durationMs: row.duration_ms,
    observation: JSON.parse(row.observation_json) as Observation,
    verdict: JSON.parse(row.verdict_json) as Verdict,
    ...(row.nondeterminism_json === null ? {} : { nondeterminism: JSON.parse(row.nondeterminism_json) as string[] }),
  };
}

export class RunsRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.statements = {
      insertRun: db.prepare(
        `INSERT INTO case_runs (id, kind, label, suite, started_at, duration_ms, passed, failed, errors, cancelled, summary_json)
         VALUES (@id, @kind, @label, @suite, @started_at, @duration_ms, @passed, @failed, @errors, @cancelled, @summary_json)`,
      ),
      insertResult: db.prepare(
        `INSERT INTO case_results (run_id, position, side, case_id, case_name, target, status, duration_ms, observation_json, verdict_json, nondeterminism_json)
         VALUES (@run_id, @position, @side, @case_id, @case_name, @target, @status, @duration_ms, @observation_json, @verdict_json, @nondeterminism_json)`,
      ),
      insertComparison: db.prepare(
        'INSERT INTO case_comparisons (run_id, position, case_id, case_name, change, comparison_json) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      run: db.prepare<[string], RunRow>('SELECT * FROM case_runs WHERE id = ?'),
      runs: db.prepare<[number], RunRow>('SELECT * FROM case_runs ORDER BY started_at DESC, rowid DESC LIMIT ?'),
      suiteRuns: db.prepare<[string, number], RunRow>(
        'SELECT * FROM case_runs WHERE suite = ? COLLATE NOCASE ORDER BY started_at DESC, rowid DESC LIMIT ?',
      ),
      results: db.prepare<[string], ResultRow>('SELECT * FROM case_results WHERE run_id = ? ORDER BY position, side'),
      comparisons: db.prepare<[string], { comparison_json: string }>(
        'SELECT comparison_json FROM case_comparisons WHERE run_id = ? ORDER BY position',
      ),
      caseHistory: db.prepare<[string, number], ResultRow>(
        `SELECT r.*, u.started_at, u.label FROM case_results r JOIN case_runs u ON u.id = r.run_id
         WHERE r.case_id = ? ORDER BY u.started_at DESC, u.rowid DESC, r.side DESC LIMIT ?`,
      ),
      latestObservation: db.prepare<[string], { observation_json: string }>(
        `SELECT r.observation_json FROM case_results r JOIN case_runs u ON u.id = r.run_id
         WHERE r.case_id = ? ORDER BY u.started_at DESC, u.rowid DESC, r.side DESC LIMIT 1`,
      ),
      getSetting: db.prepare<[string], { value: string }>('SELECT value FROM case_settings WHERE key = ?'),
      setSetting: db.prepare('INSERT INTO case_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      deleteBeyond: db.prepare(
        'DELETE FROM case_runs WHERE id NOT IN (SELECT id FROM case_runs ORDER BY started_at DESC, rowid DESC LIMIT ?)',
      ),
      deleteBefore: db.prepare('DELETE FROM case_runs WHERE started_at < ?'),
    };
  }

  retention(): Retention {
    const row = this.statements.getSetting.get('retention');
    return row ? { ...DEFAULT_RETENTION, ...(JSON.parse(row.value) as Partial<Retention>) } : DEFAULT_RETENTION;
  }

  /** Changes the retention and applies it at once. */
  setRetention(retention: Retention): Retention {
    if (!Number.isInteger(retention.keepRuns) || retention.keepRuns < 1)
      throw new RangeError('keepRuns must be a whole number of at least 1');
    if (!Number.isFinite(retention.keepDays) || retention.keepDays < 0) throw new RangeError('keepDays must be 0 or more');
    this.db.transaction(() => {
      this.statements.setSetting.run('retention', JSON.stringify(retention));
      this.applyRetention();
    })();
    return retention;
  }

  /** Deletes runs beyond the retention (their results and comparisons go with them). Returns how many. */
  applyRetention(): number {
    const { keepRuns, keepDays } = this.retention();
    let deleted = this.statements.deleteBeyond.run(keepRuns).changes;
    if (keepDays > 0)
      deleted += this.statements.deleteBefore.run(new Date(this.clock().getTime() - keepDays * 86_400_000).toISOString()).changes;
    return deleted;
  }

  private insertRun(
    id: string,
    kind: 'run' | 'compare',
    label: string,
    suite: string | undefined,
    startedAt: string,
    durationMs: number,
    counts: Record<CaseStatus, number>,
    summary?: ImpactSummary,
  ): void {
    this.statements.insertRun.run({
      id,
      kind,
      label,
      suite: suite ?? null,
      started_at: startedAt,
      duration_ms: durationMs,
      passed: counts.passed,
      failed: counts.failed,
      errors: counts.error,
      cancelled: counts.cancelled,
      summary_json: summary === undefined ? null : JSON.stringify(summary),
    });
  }

  private insertResults(runId: string, side: 'a' | 'b', run: TargetRun): void {
    run.cases.forEach((caseRun: CaseRun, position) => {
      this.statements.insertResult.run({
        run_id: runId,
        position,
        side,
        case_id: caseRun.caseId ?? null,
        case_name: caseRun.caseName,
        target: run.target,
        status: caseRun.verdict.status,
        duration_ms: caseRun.observation.timing.totalMs,
        observation_json: JSON.stringify(caseRun.observation),
        verdict_json: JSON.stringify(caseRun.verdict),
        nondeterminism_json: caseRun.nondeterminism === undefined ? null : JSON.stringify(caseRun.nondeterminism),
      });
    });
  }

  /** Stores a run on one target; returns its ID. */
  saveRun(run: TargetRun, options: { suite?: string; title?: string } = {}): string {
    const id = randomUUID();
    this.db.transaction(() => {
      this.insertRun(id, 'run', options.title ?? run.target, options.suite, run.startedAt, run.durationMs, { ...run.counts });
      this.insertResults(id, 'a', run);
      this.applyRetention();
    })();
    return id;
  }

  /** Stores a comparison (both sides and the per-case diffs); its counts are the second side's. */
  saveComparison(run: ComparisonRun, options: { suite?: string; title?: string } = {}): string {
    const id = randomUUID();
    this.db.transaction(() => {
      this.insertRun(
        id,
        'compare',
        options.title ?? `${run.before.target} → ${run.after.target}`,
        options.suite,
        run.before.startedAt,
        run.before.durationMs + run.after.durationMs,
        { ...run.after.counts },
        run.summary,
      );
      this.insertResults(id, 'a', run.before);
      this.insertResults(id, 'b', run.after);
      run.comparisons.forEach((comparison, position) => {
        this.statements.insertComparison.run(
          id,
          position,
          comparison.caseId ?? null,
          comparison.caseName,
          comparison.change,
          JSON.stringify(comparison),
        );
      });
      this.applyRetention();
    })();
    return id;
  }

  /** Newest first. */
  list(options: { suite?: string; limit?: number } = {}): RunSummary[] {
    const limit = options.limit ?? 50;
    const rows = options.suite === undefined ? this.statements.runs.all(limit) : this.statements.suiteRuns.all(options.suite, limit);
    return rows.map(summaryOf);
  }

  get(id: string): RunDetails | undefined {
    const row = this.statements.run.get(id);
    if (!row) return undefined;
    return {
      run: summaryOf(row),
      results: this.statements.results.all(id).map(resultOf),
      comparisons: this.statements.comparisons.all(id).map((item) => JSON.parse(item.comparison_json) as CaseComparison),
    };
  }

  /** A case's results over time, newest first. */
  caseHistory(caseId: string, limit = 50): CaseHistoryPoint[] {
    return this.statements.caseHistory.all(caseId, limit).map((row) => {
      const observation = JSON.parse(row.observation_json) as Observation;
      return {
        runId: row.run_id,
        startedAt: row.started_at ?? '',
        runLabel: row.label ?? '',
        target: row.target,
        status: row.status,
        durationMs: row.duration_ms,
        certainties: Object.fromEntries(
          observation.results.map((result) => [`${result.subject} · ${result.relationship} · ${String(result.object)}`, result.certainty]),
        ),
      };
    });
  }

  /** What a case did in its newest run (the after side of a comparison), for coverage; undefined when it never ran. */
  latestObservation(caseId: string): Observation | undefined {
    const row = this.statements.latestObservation.get(caseId);
    return row ? (JSON.parse(row.observation_json) as Observation) : undefined;
  }

  /** A suite's runs over time, newest first (their counts make the trend). */
  suiteHistory(suite: string, limit = 50): RunSummary[] {
    return this.list({ suite, limit });
  }
}
