/**
 * One suite for the server's storage, run against both implementations: SQLite (a file in a
 * temporary folder) and PostgreSQL (a private cluster started for this file; the PostgreSQL half
 * is skipped, saying why, when PostgreSQL is not installed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../engine';
import { PostgresMigrationError } from '../../store/postgres';
import { matchesKeyDigest } from '../auth';
import { openServerDatabase } from '../database';
import { DRAFT } from '../registry/types';
import { SessionDamagedError } from '../sessions/damaged';
import type { SessionRecord } from '../sessions/store';
import { startPostgres, type PostgresCluster } from '../test-support/postgres';
import { openPostgresStore, POSTGRES_REGISTRY_MIGRATIONS } from './postgres';
import { REGISTRY_MIGRATIONS } from '../registry/migrations';
import { sqliteServerStore } from './sqlite';
import type { ServerStore } from './types';

/** What the suite needs of a backend besides the interface: fresh stores on one database, and raw writes. */
interface Backend {
  readonly name: 'sqlite' | 'postgres';
  /** A new empty database; `open` gives another store (another "server") on it each call. */
  fresh(): Promise<{ open(): Promise<ServerStore>; raw(sql: string, params: unknown[]): Promise<void>; reopenEdited(): Promise<unknown> }>;
}

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const sqlite: Backend = {
  name: 'sqlite',
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'lapwing-storage-'));
    dirs.push(dir);
    const file = join(dir, 'server.sqlite');
    return {
      open: async () => {
        const db = openServerDatabase(file);
        return sqliteServerStore(db, Date.now, () => db.close());
      },
      raw: async (sql, params) => {
        const db = openServerDatabase(file);
        db.prepare(sql.replace(/\$\d+/g, '?')).run(...params);
        db.close();
      },
      reopenEdited: async () => {
        const { openDatabase } = await import('../../store');
        const edited = REGISTRY_MIGRATIONS.map((migration, index) =>
          index === 0 ? { ...migration, sql: `${migration.sql} ` } : migration,
        );
        return openDatabase(file, 'registry', edited);
      },
    };
  },
};

let cluster: PostgresCluster | undefined;
const started = await startPostgres();
if ('unavailable' in started) console.warn(`PostgreSQL storage tests skipped: ${started.unavailable}`);
else cluster = started;
afterAll(() => cluster?.stop());

const postgres: Backend = {
  name: 'postgres',
  async fresh() {
    if (!cluster) throw new Error('no PostgreSQL');
    const url = await cluster.createDatabase();
    const stores: ServerStore[] = [];
    return {
      open: async () => {
        const store = await openPostgresStore(url, { poolSize: 4 });
        stores.push(store);
        return store;
      },
      raw: async (sql, params) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(sql, params);
        } finally {
          await client.end();
        }
      },
      reopenEdited: async () => {
        const { openPostgres } = await import('../../store/postgres');
        const edited = POSTGRES_REGISTRY_MIGRATIONS.map((migration, index) =>
          index === 0 ? { ...migration, sql: `${migration.sql} ` } : migration,
        );
        return openPostgres(url, [{ scope: 'registry', migrations: edited }]);
      },
    };
  },
};

const RBLANG = 'concept Person\n';

function session(id: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    mapId: 'map-1',
    version: DRAFT,
    versionId: 'map-1',
    sourceId: 1,
    useDraft: true,
    recordInteractions: false,
    startedAt: 1000,
    lastActivity: 1000,
    ...overrides,
  };
}

function step(at: number, relationship = 'pays with'): JournalEntry {
  return { kind: 'query', at, query: { subject: 'Ana', relationship } } as unknown as JournalEntry;
}

