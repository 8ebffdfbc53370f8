/** SQLite storage: the migrating database opener and the workbench's and cases' repositories. */
export { copyDatabase, openDatabase, StoreOpenError, type Migration, type SqliteDatabase } from './database';
export { casesStoreOn, openCasesStore, type CasesStore, type RunDetails, type StoredCase } from './cases';
export {
  MapFoldersRepository,
  SettingsRepository,
  StoreError,
  describeQuery,
  openWorkbenchStore,
  type ConsultationsRepository,
  type EnvironmentRecord,
  type EnvironmentsRepository,
} from './workbench';
