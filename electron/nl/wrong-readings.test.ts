import { describe, expect, it } from 'vitest';
import { formWrongReadings } from './test-support/form-paraphrases';
import { DEV_MAPS, wrongReadings } from './test-support/wrong-readings';

// A wrong reading is the worst miss: the reader answers something other than what was meant.
describe('paraphrases mixing relationships of the same sense (cost, fee, price…)', () => {
  for (const mapName of DEV_MAPS)
    it(`${mapName}: read as the relationship meant, or ask which — never another`, () => {
      const found = wrongReadings(mapName);
      expect(found.probes).toBeGreaterThan(0);
      expect(found.wrong).toEqual([]);
    });
});

describe("the map's question forms said in other ways (tense, typos, plurals, another name's word, relative clauses…)", () => {
  for (const mapName of DEV_MAPS)
    it(`${mapName}: read as the relationship and names meant, or not at all — never another`, () => {
      const found = formWrongReadings(mapName);
      expect(found.probes).toBeGreaterThan(0);
      expect(found.wrong).toEqual([]);
    });
});
