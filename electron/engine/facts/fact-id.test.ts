import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { factIdFor, factKeyFor, useSha256 } from './fact-id';

afterEach(() => useSha256(undefined));

describe('fact IDs', () => {
  it('have the platform form and depend on the source code and the triple', () => {
    const id = factIdFor('RF', 'Ada', 'converses in', 'Portuguese');
    expect(id).toMatch(/^WA:RF:[0-9a-f]{64}$/);
    expect(factIdFor('RF', 'Ada', 'converses in', 'Portuguese')).toBe(id);
    expect(factIdFor('IF', 'Ada', 'converses in', 'Portuguese')).not.toBe(id.replace('RF', 'IF'));
    expect(factIdFor('RF', 'Ada', 'converses in', 'Norwegian')).not.toBe(id);
    // A number and the same digits as text are different objects.
    expect(factIdFor('RF', 'B1', 'has total', 20)).not.toBe(factIdFor('RF', 'B1', 'has total', '20'));
  });

  it('are the same with the pure and the native SHA-256', () => {
    const pure = [factIdFor('KF', 'Norway', 'official language', 'Norwegian'), factKeyFor('WA:IF:abc'), factIdFor('RF', 'Zoë', 'naïve', 'ünïcode')];
    useSha256((text) => createHash('sha256').update(text, 'utf8').digest('hex'));
    const native = [factIdFor('KF', 'Norway', 'official language', 'Norwegian'), factKeyFor('WA:IF:abc'), factIdFor('RF', 'Zoë', 'naïve', 'ünïcode')];
    expect(native).toEqual(pure);
  });
});
