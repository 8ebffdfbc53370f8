/**
 * What the SQLite and PostgreSQL registries share: their rows' shapes, the rule `/start` picks a
 * version by, and the results and keys they build from rows, so both stores answer alike.
 */
import { randomUUID } from 'node:crypto';
import { keyDigest } from '../auth';
import {
  DRAFT,
  type MapRecord,
  type RegistryResult,
  type ResolvedVersion,
  type VersionKeys,
  type VersionSelector,
  type VersionSettings,
} from './types';

/** The columns a `MapRow` is selected with, from `maps m` (the same SQL in SQLite and PostgreSQL). */
export const MAP_COLUMNS = `m.id, m.name, m.description, m.created_at, m.draft_source_id, m.live_version,
  (SELECT created_at FROM map_sources WHERE id = m.draft_source_id) AS draft_updated`;

export interface MapRow {
  id: string;
  name: string;
  description: string;
  created_at: number;
  draft_source_id: number;
  live_version: number | null;
  draft_updated: number;
}

export interface VersionRow {
  number: number;
  version_id: string;
  source_id: number;
  created_at: number;
  note: string;
}

/** A `map_settings` row; SQLite keeps the flags as 0 and 1, PostgreSQL as booleans. */
export interface SettingsRow<Flag extends number | boolean = number | boolean> {
  map_id: string;
  version: number;
  record_interactions: Flag;
  evidence_secured: Flag;
  interactions_secured: Flag;
  /** `sha256:<hex>` digests (SQLite registry migration 3 and `digestStoredKeys`); never the keys. */
  evidence_key: string;
  interaction_key: string;
}

/** A stored flag as a boolean: SQLite's 1 and PostgreSQL's true. */
export function storedFlag(value: number | boolean): boolean {
  return value === true || value === 1;
}

export function settingsFromRow(row: SettingsRow): VersionSettings {
  return {
    mapId: row.map_id,
    version: row.version,
    recordInteractions: storedFlag(row.record_interactions),
    evidenceSecured: storedFlag(row.evidence_secured),
    interactionsSecured: storedFlag(row.interactions_secured),
    evidenceKeyDigest: row.evidence_key,
    interactionKeyDigest: row.interaction_key,
  };
}

/** A map's record from its row and its versions' rows (in number order). */
export function mapFromRows(row: MapRow, versions: readonly VersionRow[]): MapRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created: row.created_at,
    draftUpdated: row.draft_updated,
    liveVersion: row.live_version,
    versions: versions.map((version) => ({
      number: version.number,
      versionId: version.version_id,
      created: version.created_at,
      note: version.note,
    })),
  };
}

/** A fresh pair of keys in the platform's format (lowercase hex UUIDs), and the digests that are all a registry stores of them. */
export function freshKeys(): { keys: VersionKeys; evidence_key: string; interaction_key: string } {
  const keys = { evidenceKey: randomUUID(), interactionKey: randomUUID() };
  return { keys, evidence_key: keyDigest(keys.evidenceKey), interaction_key: keyDigest(keys.interactionKey) };
}

export function mapNotFound(mapId: string): RegistryResult<never> {
  return { ok: false, error: { kind: 'map-not-found', message: `No map with ID ${mapId}.` } };
}

export function versionNotFound(mapId: string, number: number): RegistryResult<never> {
  return { ok: false, error: { kind: 'version-not-found', message: `Map ${mapId} has no version ${number}.` } };
}

/** `/start`'s rule: the given number, the draft, or live falling back to the draft. */
export function selectedNumber(map: MapRow, selector: VersionSelector): number {
  return selector.kind === 'number' ? selector.number : selector.kind === 'draft' ? DRAFT : (map.live_version ?? DRAFT);
}

/** The draft as a resolved version (its ID is the map's, as on the platform). */
export function resolvedDraft(map: MapRow): RegistryResult<ResolvedVersion> {
  return {
    ok: true,
    value: {
      mapId: map.id,
      mapName: map.name,
      number: DRAFT,
      versionId: map.id,
      status: 'Draft',
      created: map.draft_updated,
      sourceId: map.draft_source_id,
    },
  };
}

/** A published version, or version-not-found when the map has no such number. */
export function resolvedVersion(map: MapRow, number: number, version: VersionRow | undefined): RegistryResult<ResolvedVersion> {
  if (!version) return versionNotFound(map.id, number);
  return {
    ok: true,
    value: {
      mapId: map.id,
      mapName: map.name,
      number,
      versionId: version.version_id,
      status: `Version${number}`,
      created: version.created_at,
      sourceId: version.source_id,
    },
  };
}
