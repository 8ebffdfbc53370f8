/**
 * The map registry: maps with a draft, immutable numbered versions, the live version, and
 * per-version settings (interaction recording, evidence and interaction security and keys).
 *
 * Pure storage: it never loads or checks RBLang (see `add-map.ts`). Multi-statement writes run
 * in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../../store';
import {
  DRAFT,
  type MapRecord,
  type PublishedVersion,
  type VersionKeys,
  type RegistryResult,
  type ResolvedVersion,
  type SettingsChange,
  type VersionSelector,
  type VersionSettings,
} from './types';
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
} from './rows';
import { RegistryReadCache, type CachedRead } from './read-cache';

export class MapRegistry {
  private readonly statements;
  /** `resolve` and `settings` answers (read on every /start), valid while the generation holds. */
  private readonly cache = new RegistryReadCache();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: () => number = Date.now,
  ) {
    this.statements = {
      generation: db.prepare<[], number>('SELECT value FROM registry_generation').pluck(),
      insertMap: db.prepare('INSERT INTO maps (id, name, description, created_at) VALUES (?, ?, ?, ?)'),
      insertSource: db.prepare('INSERT INTO map_sources (map_id, source, created_at) VALUES (?, ?, ?)'),
      setDraft: db.prepare('UPDATE maps SET draft_source_id = ? WHERE id = ?'),
      setLive: db.prepare('UPDATE maps SET live_version = ? WHERE id = ?'),
      getMap: db.prepare<[string], MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = ?`),
      listMaps: db.prepare<[], MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m ORDER BY m.created_at, m.id`),
      versions: db.prepare<[string], VersionRow>(
        'SELECT number, version_id, source_id, created_at, note FROM map_versions WHERE map_id = ? ORDER BY number',
      ),
      version: db.prepare<[string, number], VersionRow>(
        'SELECT number, version_id, source_id, created_at, note FROM map_versions WHERE map_id = ? AND number = ?',
      ),
      maxVersion: db.prepare<[string], { n: number | null }>('SELECT MAX(number) AS n FROM map_versions WHERE map_id = ?'),
      insertVersion: db.prepare(
        'INSERT INTO map_versions (map_id, number, version_id, source_id, created_at, note) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      source: db.prepare<[number], { source: string }>('SELECT source FROM map_sources WHERE id = ?'),
      sourceCreated: db.prepare<[number], { created_at: number }>('SELECT created_at FROM map_sources WHERE id = ?'),
      settings: db.prepare<[string, number], SettingsRow<number>>('SELECT * FROM map_settings WHERE map_id = ? AND version = ?'),
      insertSettings: db.prepare(
        `INSERT INTO map_settings (map_id, version, record_interactions, evidence_secured, interactions_secured, evidence_key, interaction_key)
         VALUES (@map_id, @version, @record_interactions, @evidence_secured, @interactions_secured, @evidence_key, @interaction_key)`,
      ),
      updateSettings: db.prepare(
        `UPDATE map_settings SET record_interactions = @record_interactions, evidence_secured = @evidence_secured,
           interactions_secured = @interactions_secured, evidence_key = @evidence_key, interaction_key = @interaction_key
         WHERE map_id = @map_id AND version = @version`,
      ),
    };
  }

  /** Adds a map whose draft is `source`; returns it with the draft's keys (shown this once: only digests are stored). */
  createMap(input: { name: string; description?: string; source: string }): MapRecord & { readonly keys: VersionKeys } {
    const id = randomUUID();
    const now = this.clock();
    const fresh = freshKeys();
    this.db.transaction(() => {
      this.statements.insertMap.run(id, input.name, input.description ?? '', now);
      const sourceId = Number(this.statements.insertSource.run(id, input.source, now).lastInsertRowid);
      this.statements.setDraft.run(sourceId, id);
      this.statements.insertSettings.run({
        map_id: id,
        version: DRAFT,
        record_interactions: 0,
        evidence_secured: 1,
        interactions_secured: 1,
        evidence_key: fresh.evidence_key,
        interaction_key: fresh.interaction_key,
      });
    })();
    return { ...this.requireMap(id), keys: fresh.keys };
  }

  /** Saves a new draft source (earlier drafts stay stored for sessions started on them). */
  updateDraft(mapId: string, source: string): RegistryResult<MapRecord> {
    if (!this.statements.getMap.get(mapId)) return mapNotFound(mapId);
    this.db.transaction(() => {
      const sourceId = Number(this.statements.insertSource.run(mapId, source, this.clock()).lastInsertRowid);
      this.statements.setDraft.run(sourceId, mapId);
    })();
    return { ok: true, value: this.requireMap(mapId) };
  }

  /**
   * Snapshots the draft as the next numbered version, optionally making it live, with the
   * publisher's note. The version copies the draft's settings and gets keys of its own (returned
   * this once), unless `keepKeys` asks for the draft's keys to open it too.
   */
  publish(mapId: string, options: { live?: boolean; keepKeys?: boolean; note?: string } = {}): RegistryResult<PublishedVersion> {
    const map = this.statements.getMap.get(mapId);
    if (!map) return mapNotFound(mapId);
    const summary = this.db.transaction((): PublishedVersion => {
      const number = (this.statements.maxVersion.get(mapId)?.n ?? 0) + 1;
      const versionId = randomUUID();
      const created = this.clock();
      const note = options.note ?? '';
      this.statements.insertVersion.run(mapId, number, versionId, map.draft_source_id, created, note);
      const draftSettings = this.statements.settings.get(mapId, DRAFT);
      const fresh = options.keepKeys ? undefined : freshKeys();
      if (draftSettings) {
        const keys = fresh ? { evidence_key: fresh.evidence_key, interaction_key: fresh.interaction_key } : {};
        this.statements.insertSettings.run({ ...draftSettings, ...keys, version: number });
      }
      if (options.live) this.statements.setLive.run(number, mapId);
      return { number, versionId, created, note, ...(fresh ? { keys: fresh.keys } : {}) };
    })();
    return { ok: true, value: summary };
  }

  /** Makes a version live, or (with null) none, so starts fall back to the draft. */
  setLive(mapId: string, number: number | null): RegistryResult<MapRecord> {
    if (!this.statements.getMap.get(mapId)) return mapNotFound(mapId);
    if (number !== null && !this.statements.version.get(mapId, number)) return versionNotFound(mapId, number);
    this.statements.setLive.run(number, mapId);
    return { ok: true, value: this.requireMap(mapId) };
  }

  /** A number that moves on every registry change, from any process (one read; poll it to notice changes). */
  generation(): number {
    return this.statements.generation.get() ?? 0;
  }

  getMap(mapId: string): MapRecord | undefined {
    const row = this.statements.getMap.get(mapId);
    return row && this.toRecord(row);
  }

  listMaps(): MapRecord[] {
    return this.statements.listMaps.all().map((row) => this.toRecord(row));
  }

  /** Picks a version by `/start`'s rule: the given number, the draft, or live falling back to the draft. */
  resolve(mapId: string, selector: VersionSelector): RegistryResult<ResolvedVersion> {
    const key = `resolve\u0000${mapId}\u0000${selector.kind === 'number' ? selector.number : selector.kind}`;
    return this.cached(key, () => this.readResolve(mapId, selector));
  }

  private readResolve(mapId: string, selector: VersionSelector): RegistryResult<ResolvedVersion> {
    const map = this.statements.getMap.get(mapId);
    if (!map) return mapNotFound(mapId);
    const number = selectedNumber(map, selector);
    return number === DRAFT ? resolvedDraft(map) : resolvedVersion(map, number, this.statements.version.get(mapId, number));
  }

  /** The RBLang text of a stored source. */
  source(sourceId: number): string | undefined {
    return this.statements.source.get(sourceId)?.source;
  }

  /** When a stored source was saved (a draft's `versionCreated`). */
  sourceCreated(sourceId: number): number | undefined {
    return this.statements.sourceCreated.get(sourceId)?.created_at;
  }

  settings(mapId: string, version: number): RegistryResult<VersionSettings> {
    return this.cached(`settings\u0000${mapId}\u0000${version}`, () => this.readSettings(mapId, version));
  }

  private readSettings(mapId: string, version: number): RegistryResult<VersionSettings> {
    if (!this.statements.getMap.get(mapId)) return mapNotFound(mapId);
    const row = this.statements.settings.get(mapId, version);
    if (!row) return versionNotFound(mapId, version);
    return { ok: true, value: settingsFromRow(row) };
  }

  /** Changes settings; with `regenerateKeys`, the new keys are returned this once (only digests are stored). */
  updateSettings(
    mapId: string,
    version: number,
    change: SettingsChange,
  ): RegistryResult<VersionSettings & { readonly keys?: VersionKeys }> {
    const current = this.settings(mapId, version);
    if (!current.ok) return current;
    const fresh = change.regenerateKeys ? freshKeys() : undefined;
    const next: VersionSettings = {
      ...current.value,
      recordInteractions: change.recordInteractions ?? current.value.recordInteractions,
      evidenceSecured: change.evidenceSecured ?? current.value.evidenceSecured,
      interactionsSecured: change.interactionsSecured ?? current.value.interactionsSecured,
      ...(fresh ? { evidenceKeyDigest: fresh.evidence_key, interactionKeyDigest: fresh.interaction_key } : {}),
    };
    this.statements.updateSettings.run({
      map_id: mapId,
      version,
      record_interactions: Number(next.recordInteractions),
      evidence_secured: Number(next.evidenceSecured),
      interactions_secured: Number(next.interactionsSecured),
      evidence_key: next.evidenceKeyDigest,
      interaction_key: next.interactionKeyDigest,
    });
    return { ok: true, value: fresh ? { ...next, keys: fresh.keys } : next };
  }

  /**
   * A cached read, dropped whenever the registry changed, here or in another process (such as
   * `lapwing map publish` while the server runs).
   */
  private cached<T extends CachedRead>(key: string, read: () => T): T {
    const generation = this.statements.generation.get() ?? 0;
    const known = this.cache.known<T>(key, generation);
    if (known) return known;
    const value = read();
    this.cache.keep(key, generation, value);
    return value;
  }

  private requireMap(mapId: string): MapRecord {
    const record = this.getMap(mapId);
    if (!record) throw new Error(`map ${mapId} vanished inside its own transaction`);
    return record;
  }

  private toRecord(row: MapRow): MapRecord {
    return mapFromRows(row, this.statements.versions.all(row.id));
  }
}
