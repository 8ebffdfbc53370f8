import { afterEach, describe, expect, it } from 'vitest';
import * as engine from '../../engine';
import { loadMap } from '../../engine';
import { fixtureMap } from '../test-support/fixtures';
import { type MapLoader, WorkerMapLoader, defaultMapLoader, workerEntry } from './map-loader';

const loaders: MapLoader[] = [];

function workerLoader(): WorkerMapLoader {
  const entry = workerEntry();
  if (entry === undefined) throw new Error('the worker entry (bootstrap.mjs) is missing beside map-loader.ts');
  const loader = new WorkerMapLoader(entry);
  loaders.push(loader);
  return loader;
}

afterEach(async () => {
  await Promise.all(loaders.splice(0).map((loader) => loader.close()));
});

describe('loading maps in a worker thread', () => {
  it('gives the same map and diagnostics as loading in this thread, shared objects still shared', async () => {
    const source = fixtureMap('travel-money');
    const here = loadMap(source);
    const there = await workerLoader().load(source);
    expect(there.ok).toBe(true);
    expect(there.diagnostics).toEqual(here.diagnostics);
    expect(there.map).toEqual(here.map);
    const map = there.map;
    if (!map) throw new Error('no map');
    expect(map.concepts).toBeInstanceOf(Map);
    // A rule indexed by relationship is the same object as in the rule list (the solver relies on identity).
    const [relationship, rules] = [...map.rulesByRelationship][0];
    expect(rules[0]).toBe(map.rules.find((rule) => rule.relationship === relationship));
  });

  it('a check sends back diagnostics only', async () => {
    const broken = fixtureMap('broken');
    const checked = await workerLoader().load(broken, { check: true });
    expect(checked.map).toBeUndefined();
    expect(checked.ok).toBe(false);
    expect(checked.diagnostics).toEqual(loadMap(broken).diagnostics);
  });

  it('answers concurrent loads each with its own result', async () => {
    const loader = workerLoader();
    const texts = [fixtureMap('travel-money'), fixtureMap('broken'), fixtureMap('travel-money')];
    const results = await Promise.all(texts.map((text) => loader.load(text, { check: true })));
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
  });

  it('fails loads still waiting when closed, and refuses new ones', async () => {
    const loader = workerLoader();
    const waiting = expect(loader.load(fixtureMap('travel-money'))).rejects.toThrow(/closed/);
    await loader.close();
    await waiting;
    await expect(loader.load(fixtureMap('travel-money'))).rejects.toThrow(/closed/);
  });

  it('by default loads small texts in this thread and large ones in the worker', async () => {
    let here = 0;
    const counting = { ...engine, loadMap: (source: string) => (here++, loadMap(source)) };
    const travel = fixtureMap('travel-money');
    const loader = defaultMapLoader(counting, travel.length);
    const small = await loader.load(travel.slice(0, 200));
    expect(here).toBe(1);
    expect(small.ok).toBe(false);
    const large = await loader.load(travel);
    expect(here).toBe(1);
    expect(large.ok).toBe(true);
  });
});
