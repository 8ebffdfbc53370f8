/**
 * The map registry in PostgreSQL: the same rules as `registry/registry.ts` (SQLite), shared by
 * every server on the database. `resolve` and `settings` (read on every /start) are cached while
 * the registry's generation holds; the generation is read on each of those calls (one indexed
 * row), so a change made through any server or the CLI is seen by every server on its next call.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type PostgresClient, type PostgresPool } from '../../../store/postgres';
import {
  DRAFT,
  type MapRecord,
  type PublishedVersion,
  type RegistryResult,
  type ResolvedVersion,
  type SettingsChange,
  type VersionKeys,
  type VersionSelector,
  type VersionSettings,
} from '../../registry/types';
import type { RegistryStore } from '../types';
import {
  freshKeys,
  MAP_COLUMNS,
  mapFromRows,
  mapNotFound,
  resolvedDraft,
  resolvedVersion,
  selectedNumber,
  settingsFromRow,
  versionNotFound,
  type MapRow,
  type SettingsRow,
  type VersionRow,
} from '../../registry/rows';
import { RegistryReadCache, type CachedRead } from '../../registry/read-cache';

interface VersionRowOfMap extends VersionRow {
  map_id: string;
}
type Queryable = PostgresPool | PostgresClient;

const VERSION_COLUMNS = 'map_id, number, version_id, source_id, created_at, note';

export class PostgresRegistry implements RegistryStore {
  private readonly cache = new RegistryReadCache();

  constructor(
    private readonly pool: PostgresPool,
    private readonly clock: () => number = Date.now,
  ) {}

  async createMap(input: { name: string; description?: string; source: string }): Promise<MapRecord & { readonly keys: VersionKeys }> {
    const id = randomUUID();
    const now = this.clock();
    const fresh = freshKeys();
    await inTransaction(this.pool, async (client) => {
      await client.query('INSERT INTO maps (id, name, description, created_at) VALUES ($1, $2, $3, $4)', [
        id,
        input.name,
        input.description ?? '',
        now,
      ]);
      const source = await client.query<{ id: number }>(
        'INSERT INTO map_sources (map_id, source, created_at) VALUES ($1, $2, $3) RETURNING id',
        [id, input.source, now],
      );
      await client.query('UPDATE maps SET draft_source_id = $1 WHERE id = $2', [source.rows[0]?.id, id]);
      await client.query(
        `INSERT INTO map_settings (map_id, version, record_interactions, evidence_secured, interactions_secured, evidence_key, interaction_key)
         VALUES ($1, $2, false, true, true, $3, $4)`,
        [id, DRAFT, fresh.evidence_key, fresh.interaction_key],
      );
    });
    return { ...(await this.requireMap(id)), keys: fresh.keys };
  }

  async updateDraft(mapId: string, source: string): Promise<RegistryResult<MapRecord>> {
    const found = await inTransaction(this.pool, async (client) => {
      const map = await client.query('SELECT id FROM maps WHERE id = $1 FOR UPDATE', [mapId]);
      if (map.rowCount === 0) return false;
      await client.query(
        `WITH source AS (INSERT INTO map_sources (map_id, source, created_at) VALUES ($1, $2, $3) RETURNING id)
         UPDATE maps SET draft_source_id = (SELECT id FROM source) WHERE id = $1`,
        [mapId, source, this.clock()],
      );
      return true;
    });
    return found ? { ok: true, value: await this.requireMap(mapId) } : mapNotFound(mapId);
  }

  async publish(
    mapId: string,
    options: { live?: boolean; keepKeys?: boolean; note?: string } = {},
  ): Promise<RegistryResult<PublishedVersion>> {
    return inTransaction(this.pool, async (client): Promise<RegistryResult<PublishedVersion>> => {
      // The map's row lock orders concurrent publishes of one map: each gets the next number.
      const map = await client.query<{ draft_source_id: number }>('SELECT draft_source_id FROM maps WHERE id = $1 FOR UPDATE', [mapId]);
      const draftSource = map.rows[0]?.draft_source_id;
      if (draftSource === undefined) return mapNotFound(mapId);
      const max = await client.query<{ n: number | null }>('SELECT MAX(number) AS n FROM map_versions WHERE map_id = $1', [mapId]);
      const number = (max.rows[0]?.n ?? 0) + 1;
      const versionId = randomUUID();
      const created = this.clock();
      const note = options.note ?? '';
      await client.query(`INSERT INTO map_versions (${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
        mapId,
        number,
        versionId,
        draftSource,
        created,
        note,
      ]);
      const fresh = options.keepKeys ? undefined : freshKeys();
      await client.query(
        `INSERT INTO map_settings (map_id, version, record_interactions, evidence_secured, interactions_secured, evidence_key, interaction_key)
         SELECT map_id, $2, record_interactions, evidence_secured, interactions_secured,
           COALESCE($3, evidence_key), COALESCE($4, interaction_key)
         FROM map_settings WHERE map_id = $1 AND version = ${DRAFT}`,
        [mapId, number, fresh?.evidence_key ?? null, fresh?.interaction_key ?? null],
      );
      if (options.live) await client.query('UPDATE maps SET live_version = $1 WHERE id = $2', [number, mapId]);
      return { ok: true, value: { number, versionId, created, note, ...(fresh ? { keys: fresh.keys } : {}) } };
    });
  }

  async setLive(mapId: string, number: number | null): Promise<RegistryResult<MapRecord>> {
    const outcome = await inTransaction(this.pool, async (client) => {
      const map = await client.query('SELECT id FROM maps WHERE id = $1 FOR UPDATE', [mapId]);
      if (map.rowCount === 0) return 'no-map';
      if (number !== null) {
        const version = await client.query('SELECT 1 FROM map_versions WHERE map_id = $1 AND number = $2', [mapId, number]);
        if (version.rowCount === 0) return 'no-version';
      }
      await client.query('UPDATE maps SET live_version = $1 WHERE id = $2', [number, mapId]);
      return 'done';
    });
    if (outcome === 'no-map') return mapNotFound(mapId);
    if (outcome === 'no-version') return versionNotFound(mapId, number ?? DRAFT);
    return { ok: true, value: await this.requireMap(mapId) };
  }

  async generation(): Promise<number> {
    const result = await this.pool.query<{ value: number }>('SELECT value FROM registry_generation');
    return result.rows[0]?.value ?? 0;
  }

  async getMap(mapId: string): Promise<MapRecord | undefined> {
    const maps = await this.pool.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = $1`, [mapId]);
    const row = maps.rows[0];
    return row && (await this.toRecords([row], this.pool))[0];
  }

  async listMaps(): Promise<MapRecord[]> {
    const maps = await this.pool.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m ORDER BY m.created_at, m.id`);
    return this.toRecords(maps.rows, this.pool);
  }

  async resolve(mapId: string, selector: VersionSelector): Promise<RegistryResult<ResolvedVersion>> {
    const key = `resolve\u0000${mapId}\u0000${selector.kind === 'number' ? selector.number : selector.kind}`;
    return this.cached(key, () => this.readResolve(mapId, selector));
  }

  private async readResolve(mapId: string, selector: VersionSelector): Promise<RegistryResult<ResolvedVersion>> {
    const maps = await this.pool.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = $1`, [mapId]);
    const map = maps.rows[0];
    if (!map) return mapNotFound(mapId);
    const number = selectedNumber(map, selector);
    if (number === DRAFT) return resolvedDraft(map);
    const versions = await this.pool.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM map_versions WHERE map_id = $1 AND number = $2`, [
      mapId,
      number,
    ]);
    return resolvedVersion(map, number, versions.rows[0]);
  }

  async source(sourceId: number): Promise<string | undefined> {
    const result = await this.pool.query<{ source: string }>('SELECT source FROM map_sources WHERE id = $1', [sourceId]);
    return result.rows[0]?.source;
  }

  async sourceCreated(sourceId: number): Promise<number | undefined> {
    const result = await this.pool.query<{ created_at: number }>('SELECT created_at FROM map_sources WHERE id = $1', [sourceId]);
    return result.rows[0]?.created_at;
  }

  async settings(mapId: string, version: number): Promise<RegistryResult<VersionSettings>> {
    return this.cached(`settings\u0000${mapId}\u0000${version}`, () => this.readSettings(mapId, version));
  }

  private async readSettings(mapId: string, version: number): Promise<RegistryResult<VersionSettings>> {
    const result = await this.pool.query<SettingsRow<boolean> & { known: boolean }>(
      `SELECT s.*, true AS known FROM maps m LEFT JOIN map_settings s ON s.map_id = m.id AND s.version = $2 WHERE m.id = $1`,
      [mapId, version],
    );
    const row = result.rows[0];
    if (!row) return mapNotFound(mapId);
    if (row.map_id === null) return versionNotFound(mapId, version);
    return { ok: true, value: settingsFromRow(row) };
  }

  async updateSettings(
    mapId: string,
    version: number,
    change: SettingsChange,
  ): Promise<RegistryResult<VersionSettings & { readonly keys?: VersionKeys }>> {
    const fresh = change.regenerateKeys ? freshKeys() : undefined;
    const result = await this.pool.query<SettingsRow<boolean>>(
      `UPDATE map_settings SET
         record_interactions = COALESCE($3, record_interactions),
         evidence_secured = COALESCE($4, evidence_secured),
         interactions_secured = COALESCE($5, interactions_secured),
         evidence_key = COALESCE($6, evidence_key),
         interaction_key = COALESCE($7, interaction_key)
       WHERE map_id = $1 AND version = $2 RETURNING *`,
      [
        mapId,
        version,
        change.recordInteractions ?? null,
        change.evidenceSecured ?? null,
        change.interactionsSecured ?? null,
        fresh?.evidence_key ?? null,
        fresh?.interaction_key ?? null,
      ],
    );
    const row = result.rows[0];
    if (!row) {
      const map = await this.pool.query('SELECT 1 FROM maps WHERE id = $1', [mapId]);
      return map.rowCount === 0 ? mapNotFound(mapId) : versionNotFound(mapId, version);
    }
    const next = settingsFromRow(row);
    return { ok: true, value: fresh ? { ...next, keys: fresh.keys } : next };
  }

  /** A cached read, dropped whenever the generation moved (a change by any server or the CLI). */
  private async cached<T extends CachedRead>(key: string, read: () => Promise<T>): Promise<T> {
    const generation = await this.generation();
    const known = this.cache.known<T>(key, generation);
    if (known) return known;
    const value = await read();
    // Kept only if no change landed while it was read (a newer generation clears the cache anyway).
    this.cache.keep(key, generation, value);
    return value;
  }

  private async requireMap(mapId: string): Promise<MapRecord> {
    const record = await this.getMap(mapId);
    if (!record) throw new Error(`map ${mapId} vanished right after it was written`);
    return record;
  }

  private async toRecords(rows: readonly MapRow[], db: Queryable): Promise<MapRecord[]> {
    if (rows.length === 0) return [];
    const versions = await db.query<VersionRowOfMap>(
      `SELECT ${VERSION_COLUMNS} FROM map_versions WHERE map_id = ANY($1) ORDER BY map_id, number`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) =>
      mapFromRows(
        row,
        versions.rows.filter((version) => version.map_id === row.id),
      ),
    );
  }
}
