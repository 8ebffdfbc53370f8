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

  it('hash exactly "code NUL subject NUL relationship NUL typed object", so saved IDs stay valid across versions', () => {
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    expect(factIdFor('RF', 'Ada', 'converses in', 'Portuguese')).toBe(`WA:RF:${sha('RF\u0000Ada\u0000converses in\u0000sPortuguese')}`);
    expect(factIdFor('RF', 'B1', 'has total', 20, '7\u0000[1]')).toBe(`WA:RF:${sha('RF\u0000B1\u0000has total\u0000n20\u00007\u0000[1]')}`);
  });

  it('are the same with the pure and the native SHA-256', () => {
    const pure = [factIdFor('KF', 'Norway', 'official language', 'Norwegian'), factKeyFor('WA:IF:abc'), factIdFor('RF', 'Zoë', 'naïve', 'ünïcode')];
    useSha256((text) => createHash('sha256').update(text, 'utf8').digest('hex'));
    const native = [factIdFor('KF', 'Norway', 'official language', 'Norwegian'), factKeyFor('WA:IF:abc'), factIdFor('RF', 'Zoë', 'naïve', 'ünïcode')];
    expect(native).toEqual(pure);
  });
});
