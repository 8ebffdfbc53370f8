/**
 * The server's schema in PostgreSQL (scopes `registry` and `sessions`, as in SQLite). Applied
 * migrations are hashed by `openPostgres`: never edit one after release, add a new one.
 * Times are epoch milliseconds (BIGINT), as in SQLite, so both stores answer the same numbers.
 */
import type { Migration } from '../../../store';

export const POSTGRES_REGISTRY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'maps, sources, versions, settings, and a generation every change moves',
    sql: `
      CREATE TABLE maps (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL,
        draft_source_id BIGINT,
        live_version INTEGER
      );
      -- Every saved source, draft or version: a session keeps pointing at the exact text it started on.
      CREATE TABLE map_sources (
        id BIGSERIAL PRIMARY KEY,
        map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
        source TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE map_versions (
        map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        version_id TEXT NOT NULL UNIQUE,
        source_id BIGINT NOT NULL REFERENCES map_sources(id),
        created_at BIGINT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (map_id, number)
      );
      -- Per map and version; version 0 is the draft, whose settings a new version copies.
      -- Keys are stored only as 'sha256:<hex>' digests.
      CREATE TABLE map_settings (
        map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        record_interactions BOOLEAN NOT NULL DEFAULT false,
        evidence_secured BOOLEAN NOT NULL DEFAULT true,
        interactions_secured BOOLEAN NOT NULL DEFAULT true,
        evidence_key TEXT NOT NULL CHECK (evidence_key LIKE 'sha256:%'),
        interaction_key TEXT NOT NULL CHECK (interaction_key LIKE 'sha256:%'),
        PRIMARY KEY (map_id, version)
      );
      CREATE FUNCTION lapwing_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME; END $$;
      CREATE TRIGGER map_sources_immutable BEFORE UPDATE ON map_sources FOR EACH ROW EXECUTE FUNCTION lapwing_immutable();
      CREATE TRIGGER map_versions_immutable BEFORE UPDATE ON map_versions FOR EACH ROW EXECUTE FUNCTION lapwing_immutable();
      -- Every server caches what /start reads and checks this one row per read: any change by
      -- any server (or CLI) moves it inside the changing transaction.
      CREATE TABLE registry_generation (id INTEGER PRIMARY KEY CHECK (id = 1), value BIGINT NOT NULL);
      INSERT INTO registry_generation (id, value) VALUES (1, 0);
      CREATE FUNCTION lapwing_registry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE registry_generation SET value = value + 1; RETURN NULL; END $$;
      CREATE TRIGGER maps_counted AFTER INSERT OR UPDATE OR DELETE ON maps FOR EACH STATEMENT EXECUTE FUNCTION lapwing_registry_changed();
      CREATE TRIGGER map_sources_counted AFTER INSERT OR DELETE ON map_sources FOR EACH STATEMENT EXECUTE FUNCTION lapwing_registry_changed();
      CREATE TRIGGER map_versions_counted AFTER INSERT OR DELETE ON map_versions FOR EACH STATEMENT EXECUTE FUNCTION lapwing_registry_changed();
      CREATE TRIGGER map_settings_counted AFTER INSERT OR UPDATE OR DELETE ON map_settings FOR EACH STATEMENT EXECUTE FUNCTION lapwing_registry_changed();
    `,
  },
];

export const POSTGRES_SESSION_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'sessions, their journals, and the owners of result facts',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        map_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        version_id TEXT NOT NULL,
        source_id BIGINT NOT NULL,
        use_draft BOOLEAN NOT NULL,
        record_interactions BOOLEAN NOT NULL,
        context_id TEXT,
        started_at BIGINT NOT NULL,
        last_activity BIGINT NOT NULL
      );
      CREATE INDEX sessions_by_activity ON sessions (last_activity);
      CREATE INDEX sessions_by_context ON sessions (map_id, context_id, started_at) WHERE context_id IS NOT NULL;
      -- One row per step, in order: replaying them rebuilds the session exactly. The primary key
      -- is also what makes a fork impossible: two servers cannot both store step N of a session.
      CREATE TABLE session_journal (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      );
      -- Which session last returned a result fact: /analysis/evidence/{factID} without a session,
      -- answered by any server.
      CREATE TABLE session_facts (
        fact_id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE
      );
      CREATE INDEX session_facts_by_session ON session_facts (session_id);
    `,
  },
];
