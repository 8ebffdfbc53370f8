/**
 * How much disk the session journals take, and the alarm when that passes a configured size.
 * Deleted journals free pages that SQLite reuses (the file does not shrink, it stops growing);
 * the WAL is truncated back to a bound after each checkpoint (`journal_size_limit`).
 */
import { existsSync, statSync } from 'node:fs';
import type { SqliteDatabase } from '../../store';

export interface JournalSize {
  /** Bytes of the database file in use (pages not on the free list). */
  readonly usedBytes: number;
  /** Bytes of the database (pages in use and free), as the file will be after a checkpoint. */
  readonly fileBytes: number;
  /** Bytes of the database file and its WAL on disk. */
  readonly diskBytes: number;
}

export function journalSize(db: SqliteDatabase): JournalSize {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  const wal = `${db.name}-wal`;
  const walBytes = db.name !== ':memory:' && existsSync(wal) ? statSync(wal).size : 0;
  return { usedBytes: (pages - free) * pageSize, fileBytes: pages * pageSize, diskBytes: pages * pageSize + walBytes };
}

const MB = 1024 * 1024;

/** The warning for a journal over its alarm size, or undefined when it is under. */
export function journalAlarm(db: SqliteDatabase, size: JournalSize, alarmBytes: number, retentionMs: number): string | undefined {
  if (size.usedBytes < alarmBytes) return undefined;
  const days = (retentionMs / 86_400_000).toFixed(retentionMs % 86_400_000 === 0 ? 0 : 1);
  return (
    `${db.name} holds ${Math.round(size.usedBytes / MB)} MB of sessions and journals (${Math.round(size.diskBytes / MB)} MB on disk), over the alarm at ${Math.round(alarmBytes / MB)} MB; ` +
    `journals are kept ${days} days after a session's last activity: shorten that (LAPWING_SESSION_RETENTION_DAYS), raise the alarm (LAPWING_JOURNAL_ALARM_MB) or give the data folder more disk`
  );
}
