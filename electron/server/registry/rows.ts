/**
 * What the SQLite and PostgreSQL registries share: their rows' shapes, the rule `/start` picks a
 * version by, and the results and keys they build from rows, so both stores answer alike.
 */
import { randomUUID } from 'node:crypto';
import { keyDigest } from '../auth';
import { DRAFT, type RegistryResult, type ResolvedVersion, type VersionKeys, type VersionSelector } from './types';

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
