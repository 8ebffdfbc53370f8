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

  it('hash the same text for any object: non-ASCII, long, after other subjects, numbers and truths', () => {
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const long = 'ü'.repeat(700) + 'x'.repeat(900);
    const cases: [string, string, string, string | number | boolean | null, string][] = [
      ['RF', 'Zoë', 'naïve', 'ünïcode', 'sünïcode'],
      ['RF', 'Zoë', 'naïve', 'plain', 'splain'],
      ['IF', 'Ada', 'converses in', long, `s${long}`],
      ['IF', 'Ada', 'converses in', 'x'.repeat(2000), `s${'x'.repeat(2000)}`],
      ['RF', 'Ada', 'converses in', 'Portuguese', 'sPortuguese'],
      ['AF', 'Ada', 'is adult', true, 'bt'],
      ['KF', 'Ada', 'age', 36.5, 'n36.5'],
      ['RF', 'Ada', 'nickname', null, 'null'],
      ['RF', 'Ada', 'converses in', 'Portuguese', 'sPortuguese'],
    ];
    for (const [code, subject, relationship, object, key] of cases) {
      expect(factIdFor(code, subject, relationship, object)).toBe(
        `WA:${code}:${sha(`${code}\u0000${subject}\u0000${relationship}\u0000${key}`)}`,
      );
    }
  });

  it('are the same with the pure and the native SHA-256', () => {
    const pure = [
      factIdFor('KF', 'Norway', 'official language', 'Norwegian'),
      factKeyFor('WA:IF:abc'),
      factIdFor('RF', 'Zoë', 'naïve', 'ünïcode'),
    ];
    useSha256((bytes) => createHash('sha256').update(bytes).digest('hex'));
    const native = [
      factIdFor('KF', 'Norway', 'official language', 'Norwegian'),
      factKeyFor('WA:IF:abc'),
      factIdFor('RF', 'Zoë', 'naïve', 'ünïcode'),
    ];
    expect(native).toEqual(pure);
  });
});
