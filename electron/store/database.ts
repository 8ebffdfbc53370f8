/**
 * Opening a SQLite database with numbered, hashed migrations.
 *
 * Each migration set (the registry's, the workbench's) is a list of SQL scripts applied in order
 * inside one transaction each. The hash of every applied script is recorded; if an applied script
 * was edited afterwards, opening refuses instead of leaving the schema in an unknown state.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkDatabaseFile, describeOpenFailure } from './database-file';

export { StoreOpenError } from './database-file';

export type SqliteDatabase = Database.Database;

export interface Migration {
  /** 1, 2, 3… without gaps. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

function hashOf(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/**
 * Opens (creating if needed) the database at `file` (or `:memory:`) and applies pending migrations
 * of the set named `scope`. Several scopes may share one file.
 */
export function openDatabase(file: string, scope: string, migrations: readonly Migration[]): SqliteDatabase {
  checkNumbering(scope, migrations);
  if (file === ':memory:') return prepare(new Database(file), scope, migrations);
  try {
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file)) createAtomically(file, scope, migrations);
    checkDatabaseFile(file);
    return prepare(new Database(file), scope, migrations);
  } catch (error) {
    throw describeOpenFailure(file, error);
  }
}

/**
 * Creates a new database beside `file` and links it into place once it has its schema, so an
 * interrupted creation never leaves an empty file where a database is expected (an empty file
 * there is then always damage). If another process created it meanwhile, that one is kept.
 */
function createAtomically(file: string, scope: string, migrations: readonly Migration[]): void {
  const temporary = `${file}.creating-${process.pid}`;
  rmSync(temporary, { force: true });
  try {
    prepare(new Database(temporary), scope, migrations).close();
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/** Sets the connection's pragmas and applies pending migrations; closes `db` on failure. */
function prepare(db: SqliteDatabase, scope: string, migrations: readonly Migration[]): SqliteDatabase {
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, scope, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function checkNumbering(scope: string, migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new MigrationError(`${scope} migration ${migration.name}: version ${migration.version} should be ${index + 1}`);
    }
  });
}

/**
 * Applies pending migrations of the set named `scope` to a database already open (so several
 * scopes share one connection); refuses as `openDatabase` does. A failure leaves `db` open.
 */
export function migrate(db: SqliteDatabase, scope: string, migrations: readonly Migration[]): void {
  checkNumbering(scope, migrations);
  const file = db.name;
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    scope TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TEXT NOT NULL,
    PRIMARY KEY (scope, version))`);
  const applied = db
    .prepare<[string], { version: number; name: string; hash: string }>(
      'SELECT version, name, hash FROM schema_migrations WHERE scope = ? ORDER BY version',
    )
    .all(scope);
  for (const row of applied) {
    const migration = migrations[row.version - 1];
    if (!migration) {
      throw new MigrationError(
        `${file}: ${scope} migration ${row.version} (${row.name}) is applied but unknown to this version of Lapwing; refusing to open a newer database`,
      );
    }
    if (hashOf(migration) !== row.hash) {
      throw new MigrationError(
        `${file}: ${scope} migration ${row.version} (${row.name}) was edited after it was applied; refusing to open`,
      );
    }
  }
  const record = db.prepare('INSERT INTO schema_migrations (scope, version, name, hash, applied_at) VALUES (?, ?, ?, ?, ?)');
  for (const migration of migrations.slice(applied.length)) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(scope, migration.version, migration.name, hashOf(migration), new Date().toISOString());
    })();
  }
}

/** Copies the database at `source` (opened read-only) into a new file at `target`, consistently. */
export function copyDatabase(source: string, target: string): void {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}
