/**
 * Group commit for session journals. Steps (and new sessions, and with a shared store the owners
 * of result facts) are queued as they happen and written in one transaction per event-loop turn,
 * or, while a commit is in flight (PostgreSQL is a round trip away), in one transaction as soon as
 * it lands; a request's reply waits for the commit that holds its steps, so an acknowledged step
 * is always stored, while many concurrent requests share one commit instead of paying one each.
 * Commits run one at a time, in order, so a session's steps are never stored out of order.
 *
 * Every queued write belongs to a batch with its own outcome. A batch may be committed by its
 * own turn or earlier by anyone who must read the journal (a rebuild, a context load, the
 * sweep); either way the outcome goes to the requests waiting on that batch, never to whoever
 * happened to trigger the commit. A failed batch rejects all of its waiters and marks the
 * owners of its writes as failed: their later steps are refused rather than written after a gap.
 */
import type { JournalEntry } from '../../engine';
import { ServiceError } from '../service-error';
import type { FactOwners, JournalStore } from '../storage/types';
import type { SessionRecord } from './store';

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
  | { readonly kind: 'step'; readonly owner: WriteOwner; readonly id: string; readonly seq: number; readonly entry: JournalEntry }
  | { readonly kind: 'facts'; readonly owner: WriteOwner; readonly facts: FactOwners };

interface Batch {
  readonly writes: Write[];
  readonly done: Promise<void>;
  resolve(): void;
  reject(error: JournalUnavailableError): void;
}

/**
 * Why a shared store (PostgreSQL) cannot be used right now, or undefined when the error is not
 * that: SQLSTATE 53100 (disk full), class 08 (connection lost), 57P (shutting down), and the
 * driver's and Node's errors for a connection refused, reset or dropped.
 */
export function storeUnavailable(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === '53100') return 'the database disk is full';
  if (code.startsWith('08') || code.startsWith('57P') || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))
    return 'the database is unreachable';
  const message = error instanceof Error ? error.message : '';
  if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message))
    return 'the database is unreachable';
  return undefined;
}

/** A shared store out of reach: nothing was changed; the client may retry (503). */
export class StoreUnavailableError extends ServiceError {
  override readonly name = 'StoreUnavailableError';
  constructor(readonly reason: string) {
    super(503, 'Service Unavailable', `The server cannot reach its database (${reason}); nothing was changed. Retry later.`, 5);
  }
}

/** A short reason for the reply, from SQLite's or PostgreSQL's error code (no paths or internals). */
export function failureReason(error: unknown): string {
  if (error instanceof StoreUnavailableError) return error.reason;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const unavailable = storeUnavailable(error);
  if (unavailable !== undefined) return unavailable;
  if (code === 'SQLITE_FULL') return 'the disk is full';
  if (code.startsWith('SQLITE_READONLY')) return 'the data folder is read-only';
  if (code.startsWith('SQLITE_IOERR')) return 'a disk I/O error';
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'the database file is damaged';
  return 'the journal write failed';
}

const EARLIER_LOST = 'an earlier step of this session was not stored';

export class JournalWriter {
  private open: Batch | undefined;
  /** The commit under way, if any; the next waits for it. */
  private inFlight: Promise<boolean> | undefined;

  /** `onFailure` hears each failed commit once, with the owners whose writes were lost. */
  constructor(
    private readonly store: JournalStore,
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

  /** Queues which session returned these result facts; committed with its steps. */
  addFacts(owner: WriteOwner, facts: FactOwners): Promise<void> {
    return this.queue({ kind: 'facts', owner, facts });
  }

  /**
   * Commits what is queued now (before reading sessions back, and on close), after the commit
   * under way. With nothing queued, waits for the commit under way, so reads after it see every
   * step queued before. Never rejects: a failure is delivered to the batch's waiters (and
   * `onFailure`); resolves false when it failed.
   */
  flushNow(): Promise<boolean> {
    const batch = this.open;
    if (!batch) return this.inFlight ?? Promise.resolve(true);
    this.open = undefined;
    const previous = this.inFlight;
    // With nothing in flight the commit starts in this turn (SQLite then commits synchronously).
    const commit = previous ? previous.then(() => this.commit(batch)) : this.commit(batch);
    const tracked: Promise<boolean> = commit.finally(() => {
      if (this.inFlight !== tracked) return;
      this.inFlight = undefined;
      // What queued up while this commit was in flight goes in the next one, at once.
      if (this.open) void this.flushNow();
    });
    this.inFlight = tracked;
    return tracked;
  }

  private async commit(batch: Batch): Promise<boolean> {
    // Writes of an owner that already failed would leave a gap in its journal.
    const writes = batch.writes.filter((write) => !write.owner.failed);
    try {
      if (writes.length > 0) {
        await this.store.write(
          writes.filter((write): write is Extract<Write, { kind: 'session' }> => write.kind === 'session').map((write) => write.record),
          writes.filter((write): write is Extract<Write, { kind: 'step' }> => write.kind === 'step'),
          writes.filter((write): write is Extract<Write, { kind: 'facts' }> => write.kind === 'facts').map((write) => write.facts),
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
      // While a commit is in flight, the batch stays open and goes when it lands (see flushNow).
      if (this.open === batch && !this.inFlight) void this.flushNow();
    });
    return batch;
  }
}

/** Marks a promise as handled (its waiters may all be gone) while keeping its rejection for those who await it. */
function handled(promise: Promise<void>): Promise<void> {
  promise.catch(() => {});
  return promise;
}
