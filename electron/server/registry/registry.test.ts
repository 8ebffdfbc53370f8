import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../store';
import { matchesKeyDigest } from '../auth';
import { openServerDatabase } from '../database';
import { REGISTRY_MIGRATIONS } from './migrations';
import { MapRegistry } from './registry';
import { DRAFT } from './types';

const dirs: string[] = [];
const dbs: SqliteDatabase[] = [];
function registry(clock = () => 1_700_000_000_000): { registry: MapRegistry; db: SqliteDatabase; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-registry-'));
  dirs.push(dir);
  const file = join(dir, 'server.sqlite');
  const db = openServerDatabase(file);
  dbs.push(db);
  return { registry: new MapRegistry(db, clock), db, file };
}
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('MapRegistry', () => {
  it("sees every change at once: its own, another registry's on the same connection, and another process's", () => {
    const { registry: maps, db, file } = registry();
    const map = maps.createMap({ name: 'Travel', source: 'first' });
    const versionOf = () => {
      const resolved = maps.resolve(map.id, { kind: 'default' });
      return resolved.ok ? resolved.value.number : undefined;
    };
    const recording = () => {
      const settings = maps.settings(map.id, DRAFT);
      return settings.ok && settings.value.recordInteractions;
    };
    expect(versionOf()).toBe(DRAFT);
    expect(recording()).toBe(false);
    maps.publish(map.id, { live: true });
    expect(versionOf()).toBe(1);
    new MapRegistry(db).updateSettings(map.id, DRAFT, { recordInteractions: true });
    expect(recording()).toBe(true);
    // Another connection, as `lapwing map publish` run while the server is up.
    const other = openServerDatabase(file);
    dbs.push(other);
    new MapRegistry(other).publish(map.id, { live: true });
    expect(versionOf()).toBe(2);
    expect(maps.resolve('no-such-map', { kind: 'default' })).toMatchObject({ ok: false, error: { kind: 'map-not-found' } });
    new MapRegistry(other).setLive(map.id, null);
    expect(versionOf()).toBe(DRAFT);
  });

  it('creates a map with a GUID, a draft and default settings', () => {
    const { registry: maps } = registry();
    const map = maps.createMap({ name: 'Travel', description: 'money abroad', source: '<kb/>' });
    expect(map.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(map).toMatchObject({ name: 'Travel', description: 'money abroad', liveVersion: null, versions: [] });
    const settings = maps.settings(map.id, DRAFT);
    expect(settings.ok && settings.value).toMatchObject({ recordInteractions: false, evidenceSecured: true, interactionsSecured: true });
    expect(map.keys.evidenceKey).not.toBe(map.keys.interactionKey);
    // Only digests are stored, and they match the keys shown once.
    expect(settings.ok && settings.value.evidenceKeyDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(settings.ok && matchesKeyDigest(map.keys.evidenceKey, settings.value.evidenceKeyDigest)).toBe(true);
    expect(settings.ok && matchesKeyDigest(map.keys.interactionKey, settings.value.interactionKeyDigest)).toBe(true);
    expect(settings.ok && matchesKeyDigest(map.keys.interactionKey, settings.value.evidenceKeyDigest)).toBe(false);
  });

  it('resolves live, else draft; numbered versions are immutable snapshots', () => {
    let now = 1_000;
    const { registry: maps, db } = registry(() => now);
    const map = maps.createMap({ name: 'Travel', source: 'first' });
    const draft = maps.resolve(map.id, { kind: 'default' });
    expect(draft.ok && draft.value).toMatchObject({ number: DRAFT, status: 'Draft', versionId: map.id });

    now = 2_000;
    const published = maps.publish(map.id, { live: true });
    expect(published.ok && published.value.number).toBe(1);
    maps.updateDraft(map.id, 'second');
    const live = maps.resolve(map.id, { kind: 'default' });
    expect(live.ok && live.value).toMatchObject({ number: 1, status: 'Version1', created: 2_000 });
    expect(live.ok && maps.source(live.value.sourceId)).toBe('first');
    const newDraft = maps.resolve(map.id, { kind: 'draft' });
    expect(newDraft.ok && maps.source(newDraft.value.sourceId)).toBe('second');

    const second = maps.publish(map.id);
    expect(second.ok && second.value.number).toBe(2);
    expect(maps.getMap(map.id)?.liveVersion).toBe(1);
    expect(maps.resolve(map.id, { kind: 'number', number: 3 })).toMatchObject({ ok: false, error: { kind: 'version-not-found' } });
    expect(() => db.prepare('UPDATE map_versions SET source_id = 1').run()).toThrow(/immutable/);
    expect(() => db.prepare("UPDATE map_sources SET source = 'x'").run()).toThrow(/immutable/);
  });

  it('copies the draft settings into a new version, then keeps them apart', () => {
    const { registry: maps } = registry();
    const map = maps.createMap({ name: 'Travel', source: 'x' });
    maps.updateSettings(map.id, DRAFT, { recordInteractions: true });
    const published = maps.publish(map.id);
    const v1 = maps.settings(map.id, 1);
    const draft = maps.settings(map.id, DRAFT);
    expect(v1.ok && v1.value.recordInteractions).toBe(true);
    // A published version has keys of its own: the draft's keys do not open it.
    const ownKeys = published.ok ? published.value.keys : undefined;
    expect(v1.ok && matchesKeyDigest(ownKeys?.evidenceKey, v1.value.evidenceKeyDigest)).toBe(true);
    expect(v1.ok && matchesKeyDigest(map.keys.evidenceKey, v1.value.evidenceKeyDigest)).toBe(false);
    expect(v1.ok && matchesKeyDigest(map.keys.interactionKey, v1.value.interactionKeyDigest)).toBe(false);
    // Unless the user keeps them.
    const kept = maps.publish(map.id, { keepKeys: true });
    expect(kept.ok && kept.value.keys).toBeUndefined();
    const v2 = maps.settings(map.id, 2);
    expect(v2.ok && matchesKeyDigest(map.keys.evidenceKey, v2.value.evidenceKeyDigest)).toBe(true);
    const renewed = maps.updateSettings(map.id, 1, { evidenceSecured: false, regenerateKeys: true });
    const changed = maps.settings(map.id, 1);
    expect(changed.ok && changed.value.evidenceSecured).toBe(false);
    expect(changed.ok && matchesKeyDigest(ownKeys?.evidenceKey, changed.value.evidenceKeyDigest)).toBe(false);
    expect(changed.ok && renewed.ok && matchesKeyDigest(renewed.value.keys?.evidenceKey, changed.value.evidenceKeyDigest)).toBe(true);
    expect(draft.ok && matchesKeyDigest(map.keys.evidenceKey, draft.value.evidenceKeyDigest)).toBe(true);
    expect(maps.settings(map.id, 9)).toMatchObject({ ok: false, error: { kind: 'version-not-found' } });
  });

  it('keeps everything across reopening', () => {
    const { registry: maps, db, file } = registry();
    const map = maps.createMap({ name: 'Kept', source: 'x' });
    maps.publish(map.id, { live: true });
    db.close();
    dbs.splice(dbs.indexOf(db), 1);
    const reopened = openServerDatabase(file);
    dbs.push(reopened);
    expect(new MapRegistry(reopened).listMaps()).toMatchObject([{ id: map.id, name: 'Kept', liveVersion: 1, versions: [{ number: 1 }] }]);
  });

  it('migrates keys stored in plain text to digests, and refuses to store a plain key again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lapwing-registry-'));
    dirs.push(dir);
    const file = join(dir, 'server.sqlite');
    // A registry as earlier releases left it: keys in plain text.
    const old = openDatabase(file, 'registry', REGISTRY_MIGRATIONS.slice(0, 2));
    old.prepare("INSERT INTO maps (id, name, created_at) VALUES ('m', 'Old', 1)").run();
    old
      .prepare(
        "INSERT INTO map_settings (map_id, version, evidence_key, interaction_key) VALUES ('m', 0, 'plain-evidence', 'plain-interaction')",
      )
      .run();
    old.close();

    const db = openServerDatabase(file);
    dbs.push(db);
    const stored = db
      .prepare<[], { evidence_key: string; interaction_key: string }>('SELECT evidence_key, interaction_key FROM map_settings')
      .get();
    expect(JSON.stringify(stored)).not.toContain('plain-');
    const settings = new MapRegistry(db).settings('m', DRAFT);
    // Whoever held the old keys still opens evidence and logs with them.
    expect(settings.ok && matchesKeyDigest('plain-evidence', settings.value.evidenceKeyDigest)).toBe(true);
    expect(settings.ok && matchesKeyDigest('plain-interaction', settings.value.interactionKeyDigest)).toBe(true);
    expect(() => db.prepare("UPDATE map_settings SET evidence_key = 'plain-again'").run()).toThrow(/digests only/);
  });

  it('keeps a note with each published version, and moves the generation on every change', () => {
    const { registry: maps } = registry();
    const start = maps.generation();
    const map = maps.createMap({ name: 'Noted', source: 'x' });
    expect(maps.generation()).toBeGreaterThan(start);
    const published = maps.publish(map.id, { note: 'first cut' });
    expect(published.ok && published.value.note).toBe('first cut');
    maps.publish(map.id);
    expect(maps.getMap(map.id)?.versions.map((version) => version.note)).toEqual(['first cut', '']);
  });

  it('answers unknown maps as data', () => {
    const { registry: maps } = registry();
    expect(maps.resolve('nope', { kind: 'default' })).toMatchObject({ ok: false, error: { kind: 'map-not-found' } });
    expect(maps.publish('nope')).toMatchObject({ ok: false });
    expect(maps.setLive('nope', null)).toMatchObject({ ok: false });
  });
});
