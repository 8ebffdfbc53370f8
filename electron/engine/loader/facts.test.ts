import { describe, expect, it } from 'vitest';
import { loadFixture, mapOf } from './test-support/maps';

describe('facts (fixtures/facts.rbl)', () => {
  const result = loadFixture('facts.rbl');
  const map = mapOf(result);

  it('loads cleanly', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('types each object by the relationship object concept, in document order', () => {
    expect(map.facts.map((f) => [f.relationship, f.subject, f.object, f.certainty])).toEqual(
      [
        ['moored at', 'Puffin', 'St Ives', 100],
        ['moored at', 'Tern', 'St Ives', 80],
        ['is long', 'Puffin', 12.5, 100],
        ['is long', 'Tern', -300, 0],
        ['was launched', 'Puffin', Date.UTC(1990, 0, 1)],
        ['was launched', 'Tern', 652924800000, 100],
        ['was launched', 'Tern', Date.UTC(2001, 1, 3, 4, 5, 6), 100],
        ['is seaworthy', 'Puffin', true, 100],
        ['is seaworthy', 'Tern', false, 100],
      ].map((row) => (row.length === 3 ? [...row, 100] : row)),
    );
  });

  it('dates 1990-01-01 as the engine does (epoch ms at UTC midnight)', () => {
    expect(map.facts[4].object).toBe(631152000000);
  });

  it('records where each fact is', () => {
    expect(map.facts[0].position).toEqual({ line: 19, column: 3 });
  });
});
