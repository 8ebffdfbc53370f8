import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as engine from '../../engine';
import type { SqliteDatabase } from '../../store';
import { openServerDatabase } from '../database';
import { inThreadMapLoader, type MapLoader } from '../maps-worker/map-loader';
import { MapRegistry } from '../registry/registry';
import { fixtureMap, travelMoneyWithCertainty } from '../test-support/fixtures';
import { LoadedMaps, estimateMapBytes } from './loaded-maps';

const dirs: string[] = [];
const dbs: SqliteDatabase[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function openRegistry(): MapRegistry {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-loaded-maps-'));
  dirs.push(dir);
  const db = openServerDatabase(join(dir, 'server.sqlite'));
  dbs.push(db);
  return new MapRegistry(db);
}

/** The real loader, counting loads. */
function countingLoader(): MapLoader & { loads: number } {
  const inner = inThreadMapLoader(engine);
  const loader = {
    loads: 0,
    load: (source: string) => {
      loader.loads++;
      return inner.load(source);
    },
    close: () => inner.close(),
  };
  return loader;
}

/** Stores `count` maps of the same size and returns their source IDs. */
function storeMaps(registry: MapRegistry, count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    const record = registry.createMap({ name: `map ${i}`, source: travelMoneyWithCertainty(10 + i) });
    const version = registry.resolve(record.id, { kind: 'draft' });
    if (!version.ok) throw new Error('no draft');
    return version.value.sourceId;
  });
}

describe('the loaded-map cache', () => {
  it('is bounded by estimated bytes: the least recently used map leaves when the next would cross the bound', async () => {
    const registry = openRegistry();
    const ids = storeMaps(registry, 4);
    const perMap = estimateMapBytes(travelMoneyWithCertainty(10).length);
    const loader = countingLoader();
    const maps = new LoadedMaps(registry, loader, 3 * perMap);
    for (const id of ids.slice(0, 3)) await maps.get(id);
    expect(maps.heldBytes).toBe(3 * perMap);
    await maps.get(ids[0]); // now the most recently used
    await maps.get(ids[3]); // crosses the bound: ids[1] (least recently used) leaves
    expect(maps.heldBytes).toBe(3 * perMap);
    expect(ids.map((id) => maps.has(id))).toEqual([true, false, true, true]);
    expect(loader.loads).toBe(4);
    await maps.get(ids[1]);
    expect(loader.loads).toBe(5);
  });

  it('keeps one map larger than the whole bound (alone), since a session needs it', async () => {
    const registry = openRegistry();
    const ids = storeMaps(registry, 2);
    const maps = new LoadedMaps(registry, countingLoader(), 100);
    await maps.get(ids[0]);
    await maps.get(ids[1]);
    expect(ids.map((id) => maps.has(id))).toEqual([false, true]);
  });

  it('loads a source once for concurrent requests', async () => {
    const registry = openRegistry();
    const [id] = storeMaps(registry, 1);
    const loader = countingLoader();
    const maps = new LoadedMaps(registry, loader);
    const [a, b] = await Promise.all([maps.get(id), maps.get(id)]);
    expect(a).toBe(b);
    expect(loader.loads).toBe(1);
  });

  it('refuses a source that no longer loads, naming it', async () => {
    const registry = openRegistry();
    const record = registry.createMap({ name: 'broken', source: fixtureMap('broken') });
    const version = registry.resolve(record.id, { kind: 'draft' });
    if (!version.ok) throw new Error('no draft');
    const maps = new LoadedMaps(registry, countingLoader());
    await expect(maps.get(version.value.sourceId)).rejects.toThrow(`stored map source ${version.value.sourceId} no longer loads`);
  });
});
