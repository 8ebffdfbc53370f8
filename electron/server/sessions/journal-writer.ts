/**
 * Group commit for session journals. Steps (and new sessions) are queued as they happen and
 * written in one SQLite transaction per event-loop turn; a request's reply waits for the commit
 * that holds its steps, so an acknowledged step is always stored, while many concurrent requests
 * share one commit instead of paying one each.
 *
 * Every queued write belongs to a batch with its own outcome. A batch may be committed by its
 * own turn or earlier by anyone who must read the journal (a rebuild, a context load, the
 * sweep); either way the outcome goes to the requests waiting on that batch, never to whoever
 * happened to trigger the commit. A failed batch rejects all of its waiters and marks the
 * owners of its writes as failed: their later steps are refused rather than written after a gap.
 */
import type { JournalEntry } from '../../engine';
import { ServiceError } from '../service-error';
import type { SessionRecord, SessionStore } from './store';

/** A journal write failed: nothing of the batch was stored; the client may retry later. */
export class JournalUnavailableError extends ServiceError {
  override readonly name = 'JournalUnavailableError';
  constructor(readonly reason: string) {
    super(503, 'Service Unavailable', `The server could not store this step (${reason}); it was not recorded. Retry later.`, 5);
  }
}

/** What owns queued writes (one per live session); marked failed once one of its writes fails. */
export interface WriteOwner {
  failed: boolean;
}

type Write =
  | { readonly kind: 'session'; readonly owner: WriteOwner; readonly record: SessionRecord }
  | { readonly kind: 'step'; readonly owner: WriteOwner; readonly id: string; readonly seq: number; readonly entry: JournalEntry };

interface Batch {
  readonly writes: Write[];
  readonly done: Promise<void>;
  resolve(): void;
  reject(error: JournalUnavailableError): void;
}

/** A short reason for the reply, from SQLite's error code (no paths or internals). */
function failureReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'SQLITE_FULL') return 'the disk is full';
  if (code.startsWith('SQLITE_READONLY')) return 'the data folder is read-only';
  if (code.startsWith('SQLITE_IOERR')) return 'a disk I/O error';
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'the database file is damaged';
  return 'the journal write failed';
}

const EARLIER_LOST = 'an earlier step of this session was not stored';

export class JournalWriter {
  private open: Batch | undefined;

  /** `onFailure` hears each failed commit once, with the owners whose writes were lost. */
  constructor(
    private readonly store: SessionStore,
    private readonly onFailure: (owners: ReadonlySet<WriteOwner>, error: unknown) => void = () => {},
  ) {}

  /** Queues a new session's row (written before any of its steps); resolves once it is committed. */
  addSession(owner: WriteOwner, record: SessionRecord): Promise<void> {
    return this.queue({ kind: 'session', owner, record });
  }

  /** Queues one step of a session's journal; resolves once it is committed. */
  addStep(owner: WriteOwner, id: string, seq: number, entry: JournalEntry): Promise<void> {
    return this.queue({ kind: 'step', owner, id, seq, entry });
  }

  /**
   * Commits what is queued now (before reading sessions back, and on close). Never throws: a
   * failure is delivered to the batch's waiters (and `onFailure`); returns false when it failed.
   */
  flushNow(): boolean {
    const batch = this.open;
    if (!batch) return true;
    this.open = undefined;
    // Writes of an owner that already failed would leave a gap in its journal.
    const writes = batch.writes.filter((write) => !write.owner.failed);
    try {
      if (writes.length > 0) {
        this.store.write(
          writes.filter((write): write is Extract<Write, { kind: 'session' }> => write.kind === 'session').map((write) => write.record),
          writes.filter((write): write is Extract<Write, { kind: 'step' }> => write.kind === 'step'),
        );
      }
    } catch (error) {
      const owners = new Set(batch.writes.map((write) => write.owner));
      for (const owner of owners) owner.failed = true;
      batch.reject(new JournalUnavailableError(failureReason(error)));
      this.onFailure(owners, error);
      return false;
    }
    batch.resolve();
    return true;
  }

  private queue(write: Write): Promise<void> {
    if (write.owner.failed) return handled(Promise.reject(new JournalUnavailableError(EARLIER_LOST)));
    const batch = (this.open ??= this.newBatch());
    batch.writes.push(write);
    // Committed with the batch, unless its owner failed meanwhile (then it was left out).
    return handled(
      batch.done.then(() => {
        if (write.owner.failed) throw new JournalUnavailableError(EARLIER_LOST);
      }),
    );
  }

  private newBatch(): Batch {
    let resolve = (): void => {};
    let reject = (error: JournalUnavailableError): void => void error;
    const done = handled(
      new Promise<void>((onDone, onFail) => {
        resolve = onDone;
        reject = onFail;
      }),
    );
    const batch: Batch = { writes: [], done, resolve: () => resolve(), reject: (error) => reject(error) };
    setImmediate(() => {
      if (this.open === batch) this.flushNow();
    });
    return batch;
  }
}

/** Marks a promise as handled (its waiters may all be gone) while keeping its rejection for those who await it. */
function handled(promise: Promise<void>): Promise<void> {
  promise.catch(() => {});
  return promise;
}
