/** The Decision API server: `createServer`, its options, and the registry the CLI also uses. */
export { createServer, type LapwingServer } from './app';
export { openServerDatabase } from './database';
export { StoreOpenError } from '../store';
export { defaultMapLoader, WORKER_THRESHOLD_CHARS, type MapLoader as ThreadedMapLoader } from './maps-worker/map-loader';
export { serverDatabaseFile } from './options';
export { MapRegistry } from './registry/registry';
export { addLoadedMapTo, addMap, describeDiagnostic } from './registry/add-map';
export { sqliteServerStore } from './storage/sqlite';
export type { RegistryStore } from './storage/types';
export { DRAFT, type MapRecord, type VersionKeys, type VersionSettings, type VersionSelector } from './registry/types';
export type { EnginePort } from './engine-port';
export { installNativeDigest } from './native-digest';
export { SessionStore } from './sessions/store';
export { parseHostList } from './http/host-check';
export { matchesKeyDigest } from './auth';
export { dataFolder, defaultDataFolder, registryFileOf } from './data-folder';
export { adoptEarlierRegistry } from './earlier-registry';
/** What `GET /version` answers; the workbench's embedded engine reports it in-process. */
export { ENGINE_VERSION } from './version';
