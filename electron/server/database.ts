/** Opening the server's database: the map registry and the session journals in one file. */
import { z } from 'zod';
import { openDatabase, type SqliteDatabase } from '../store';
import { digestStoredKeys } from './registry/key-digests';
import { REGISTRY_MIGRATIONS } from './registry/migrations';
import { SESSION_MIGRATIONS } from './sessions/migrations';

/**
 * Opens (creating) the database file and applies the `sessions` and `registry` migration sets.
 * A file, not `:memory:`: sessions must survive a restart, and both scopes share the file.
 */
/**
 * `LAPWING_JOURNAL_SYNC`: `full` (the default) syncs every commit, so an acknowledged step
 * survives an OS crash or power cut; `normal` skips that sync for throughput, and an OS crash
 * or power cut may then lose the steps of the last moments (never corrupting the file).
 */
const JournalSyncSchema = z.enum(['full', 'normal']);
type JournalSync = z.infer<typeof JournalSyncSchema>;

function journalSyncFromEnv(env: NodeJS.ProcessEnv = process.env): JournalSync {
  const raw = env.LAPWING_JOURNAL_SYNC?.trim().toLowerCase();
  if (raw === undefined || raw === '') return 'full';
  const parsed = JournalSyncSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`LAPWING_JOURNAL_SYNC must be "full" or "normal" (it is "${env.LAPWING_JOURNAL_SYNC}")`);
  return parsed.data;
}

export function openServerDatabase(file: string, sync: JournalSync = journalSyncFromEnv()): SqliteDatabase {
  if (file === ':memory:') throw new Error('the server database must be a file (sessions survive restarts)');
  openDatabase(file, 'sessions', SESSION_MIGRATIONS).close();
  const db = openDatabase(file, 'registry', REGISTRY_MIGRATIONS);
  // Keys stored in plain text by earlier releases become digests (registry migration 3).
  digestStoredKeys(db);
  // WAL with FULL sync: every commit syncs the WAL before a reply acknowledges its steps, so an
  // OS crash, power cut or failing disk cannot take back an acknowledged step; group commit shares
  // one sync among concurrent requests (https://www.sqlite.org/pragma.html#pragma_synchronous).
  db.pragma(sync === 'full' ? 'synchronous = FULL' : 'synchronous = NORMAL');
  // Checkpoint the WAL every ~40 MB rather than every 4 MB: checkpoints are the commits that sync.
  db.pragma('wal_autocheckpoint = 10000');
  // After a checkpoint the WAL is cut back to 64 MiB, so a burst does not keep its size on disk.
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  return db;
}
