/**
 * The server's storage, as one interface with two implementations: SQLite (`sqlite.ts`: one
 * host, the default, and the workbench's store) and PostgreSQL (`postgres/`: any number of
 * `lapwing serve` instances sharing one database). The same suite (`storage.test.ts`) runs
 * against both. Everything is asynchronous, since PostgreSQL is across a network; the SQLite
 * implementation does its work synchronously when called and returns settled promises.
 */
import type { JournalEntry } from '../../engine';
import type {
  MapRecord,
  PublishedVersion,
  RegistryResult,
  ResolvedVersion,
  SettingsChange,
  VersionKeys,
  VersionSelector,
  VersionSettings,
} from '../registry/types';
import type { JournalSize } from '../sessions/journal-size';
import type { SessionRecord } from '../sessions/store';

/** The map registry (see `registry/registry.ts` for the rules each call keeps). */
export interface RegistryStore {
  createMap(input: { name: string; description?: string; source: string }): Promise<MapRecord & { readonly keys: VersionKeys }>;
  updateDraft(mapId: string, source: string): Promise<RegistryResult<MapRecord>>;
  publish(mapId: string, options?: { live?: boolean; keepKeys?: boolean; note?: string }): Promise<RegistryResult<PublishedVersion>>;
  setLive(mapId: string, number: number | null): Promise<RegistryResult<MapRecord>>;
  /** A number that moves on every registry change made by anyone sharing the store. */
  generation(): Promise<number>;
  getMap(mapId: string): Promise<MapRecord | undefined>;
  listMaps(): Promise<MapRecord[]>;
  resolve(mapId: string, selector: VersionSelector): Promise<RegistryResult<ResolvedVersion>>;
  source(sourceId: number): Promise<string | undefined>;
  sourceCreated(sourceId: number): Promise<number | undefined>;
  settings(mapId: string, version: number): Promise<RegistryResult<VersionSettings>>;
  updateSettings(
    mapId: string,
    version: number,
    change: SettingsChange,
  ): Promise<RegistryResult<VersionSettings & { readonly keys?: VersionKeys }>>;
}

export interface StoredStep {
  readonly id: string;
  readonly seq: number;
  readonly entry: JournalEntry;
}

/** Which session returned these result facts (for `/analysis/evidence/{factID}` without a session). */
export interface FactOwners {
  readonly id: string;
  readonly factIDs: readonly string[];
}

/** Held while one server advances a session (or a shared context); others wait for it. */
export interface SessionLease {
  /** With `lease(key, journalOf)`: that session's stored steps, read once the lease is held. */
  readonly journalLength?: number;
  release(): Promise<void>;
}

/** Sessions and their journals. */
export interface JournalStore {
  /**
   * True when other servers share this store: the session manager then leases a session for each
   * call and checks that its journal did not move on elsewhere before using what it holds.
   */
  readonly shared: boolean;
  /** New sessions, then steps, then fact owners, atomically (one group commit). */
  write(sessions: readonly SessionRecord[], steps: readonly StoredStep[], facts?: readonly FactOwners[]): Promise<void>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** The session's steps in order; rejects with `SessionDamagedError` for a damaged or missing step. */
  journal(id: string): Promise<JournalEntry[]>;
  /** Steps stored for a session. */
  journalLength(id: string): Promise<number>;
  /** Sessions and steps stored for a shared context: moves whenever any of its sessions does. */
  contextLength(mapId: string, contextId: string): Promise<number>;
  /** The sessions started on a map with a context ID, oldest first. */
  idsInContext(mapId: string, contextId: string): Promise<string[]>;
  /** The session that last returned this result fact, if the store keeps fact owners. */
  factOwner(factID: string): Promise<string | undefined>;
  /**
   * Waits until no other server holds `key` (a session ID or a context key), then holds it; with
   * `journalOf`, also reads that session's journal length under the lease, in the same round trip.
   */
  lease(key: string, journalOf?: string): Promise<SessionLease>;
  /** Deletes sessions (with journals) idle since before `cutoff`; returns how many. */
  purgeIdleSince(cutoff: number): Promise<number>;
  size(): Promise<JournalSize>;
  /** The warning when the store is over `alarmBytes`, else undefined. */
  alarm(size: JournalSize, alarmBytes: number, retentionMs: number): Promise<string | undefined>;
}

export interface ServerStore {
  /** `sqlite` or `postgres`, for messages and the benchmark. */
  readonly kind: 'sqlite' | 'postgres';
  readonly registry: RegistryStore;
  readonly journal: JournalStore;
  close(): Promise<void>;
}
