/**
 * Runs and comparisons as background jobs: the renderer starts one, polls its progress (counts and
 * time left) and may cancel it; a finished or cancelled job names the stored run. The contract has
 * no server push, so progress is read, not sent. Old finished jobs are forgotten.
 */
import { randomUUID } from 'node:crypto';
import type { CaseJob } from '../../../common/ipc';
import type { RunProgress } from '../../../cases';
import { CaseErrorCodes } from '../../../cases/core';
import { WorkbenchError } from '../../errors';

interface Job {
  readonly id: string;
  readonly kind: 'run' | 'compare';
  readonly controller: AbortController;
  progress: RunProgress;
  state: CaseJob['state'];
  runId?: string;
  error?: string;
}

/** Jobs kept after they end, newest first, so a late poll still finds its result. */
const KEEP_FINISHED = 20;

export class CaseJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly logBug: (what: string, error: unknown) => void) {}

  /** Starts `work` (which stores the run and returns its ID) and answers at once with the job. */
  start(
    kind: 'run' | 'compare',
    total: number,
    work: (signal: AbortSignal, onProgress: (progress: RunProgress) => void) => Promise<string>,
  ): CaseJob {
    const job: Job = {
      id: randomUUID(),
      kind,
      controller: new AbortController(),
      progress: { done: 0, total, passed: 0, failed: 0, errors: 0, elapsedMs: 0 },
      state: 'running',
    };
    this.jobs.set(job.id, job);
    void work(job.controller.signal, (progress) => (job.progress = progress))
      .then((runId) => {
        job.runId = runId;
        job.state = job.controller.signal.aborted ? 'cancelled' : 'finished';
      })
      .catch((error: unknown) => {
        // Replays report target failures as data; reaching here is a bug (or the store failed).
        this.logBug(`cases.${kind}`, error);
        job.state = 'failed';
        job.error = error instanceof Error ? error.message : String(error);
      })
      .finally(() => this.prune());
    return this.view(job);
  }

  get(jobId: string): CaseJob {
    const job = this.jobs.get(jobId);
    if (!job) throw new WorkbenchError(CaseErrorCodes.notFound, `No run job ${jobId} (finished jobs are kept for a while only).`);
    return this.view(job);
  }

  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId);
    if (!job || job.state !== 'running') return false;
    job.controller.abort();
    return true;
  }

  /** Cancels everything still running (on quit). */
  dispose(): void {
    for (const job of this.jobs.values()) job.controller.abort();
  }

  private view(job: Job): CaseJob {
    const { progress } = job;
    return {
      jobId: job.id,
      kind: job.kind,
      state: job.state,
      done: progress.done,
      total: progress.total,
      passed: progress.passed,
      failed: progress.failed,
      errors: progress.errors,
      elapsedMs: progress.elapsedMs,
      ...(progress.remainingMs === undefined || job.state !== 'running' ? {} : { remainingMs: progress.remainingMs }),
      ...(progress.current ? { current: progress.current } : {}),
      ...(job.runId ? { runId: job.runId } : {}),
      ...(job.error ? { error: job.error } : {}),
    };
  }

  private prune(): void {
    const ended = [...this.jobs.values()].filter((job) => job.state !== 'running');
    for (const job of ended.slice(0, Math.max(0, ended.length - KEEP_FINISHED))) this.jobs.delete(job.id);
  }
}
