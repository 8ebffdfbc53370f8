/** The workbench's SQLite store: environments, saved consultations, settings and followed map folders. */
import { openDatabase, type SqliteDatabase } from '../database';
import { ConsultationsRepository } from './consultations-repository';
import { EnvironmentsRepository } from './environments-repository';
import { MapFoldersRepository } from './map-folders-repository';
import { SettingsRepository } from './settings-repository';
import { WORKBENCH_MIGRATIONS, WORKBENCH_SCOPE } from './migrations';

export { ConsultationsRepository } from './consultations-repository';
export { EnvironmentsRepository, type EnvironmentRecord } from './environments-repository';
export { MapFoldersRepository } from './map-folders-repository';
export { StoreError } from './errors';
export { SettingsRepository } from './settings-repository';
export { describeQuery } from './transcript-index';

/** The open store: its repositories, and `close` for shutdown. */
export interface WorkbenchStore {
  readonly db: SqliteDatabase;
  readonly environments: EnvironmentsRepository;
  readonly consultations: ConsultationsRepository;
  readonly settings: SettingsRepository;
  readonly mapFolders: MapFoldersRepository;
  close(): void;
}

/** Opens (creating and migrating) the workbench database at `file`. */
export function openWorkbenchStore(file: string, options: { now?: () => string } = {}): WorkbenchStore {
  const db = openDatabase(file, WORKBENCH_SCOPE, WORKBENCH_MIGRATIONS);
  return {
    db,
    environments: new EnvironmentsRepository(db, options.now),
    consultations: new ConsultationsRepository(db, options.now),
    settings: new SettingsRepository(db, options.now),
    mapFolders: new MapFoldersRepository(db, options.now),
    close: () => db.close(),
  };
}
