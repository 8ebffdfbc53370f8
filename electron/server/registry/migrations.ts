/**
 * Schema of the map registry (scope `registry`). Applied migrations are hashed by
 * `openDatabase`: never edit one after release, add a new one.
 */
import type { Migration } from '../../store';

export const REGISTRY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'maps, sources, versions, settings',
    sql: `
      CREATE TABLE maps (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        draft_source_id INTEGER,
        live_version INTEGER
      );
      -- Every saved source, draft or version: a session keeps pointing at the exact text it started on.
      CREATE TABLE map_sources (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
        source TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE map_versions (
        map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        version_id TEXT NOT NULL UNIQUE,
        source_id INTEGER NOT NULL REFERENCES map_sources(id),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (map_id, number)
      );
      CREATE TRIGGER map_sources_immutable BEFORE UPDATE ON map_sources
        BEGIN SELECT RAISE(ABORT, 'map sources are immutable'); END;
      CREATE TRIGGER map_versions_immutable BEFORE UPDATE ON map_versions
        BEGIN SELECT RAISE(ABORT, 'map versions are immutable'); END;
      -- Per map and version; version 0 is the draft, whose settings a new version copies.
      CREATE TABLE map_settings (
        map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        record_interactions INTEGER NOT NULL DEFAULT 0,
        evidence_secured INTEGER NOT NULL DEFAULT 1,
        interactions_secured INTEGER NOT NULL DEFAULT 1,
        evidence_key TEXT NOT NULL,
        interaction_key TEXT NOT NULL,
        PRIMARY KEY (map_id, version)
      );
    `,
  },
  {
    version: 2,
    name: 'a generation number that every registry change moves',
    sql: `
      -- Lets a server cache what /start reads and notice any change, from any process, with one
      -- read (SQLite's data_version also moves on every session journal write in the same file).
      CREATE TABLE registry_generation (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
      INSERT INTO registry_generation (id, value) VALUES (1, 0);
      CREATE TRIGGER maps_insert_counted AFTER INSERT ON maps BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER maps_update_counted AFTER UPDATE ON maps BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER maps_delete_counted AFTER DELETE ON maps BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_sources_insert_counted AFTER INSERT ON map_sources BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_sources_delete_counted AFTER DELETE ON map_sources BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_versions_insert_counted AFTER INSERT ON map_versions BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_versions_delete_counted AFTER DELETE ON map_versions BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_settings_insert_counted AFTER INSERT ON map_settings BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_settings_update_counted AFTER UPDATE ON map_settings BEGIN UPDATE registry_generation SET value = value + 1; END;
      CREATE TRIGGER map_settings_delete_counted AFTER DELETE ON map_settings BEGIN UPDATE registry_generation SET value = value + 1; END;
    `,
  },
  {
    version: 3,
    name: 'evidence and interaction keys stored only as digests',
    sql: `
      -- Keys are kept as 'sha256:<hex>' digests; nothing may store a key itself from now on. Keys
      -- already stored in plain text are replaced by their digests right after the migrations
      -- (digestStoredKeys in key-digests.ts: SQLite has no SHA-256).
      CREATE TRIGGER map_settings_insert_digests BEFORE INSERT ON map_settings
        WHEN NEW.evidence_key NOT GLOB 'sha256:*' OR NEW.interaction_key NOT GLOB 'sha256:*'
        BEGIN SELECT RAISE(ABORT, 'map keys are stored as digests only'); END;
      CREATE TRIGGER map_settings_update_digests BEFORE UPDATE ON map_settings
        WHEN NEW.evidence_key NOT GLOB 'sha256:*' OR NEW.interaction_key NOT GLOB 'sha256:*'
        BEGIN SELECT RAISE(ABORT, 'map keys are stored as digests only'); END;
    `,
  },
  {
    version: 4,
    name: 'a note on each published version',
    sql: `
      -- What changed, in the publisher's words (lapwing map publish --note, the workbench's Publish).
      ALTER TABLE map_versions ADD COLUMN note TEXT NOT NULL DEFAULT '';
    `,
  },
];
