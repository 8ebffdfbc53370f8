/**
 * The regression cases' SQLite store: cases and suites, runs with every case's result, and
 * imported logs. Its own migration scope (`cases`), so it can share the workbench's file.
 */
import { migrate, openDatabase, type SqliteDatabase } from '../database';
import { CasesRepository } from './cases-repository';
import { LogsRepository } from './logs-repository';
import { CASES_MIGRATIONS, CASES_SCOPE } from './migrations';
import { RunsRepository } from './runs-repository';

export { CasesRepository, type StoredCase } from './cases-repository';
export { LogsRepository } from './logs-repository';
export { RunsRepository, type RunDetails } from './runs-repository';

export interface CasesStore {
  readonly db: SqliteDatabase;
  readonly cases: CasesRepository;
  readonly runs: RunsRepository;
  readonly logs: LogsRepository;
  close(): void;
}

interface CasesStoreOptions {
  /** ISO time of writes (tests fix it). */
  readonly now?: () => Date;
}

/** Opens (creating and migrating) the cases store at `file` (`:memory:` in tests). */
export function openCasesStore(file: string, options: CasesStoreOptions = {}): CasesStore {
  const db = openDatabase(file, CASES_SCOPE, CASES_MIGRATIONS);
  return { ...repositoriesOn(db, options), close: () => db.close() };
}

/**
 * The cases store on a connection another store opened (the workbench's: one file, one connection,
 * its own migration scope). `close` leaves the connection to its owner.
 */
export function casesStoreOn(db: SqliteDatabase, options: CasesStoreOptions = {}): CasesStore {
  migrate(db, CASES_SCOPE, CASES_MIGRATIONS);
  return { ...repositoriesOn(db, options), close: () => {} };
}

function repositoriesOn(db: SqliteDatabase, options: CasesStoreOptions): Omit<CasesStore, 'close'> {
  const clock = options.now ?? (() => new Date());
  return {
    db,
    cases: new CasesRepository(db, () => clock().toISOString()),
    runs: new RunsRepository(db, clock),
    logs: new LogsRepository(db, () => clock().toISOString()),
  };
}
