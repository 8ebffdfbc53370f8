/**
 * Group commit for session journals. Steps (and new sessions) are queued as they happen and
 * written in one SQLite transaction per event-loop turn; a request's reply waits for the commit
 * that holds its steps (`settled`), so an acknowledged step is always stored, while many
 * concurrent requests share one commit instead of paying one each.
 */
import type { JournalEntry } from '../../engine';
import type { SessionRecord, SessionStore } from './store';

type Write = { readonly kind: 'session'; readonly record: SessionRecord } | { readonly kind: 'step'; readonly id: string; readonly seq: number; readonly entry: JournalEntry };

export class JournalWriter {
  private pending: Write[] = [];
  private scheduled: Promise<void> | undefined;

  constructor(private readonly store: SessionStore) {}

  /** Queues a new session's row (written before any of its steps). */
  addSession(record: SessionRecord): void {
    this.queue({ kind: 'session', record });
  }

  /** Queues one step of a session's journal. */
  addStep(id: string, seq: number, entry: JournalEntry): void {
    this.queue({ kind: 'step', id, seq, entry });
  }

  /** Resolves when everything queued so far is committed; rejects if that commit failed. */
  settled(): Promise<void> {
    return this.scheduled ?? Promise.resolve();
  }

  /** Commits what is queued now (before reading sessions back, and on close). */
  flushNow(): void {
    const writes = this.pending;
    if (writes.length === 0) return;
    this.pending = [];
    this.store.write(
      writes.filter((write): write is Extract<Write, { kind: 'session' }> => write.kind === 'session').map((write) => write.record),
      writes.filter((write): write is Extract<Write, { kind: 'step' }> => write.kind === 'step'),
    );
  }

  private queue(write: Write): void {
    this.pending.push(write);
    this.scheduled ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.scheduled = undefined;
        try {
          this.flushNow();
          resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
  }
}
