/**
 * The workbench's migrations (scope `workbench`), applied by `openDatabase`.
 *
 * Never edit an applied migration: `openDatabase` refuses to open a database whose applied scripts
 * changed. Add a new numbered one instead (issue 5 adds test cases and runs as 3, 4…).
 */
import type { Migration } from '../database';

/** The migrations scope recorded in `schema_migrations`. */
export const WORKBENCH_SCOPE = 'workbench';

const environments: Migration = {
  version: 1,
  name: 'environments',
  sql: `
    CREATE TABLE environments (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('local', 'community', 'enterprise', 'custom')),
      -- For kind 'local' the embedded engine's URL changes per run; the stored value is unused.
      base_url TEXT NOT NULL,
      default_map_id TEXT,
      version_policy TEXT NOT NULL CHECK (version_policy IN ('live', 'draft', 'version')),
      version_number INTEGER CHECK ((version_policy = 'version') = (version_number IS NOT NULL AND version_number >= 1)),
      built_in INTEGER NOT NULL DEFAULT 0 CHECK (built_in IN (0, 1)),
      position INTEGER NOT NULL DEFAULT 100,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX environments_name ON environments (name COLLATE NOCASE);
  `,
};

const consultations: Migration = {
  version: 2,
  name: 'consultations',
  sql: `
    CREATE TABLE consultations (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      notes TEXT NOT NULL DEFAULT '',
      -- No foreign key: a saved consultation outlives the environment it ran on.
      environment_id TEXT NOT NULL,
      environment_name TEXT NOT NULL,
      map_id TEXT NOT NULL,
      query TEXT,
      question_count INTEGER NOT NULL,
      results_json TEXT NOT NULL,
      transcript_json TEXT NOT NULL,
      -- Lower-cased title, notes, prompts, facts and results, for text search.
      search_text TEXT NOT NULL,
      started_at TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX consultations_map ON consultations (map_id);
    CREATE INDEX consultations_updated ON consultations (updated_at DESC);

    -- Relationships and subjects a consultation touched (injected, queried, asked, answered, concluded).
    CREATE TABLE consultation_terms (
      consultation_id TEXT NOT NULL REFERENCES consultations (id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('relationship', 'subject')),
      value TEXT NOT NULL COLLATE NOCASE,
      PRIMARY KEY (consultation_id, role, value)
    );
    CREATE INDEX consultation_terms_lookup ON consultation_terms (role, value);
  `,
};

const settings: Migration = {
  version: 3,
  name: 'settings',
  sql: `
    -- Workbench-wide settings as JSON values, one row per setting (e.g. 'nl.provider': URL and model).
    -- Never secrets: keys live in the OS keychain only.
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value_json TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
  `,
};

const mapFolders: Migration = {
  version: 4,
  name: 'map folders',
  sql: `
    -- Folders whose map files the workbench follows (a file's draft follows the file), across restarts.
    CREATE TABLE map_folders (
      id TEXT PRIMARY KEY,
      path TEXT NOT NULL UNIQUE,
      opened_at TEXT NOT NULL
    );
    -- Which registry map each file feeds; the map (and its versions) outlive the file and the folder.
    CREATE TABLE map_folder_files (
      folder_id TEXT NOT NULL REFERENCES map_folders (id) ON DELETE CASCADE,
      file_name TEXT NOT NULL,
      map_id TEXT NOT NULL,
      PRIMARY KEY (folder_id, file_name)
    );
  `,
};

/** In order, without gaps. */
export const WORKBENCH_MIGRATIONS: readonly Migration[] = [environments, consultations, settings, mapFolders];
