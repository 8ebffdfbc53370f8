import { describe, expect, it } from 'vitest';
import type { Value } from '../model/types';
import { ObjectTable } from './object-table';

/** A small deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** Keys as a relationship's objects come: many strings (some alike but for a character), and other values. */
function keyOf(draw: number): Value {
  const kind = draw % 23;
  if (kind === 0) return draw % 7;
  if (kind === 1) return String(draw % 7); // '3' and 3 are different keys
  if (kind === 2) return draw % 2 === 0;
  if (kind === 3) return null;
  if (kind === 4) return (draw % 5) - 0.5;
  if (kind === 5) return '';
  return `sg${draw}`;
}

describe('ObjectTable', () => {
  it('keeps what a Map keeps, in the same order, before and after it outgrows a Map', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const table = new ObjectTable<number>();
      const map = new Map<Value, number>();
      for (let step = 0; step < 60_000; step++) {
        const key = keyOf(Math.floor(next() * 50_000));
        const choice = next();
        if (choice < 0.6) expect(table.setIfAbsent(key, step)).toBe(map.get(key));
        if (choice < 0.6 && !map.has(key)) map.set(key, step);
        else if (choice < 0.8) {
          table.set(key, step);
          map.set(key, step);
        } else if (choice < 0.95) expect(table.delete(key)).toBe(map.delete(key));
        else expect(table.get(key)).toBe(map.get(key));
        expect(table.size).toBe(map.size);
      }
      expect(map.size).toBeGreaterThan(16_384); // past the Map a small table is
      expect([...table.entries()]).toEqual([...map.entries()]);
      expect([...table.valuesInOrder()]).toEqual([...map.values()]);
    }
  });

  it('tells apart strings that hash alike and values of other types that print alike', () => {
    const table = new ObjectTable<string>();
    // More than a Map holds here, so the hashed arrays answer.
    for (let at = 0; at < 20_000; at++) table.set(`k${at}`, `v${at}`);
    for (const [key, value] of [
      [1, 'one'],
      ['1', "'1'"],
      [true, 'true'],
      ['true', "'true'"],
      [null, 'null'],
      [-0, 'zero'],
    ] as const)
      expect(table.setIfAbsent(key, value)).toBeUndefined();
    expect(table.get(0)).toBe('zero'); // SameValueZero, as a Map
    expect(table.get('1')).toBe("'1'");
    expect(table.get(1)).toBe('one');
    expect(table.get('null')).toBeUndefined();
    expect(table.get('k19999')).toBe('v19999');
    expect(table.get('k20000')).toBeUndefined();
    // Deleted then set again: it goes last, as in a Map.
    expect(table.delete('k0')).toBe(true);
    expect(table.delete('k0')).toBe(false);
    table.set('k0', 'again');
    expect([...table.valuesInOrder()].at(-1)).toBe('again');
    expect(table.size).toBe(20_006);
  });

  it('lets entries be deleted while it is iterated, as a Map does', () => {
    for (const size of [100, 20_000]) {
      const table = new ObjectTable<number>();
      for (let at = 0; at < size; at++) table.set(at % 3 === 0 ? at : `k${at}`, at);
      for (const [key, value] of table.entries()) if (value % 2 === 1) table.delete(key);
      expect([...table.valuesInOrder()]).toEqual(Array.from({ length: size / 2 }, (_, at) => at * 2));
      expect(table.size).toBe(size / 2);
    }
  });
});
