/** Opening the server's database: the map registry and the session journals in one file. */
import { openDatabase, type SqliteDatabase } from '../store/database';
import { digestStoredKeys } from './registry/key-digests';
import { REGISTRY_MIGRATIONS } from './registry/migrations';
import { SESSION_MIGRATIONS } from './sessions/migrations';

/**
 * Opens (creating) the database file and applies the `sessions` and `registry` migration sets.
 * A file, not `:memory:`: sessions must survive a restart, and both scopes share the file.
 */
export function openServerDatabase(file: string): SqliteDatabase {
  if (file === ':memory:') throw new Error('the server database must be a file (sessions survive restarts)');
  openDatabase(file, 'sessions', SESSION_MIGRATIONS).close();
  const db = openDatabase(file, 'registry', REGISTRY_MIGRATIONS);
  // Keys stored in plain text by earlier releases become digests (registry migration 3).
  digestStoredKeys(db);
  // WAL with NORMAL sync: each journal step commits without an fsync; a power cut may lose the
  // last steps but never corrupts the file (https://www.sqlite.org/pragma.html#pragma_synchronous).
  db.pragma('synchronous = NORMAL');
  // Checkpoint the WAL every ~40 MB rather than every 4 MB: checkpoints are the commits that sync.
  db.pragma('wal_autocheckpoint = 10000');
  return db;
}
