import { describe, expect, it } from 'vitest';
import { blindMap, loadBlindCases } from '../test-support/blind';

// The expectations must be right against their own maps, or the blind figure measures typing errors.
describe('blind evaluation prompts', () => {
  const cases = loadBlindCases();

  it('has twenty prompts over each of its three maps', () => {
    const perMap = new Map<string, number>();
    for (const testCase of cases) perMap.set(testCase.map, (perMap.get(testCase.map) ?? 0) + 1);
    expect(Object.fromEntries(perMap)).toEqual({ gym: 20, nursery: 20, trip: 20 });
  });

  it('names only relationships and instances its map has, on the right side of each relationship', () => {
    for (const testCase of cases) {
      const map = blindMap(testCase.map);
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
      }
    }
  });
});
