/**
 * The regression cases' migrations (scope `cases`), applied by `openDatabase` on the workbench's
 * database file or a CLI history file. Never edit an applied migration: add a numbered one.
 */
import type { Migration } from '../database';

/** The migrations scope recorded in `schema_migrations`. */
export const CASES_SCOPE = 'cases';

const cases: Migration = {
  version: 1,
  name: 'cases, suites, runs, results, imported logs, settings',
  sql: `
    CREATE TABLE case_suites (
      name TEXT PRIMARY KEY COLLATE NOCASE,
      description TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL
    );

    -- One row per case; document is its stable JSON (what an export writes).
    CREATE TABLE cases (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      suite TEXT COLLATE NOCASE,
      map_id TEXT NOT NULL,
      tags_json TEXT NOT NULL,
      document TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX cases_suite ON cases (suite);
    CREATE INDEX cases_map ON cases (map_id);

    -- A run on one target (kind 'run') or a comparison of two (kind 'compare').
    CREATE TABLE case_runs (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('run', 'compare')),
      label TEXT NOT NULL,
      suite TEXT,
      started_at TEXT NOT NULL,
      duration_ms REAL NOT NULL,
      passed INTEGER NOT NULL,
      failed INTEGER NOT NULL,
      errors INTEGER NOT NULL,
      cancelled INTEGER NOT NULL,
      -- Comparisons: the impact summary.
      summary_json TEXT
    );
    CREATE INDEX case_runs_started ON case_runs (started_at DESC);

    -- Each case's outcome in a run; side 'b' only in comparisons. No foreign key to cases:
    -- history outlives an edited or deleted case.
    CREATE TABLE case_results (
      run_id TEXT NOT NULL REFERENCES case_runs (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('a', 'b')),
      case_id TEXT,
      case_name TEXT NOT NULL,
      target TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('passed', 'failed', 'error', 'cancelled')),
      duration_ms REAL NOT NULL,
      observation_json TEXT NOT NULL,
      verdict_json TEXT NOT NULL,
      nondeterminism_json TEXT,
      PRIMARY KEY (run_id, position, side)
    );
    CREATE INDEX case_results_case ON case_results (case_id);

    CREATE TABLE case_comparisons (
      run_id TEXT NOT NULL REFERENCES case_runs (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      case_id TEXT,
      case_name TEXT NOT NULL,
      change TEXT NOT NULL CHECK (change IN ('unchanged', 'changed', 'improved', 'regressed')),
      comparison_json TEXT NOT NULL,
      PRIMARY KEY (run_id, position)
    );

    -- Interaction logs and evidence imported from a deployment, for offline review.
    CREATE TABLE imported_logs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      file_name TEXT NOT NULL,
      format TEXT NOT NULL CHECK (format IN ('json', 'csv')),
      session_id TEXT,
      entry_count INTEGER NOT NULL,
      entries_json TEXT NOT NULL,
      evidence_json TEXT NOT NULL DEFAULT '{}',
      notes_json TEXT NOT NULL DEFAULT '[]',
      imported_at TEXT NOT NULL
    );

    CREATE TABLE case_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `,
};

/** In order, without gaps. */
export const CASES_MIGRATIONS: readonly Migration[] = [cases];
