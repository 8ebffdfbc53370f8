import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../cli/test-support';
import { BLIND_SETS, blindDir, blindMap, loadBlindCases, type BlindSet } from '../test-support/blind';

// The expectations must be right against their own maps, or the blind figure measures typing errors.
describe.each(Object.keys(BLIND_SETS) as BlindSet[])('blind evaluation prompts, %s set', (set) => {
  const cases = loadBlindCases(set);

  it('has the number of prompts its author wrote over each map', () => {
    const perMap = new Map<string, number>();
    for (const testCase of cases) perMap.set(testCase.map, (perMap.get(testCase.map) ?? 0) + 1);
    expect(Object.fromEntries(perMap)).toEqual(BLIND_SETS[set]);
  });

  it('names only relationships and instances its map has, on the right side of each relationship', () => {
    for (const testCase of cases) {
      const map = blindMap(set, testCase.map);
      const triples = [...(testCase.expect.query ? [testCase.expect.query] : []), ...(testCase.expect.facts ?? [])];
      expect(triples.length, testCase.prompt).toBeGreaterThan(0);
      for (const triple of triples) {
        const rel = map.relationships.get(triple.relationship);
        expect(rel, `${testCase.prompt}: ${triple.relationship}`).toBeDefined();
        if (!rel) continue;
        if (triple.subject !== null)
          expect(map.instances.get(rel.subject)?.has(triple.subject), `${testCase.prompt}: ${triple.subject}`).toBe(true);
        const objectType = map.concepts.get(rel.object)?.type;
        if (triple.object !== null && objectType === 'string')
          expect(map.instances.get(rel.object)?.has(triple.object), `${testCase.prompt}: ${triple.object}`).toBe(true);
        if (triple.object !== null && objectType === 'number') expect(Number.isFinite(Number(triple.object)), testCase.prompt).toBe(true);
        if (triple.object !== null && objectType === 'truth') expect(['true', 'false'], testCase.prompt).toContain(triple.object);
        if (triple.object !== null && objectType === 'date') expect(triple.object, testCase.prompt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });
});

// The later sets' authors checked that each map's rules give the intended answers with regression
// cases (verify/<map>); they run here on the local engine, as `lapwing test --map-file` runs them.
describe.each([
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
] as const)('%s blind set: its maps answer as their author intended', (set) => {
  const verify = join(blindDir(set), 'verify');
  it.each(readdirSync(verify))('%s', async (name) => {
    const data = mkdtempSync(join(tmpdir(), 'lapwing-blind-verify-'));
    try {
      const result = await run(
        'test',
        '--target',
        'local',
        '--data',
        data,
        '--map-file',
        join(blindDir(set), 'maps', `${name}.rbl`),
        join(verify, name),
      );
      expect(result.err + result.out).not.toMatch(/failed: [1-9]/);
      expect(result.code, result.err + result.out).toBe(0);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