describe.each([
  { backend: sqlite, available: true },
  { backend: postgres, available: cluster !== undefined },
])('server storage on $backend.name', ({ backend, available }) => {
  let opened: Awaited<ReturnType<Backend['fresh']>>;
  let store: ServerStore;
  beforeAll(async () => {
    if (!available) return;
    opened = await backend.fresh();
    store = await opened.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  describe.skipIf(!available)('registry', () => {
    it('adds a map with a draft, and shows its keys once while storing only digests', async () => {
      const added = await store.registry.createMap({ name: 'Travel', description: 'money', source: RBLANG });
      expect(added).toMatchObject({ name: 'Travel', description: 'money', liveVersion: null, versions: [] });
      const settings = await store.registry.settings(added.id, DRAFT);
      expect(settings.ok && settings.value).toMatchObject({ evidenceSecured: true, interactionsSecured: true, recordInteractions: false });
      if (!settings.ok) return;
      expect(settings.value.evidenceKeyDigest).toMatch(/^sha256:/);
      expect(matchesKeyDigest(added.keys.evidenceKey, settings.value.evidenceKeyDigest)).toBe(true);
      const resolved = await store.registry.resolve(added.id, { kind: 'default' });
      expect(resolved.ok && resolved.value).toMatchObject({ number: DRAFT, status: 'Draft', versionId: added.id });
      if (resolved.ok) expect(await store.registry.source(resolved.value.sourceId)).toBe(RBLANG);
    });

    it("publishes numbered versions with their own keys (or the draft's), live or not, with a note", async () => {
      const map = await store.registry.createMap({ name: 'Versions', source: RBLANG });
      const first = await store.registry.publish(map.id, { live: true, note: 'first' });
      expect(first.ok && first.value).toMatchObject({ number: 1, note: 'first', keys: expect.any(Object) });
      await store.registry.updateDraft(map.id, `${RBLANG}concept Place\n`);
      const second = await store.registry.publish(map.id, { keepKeys: true });
      expect(second.ok && second.value.number).toBe(2);
      expect(second.ok && second.value.keys).toBeUndefined();
      const live = await store.registry.resolve(map.id, { kind: 'default' });
      expect(live.ok && live.value).toMatchObject({ number: 1, status: 'Version1' });
      if (live.ok) expect(await store.registry.source(live.value.sourceId)).toBe(RBLANG);
      const draft = await store.registry.resolve(map.id, { kind: 'draft' });
      if (draft.ok) expect(await store.registry.source(draft.value.sourceId)).toContain('Place');
      const draftSettings = await store.registry.settings(map.id, DRAFT);
      const kept = await store.registry.settings(map.id, 2);
      expect(kept.ok && draftSettings.ok && kept.value.evidenceKeyDigest === draftSettings.value.evidenceKeyDigest).toBe(true);
      const record = await store.registry.getMap(map.id);
      expect(record?.versions.map((version) => [version.number, version.note])).toEqual([
        [1, 'first'],
        [2, ''],
      ]);
      expect((await store.registry.setLive(map.id, null)).ok).toBe(true);
      const fallback = await store.registry.resolve(map.id, { kind: 'default' });
      expect(fallback.ok && fallback.value.number).toBe(DRAFT);
    });

    it('answers unknown maps and versions with their kind of failure', async () => {
      const map = await store.registry.createMap({ name: 'Known', source: RBLANG });
      expect(await store.registry.resolve('no-such-map', { kind: 'default' })).toMatchObject({
        ok: false,
        error: { kind: 'map-not-found' },
      });
      expect(await store.registry.resolve(map.id, { kind: 'number', number: 9 })).toMatchObject({
        ok: false,
        error: { kind: 'version-not-found' },
      });
      expect(await store.registry.settings(map.id, 9)).toMatchObject({ ok: false, error: { kind: 'version-not-found' } });
      expect(await store.registry.settings('no-such-map', 0)).toMatchObject({ ok: false, error: { kind: 'map-not-found' } });
      expect(await store.registry.setLive(map.id, 4)).toMatchObject({ ok: false, error: { kind: 'version-not-found' } });
      expect(await store.registry.publish('no-such-map')).toMatchObject({ ok: false, error: { kind: 'map-not-found' } });
      expect(await store.registry.getMap('no-such-map')).toBeUndefined();
    });

    it('changes settings, renews keys, and every store on the database sees it at once', async () => {
      const other = await opened.open();
      try {
        const map = await store.registry.createMap({ name: 'Shared', source: RBLANG });
        // The other "server" reads (and caches) the settings first.
        const before = await other.registry.settings(map.id, DRAFT);
        expect(before.ok && before.value.recordInteractions).toBe(false);
        const generation = await other.registry.generation();
        const changed = await store.registry.updateSettings(map.id, DRAFT, { recordInteractions: true, regenerateKeys: true });
        expect(changed.ok && changed.value.keys).toBeDefined();
        expect(await other.registry.generation()).toBeGreaterThan(generation);
        const after = await other.registry.settings(map.id, DRAFT);
        expect(after.ok && after.value.recordInteractions).toBe(true);
        if (changed.ok && changed.value.keys && after.ok)
          expect(matchesKeyDigest(changed.value.keys.evidenceKey, after.value.evidenceKeyDigest)).toBe(true);
        await store.registry.publish(map.id, { live: true });
        const live = await other.registry.resolve(map.id, { kind: 'default' });
        expect(live.ok && live.value.number).toBe(1);
        expect((await other.registry.listMaps()).some((record) => record.id === map.id)).toBe(true);
      } finally {
        await other.close();
      }
    });

    it('refuses to open over an edited migration, keeping what is stored', async () => {
      const map = await store.registry.createMap({ name: 'Precious', source: RBLANG });
      await expect(opened.reopenEdited()).rejects.toThrow(/registry migration 1 .* was edited after it was applied; refusing to open/);
      if (backend.name === 'postgres') await expect(opened.reopenEdited()).rejects.toBeInstanceOf(PostgresMigrationError);
      const again = await opened.open();
      expect((await again.registry.getMap(map.id))?.name).toBe('Precious');
      await again.close();
    });
  });

  describe.skipIf(!available)('sessions and journals', () => {
    it('stores sessions and steps atomically, and reads them back in order', async () => {
      await store.journal.write(
        [session('s-1', { contextId: 'ctx' })],
        [
          { id: 's-1', seq: 0, entry: step(1000) },
          { id: 's-1', seq: 1, entry: step(2000, 'is visiting') },
        ],
      );
      expect(await store.journal.get('s-1')).toEqual(session('s-1', { contextId: 'ctx', lastActivity: expect.any(Number) }));
      expect(await store.journal.journal('s-1')).toEqual([step(1000), step(2000, 'is visiting')]);
      expect(await store.journal.journalLength('s-1')).toBe(2);
      expect(await store.journal.get('unknown')).toBeUndefined();
      expect(await store.journal.journal('unknown')).toEqual([]);
    });

    it('stores nothing of a group commit in which one write fails', async () => {
      await store.journal.write([session('s-2')], [{ id: 's-2', seq: 0, entry: step(1000) }]);
      // Step 0 of s-2 exists: the whole commit (a new session and two steps) must be refused.
      await expect(
        store.journal.write(
          [session('s-3')],
          [
            { id: 's-3', seq: 0, entry: step(1000) },
            { id: 's-2', seq: 0, entry: step(1500) },
          ],
        ),
      ).rejects.toThrow();
      expect(await store.journal.get('s-3')).toBeUndefined();
      expect(await store.journal.journalLength('s-2')).toBe(1);
    });

    it("lists a context's sessions oldest first, and its length moves with any of them", async () => {
      await store.journal.write(
        [session('c-2', { contextId: 'shared', startedAt: 2000 }), session('c-1', { contextId: 'shared', startedAt: 1000 })],
        [],
      );
      expect(await store.journal.idsInContext('map-1', 'shared')).toEqual(['c-1', 'c-2']);
      const before = await store.journal.contextLength('map-1', 'shared');
      expect(before).toBe(2);
      await store.journal.write([], [{ id: 'c-2', seq: 0, entry: step(3000) }]);
      expect(await store.journal.contextLength('map-1', 'shared')).toBe(3);
    });

    it('names the session and step of a damaged journal', async () => {
      await store.journal.write([session('d-1')], [{ id: 'd-1', seq: 0, entry: step(1000) }]);
      await opened.raw('INSERT INTO session_journal (session_id, seq, entry) VALUES ($1, $2, $3)', ['d-1', 1, '{"kind":"query"']);
      await expect(store.journal.journal('d-1')).rejects.toThrow(SessionDamagedError);
      await expect(store.journal.journal('d-1')).rejects.toThrow(/step 1 is not valid JSON/);
    });

    it('purges sessions idle since before the cutoff, with their journals', async () => {
      await store.journal.write(
        [session('old', { lastActivity: 10 }), session('new', { lastActivity: 10_000_000 })],
        [{ id: 'old', seq: 0, entry: step(10) }],
      );
      expect(await store.journal.purgeIdleSince(100)).toBeGreaterThanOrEqual(1);
      expect(await store.journal.get('old')).toBeUndefined();
      expect(await store.journal.journal('old')).toEqual([]);
      expect(await store.journal.get('new')).toBeDefined();
      const size = await store.journal.size();
      expect(size.usedBytes).toBeGreaterThan(0);
      expect(await store.journal.alarm(size, size.usedBytes + 1, 7 * 86_400_000)).toBeUndefined();
      expect(await store.journal.alarm(size, 1, 7 * 86_400_000)).toMatch(/over the alarm at 0 MB; journals are kept 7 days/);
    });

    it('keeps result-fact owners and leases sessions when the store is shared', async () => {
      if (!store.journal.shared) {
        // One host: fact owners live in the server's memory and leases are free.
        expect(await store.journal.factOwner('fact')).toBeUndefined();
        await (await store.journal.lease('any')).release();
        return;
      }
      await store.journal.write(
        [session('f-1'), session('f-2')],
        [],
        [
          { id: 'f-1', factIDs: ['fact-a', 'fact-b'] },
          { id: 'f-2', factIDs: ['fact-b'] },
        ],
      );
      expect(await store.journal.factOwner('fact-a')).toBe('f-1');
      expect(await store.journal.factOwner('fact-b')).toBe('f-2');
      await store.journal.write([], [{ id: 'f-1', seq: 0, entry: step(1000) }]);
      const counted = await store.journal.lease('f-1', 'f-1');
      expect(counted.journalLength).toBe(1);
      await counted.release();
      // Two servers: the second waits for the first's lease.
      const other = await opened.open();
      try {
        const held = await store.journal.lease('f-1');
        const order: string[] = [];
        const waiting = other.journal.lease('f-1').then((lease) => {
          order.push('second holds');
          return lease;
        });
        const elsewhere = await other.journal.lease('f-2');
        await elsewhere.release();
        order.push('first releases');
        await held.release();
        await (await waiting).release();
        expect(order).toEqual(['first releases', 'second holds']);
      } finally {
        await other.close();
      }
    });
  });
});
