/**
 * Schema of the session journals (scope `sessions`). Applied migrations are hashed by
 * `openDatabase`: never edit one after release, add a new one.
 */
import type { Migration } from '../../store';

export const SESSION_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'sessions and their journals',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        map_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        version_id TEXT NOT NULL,
        source_id INTEGER NOT NULL,
        use_draft INTEGER NOT NULL,
        record_interactions INTEGER NOT NULL,
        context_id TEXT,
        started_at INTEGER NOT NULL,
        last_activity INTEGER NOT NULL
      );
      CREATE INDEX sessions_by_activity ON sessions (last_activity);
      -- One row per step, in order: replaying them rebuilds the session exactly.
      CREATE TABLE session_journal (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      ) WITHOUT ROWID;
    `,
  },
];
