/**
 * The SQLite implementation of the server's storage: the map registry and the session store of
 * one data folder's `server.sqlite`, behind the asynchronous interface. Calls run synchronously
 * (better-sqlite3) and return settled promises, so a group commit still happens in the turn that
 * asks for it. One host only: `shared` is false and leases are free.
 */
import type { SqliteDatabase } from '../../store';
import type { JournalEntry } from '../../engine';
import { MapRegistry } from '../registry/registry';
import type { SessionRecord } from '../sessions/store';
import { SessionStore } from '../sessions/store';
import type { JournalSize } from '../sessions/journal-size';
import type { JournalStore, RegistryStore, ServerStore, SessionLease, StoredStep } from './types';

const FREE_LEASE: SessionLease = { release: () => Promise.resolve() };

/** The registry's calls as promises; `MapRegistry` stays the synchronous API of the CLI and workbench. */
class SqliteRegistryStore implements RegistryStore {
  constructor(readonly registry: MapRegistry) {}
  async createMap(input: { name: string; description?: string; source: string }) {
    return this.registry.createMap(input);
  }
  async updateDraft(mapId: string, source: string) {
    return this.registry.updateDraft(mapId, source);
  }
  async publish(mapId: string, options?: { live?: boolean; keepKeys?: boolean; note?: string }) {
    return this.registry.publish(mapId, options);
  }
  async setLive(mapId: string, number: number | null) {
    return this.registry.setLive(mapId, number);
  }
  async generation() {
    return this.registry.generation();
  }
  async getMap(mapId: string) {
    return this.registry.getMap(mapId);
  }
  async listMaps() {
    return this.registry.listMaps();
  }
  async resolve(...args: Parameters<MapRegistry['resolve']>) {
    return this.registry.resolve(...args);
  }
  async source(sourceId: number) {
    return this.registry.source(sourceId);
  }
  async sourceCreated(sourceId: number) {
    return this.registry.sourceCreated(sourceId);
  }
  async settings(mapId: string, version: number) {
    return this.registry.settings(mapId, version);
  }
  async updateSettings(...args: Parameters<MapRegistry['updateSettings']>) {
    return this.registry.updateSettings(...args);
  }
}

/** Session journals in SQLite. Fact owners stay in the server's memory (one host: nobody else asks). */
class SqliteJournalStore implements JournalStore {
  readonly shared = false;
  constructor(readonly store: SessionStore) {}
  async write(sessions: readonly SessionRecord[], steps: readonly StoredStep[]): Promise<void> {
    this.store.write(sessions, steps);
  }
  async get(id: string): Promise<SessionRecord | undefined> {
    return this.store.get(id);
  }
  async journal(id: string): Promise<JournalEntry[]> {
    return this.store.journal(id);
  }
  async journalLength(id: string): Promise<number> {
    return this.store.journalLength(id);
  }
  async contextLength(mapId: string, contextId: string): Promise<number> {
    return this.store.contextLength(mapId, contextId);
  }
  async idsInContext(mapId: string, contextId: string): Promise<string[]> {
    return this.store.idsInContext(mapId, contextId);
  }
  async factOwner(): Promise<string | undefined> {
    return undefined;
  }
  async lease(): Promise<SessionLease> {
    return FREE_LEASE;
  }
  async purgeIdleSince(cutoff: number): Promise<number> {
    return this.store.purgeIdleSince(cutoff);
  }
  async size(): Promise<JournalSize> {
    return this.store.size();
  }
  async alarm(size: JournalSize, alarmBytes: number, retentionMs: number): Promise<string | undefined> {
    return this.store.alarm(size, alarmBytes, retentionMs);
  }
}

/** The server's storage on an open SQLite database (closed by whoever opened it). */
export function sqliteServerStore(
  db: SqliteDatabase,
  clock: () => number = Date.now,
  close: () => void = () => {},
): ServerStore & {
  readonly registry: SqliteRegistryStore;
} {
  return {
    kind: 'sqlite',
    registry: new SqliteRegistryStore(new MapRegistry(db, clock)),
    journal: new SqliteJournalStore(new SessionStore(db)),
    close: async () => close(),
  };
}
