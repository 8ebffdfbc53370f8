/**
 * Opening a PostgreSQL database with numbered, hashed migrations: the counterpart of
 * `../database.ts` for SQLite, with the same rule. Applied scripts are hashed; if one was edited
 * after it was applied, or the database knows a migration this release does not, opening refuses.
 *
 * Several servers may start at once on one database: a transaction-scoped advisory lock makes
 * them migrate one after another, so each script runs once.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Migration } from '../database';

export type PostgresPool = pg.Pool;
export type PostgresClient = pg.PoolClient;

export class PostgresMigrationError extends Error {
  override readonly name = 'PostgresMigrationError';
}

/** The database cannot be reached or used; `message` is the one line an operator acts on. */
class PostgresOpenError extends Error {
  override readonly name = 'PostgresOpenError';
}

/** The URL without its password, for messages. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

function hashOf(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/** BIGINT columns (epoch milliseconds, counts) as numbers, as SQLite gives them; all stay below 2^53. */
const NUMBERS = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Runs `work` in one transaction on one pooled connection; rolls back when it throws. */
export async function inTransaction<T>(pool: PostgresPool, work: (client: PostgresClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const value = await work(client);
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Any 64-bit key; the migrations' own, so no session lock can collide with it. */
const MIGRATION_LOCK = 7_135_426_881_002;

interface OpenPostgresOptions {
  /** Connections in the pool (default 10). */
  readonly max?: number;
}

/** A pool on `url`, checked with one query, with every migration set applied in order. */
export async function openPostgres(
  url: string,
  sets: readonly { readonly scope: string; readonly migrations: readonly Migration[] }[],
  options: OpenPostgresOptions = {},
): Promise<PostgresPool> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: NUMBERS });
  // An idle connection that drops (the database restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new PostgresOpenError(
      `${describeUrl(url)}: cannot connect to PostgreSQL (${error instanceof Error ? error.message : String(error)}). Check that it runs and the URL is right.`,
    );
  }
  try {
    for (const set of sets) await migratePostgres(pool, set.scope, set.migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

function checkNumbering(scope: string, migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new PostgresMigrationError(`${scope} migration ${migration.name}: version ${migration.version} should be ${index + 1}`);
    }
  });
}

/** Applies the pending migrations of `scope`, each in its own transaction; refuses edited or unknown ones. */
async function migratePostgres(pool: PostgresPool, scope: string, migrations: readonly Migration[]): Promise<void> {
  checkNumbering(scope, migrations);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      scope TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, version))`);
    const applied = await client.query<{ version: number; name: string; hash: string }>(
      'SELECT version, name, hash FROM schema_migrations WHERE scope = $1 ORDER BY version',
      [scope],
    );
    for (const row of applied.rows) {
      const migration = migrations[row.version - 1];
      if (!migration) {
        throw new PostgresMigrationError(
          `${scope} migration ${row.version} (${row.name}) is applied but unknown to this version of Lapwing; refusing to use a newer database`,
        );
      }
      if (hashOf(migration) !== row.hash) {
        throw new PostgresMigrationError(
          `${scope} migration ${row.version} (${row.name}) was edited after it was applied; refusing to open`,
        );
      }
    }
    // PostgreSQL runs DDL in transactions: every pending script and its record commit together.
    for (const migration of migrations.slice(applied.rows.length)) {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (scope, version, name, hash) VALUES ($1, $2, $3, $4)', [
        scope,
        migration.version,
        migration.name,
        hashOf(migration),
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
