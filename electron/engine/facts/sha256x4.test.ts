import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHA256X4_MODULE_PATH, sha256x4Module } from '../test-support/sha256x4-source';
import { Fact, type FactOrigin } from './fact';
import { factIdFor, factIdsFor, type FactIdParts } from './fact-id';
import { sha256x4 } from './sha256x4';

const sha = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The text an ID hashes, as fact-id.test.ts pins it: "code NUL subject NUL relationship NUL typed object [NUL derivation]". */
function expectedId(parts: FactIdParts): string {
  const { object } = parts;
  const key =
    typeof object === 'string'
      ? `s${object}`
      : typeof object === 'number'
        ? `n${object}`
        : typeof object === 'boolean'
          ? object
            ? 'bt'
            : 'bf'
          : 'null';
  const derivation = parts.derivationKey === undefined ? '' : `\u0000${parts.derivationKey}`;
  return `WA:${parts.idCode}:${sha(`${parts.idCode}\u0000${parts.subject}\u0000${parts.relationship}\u0000${key}${derivation}`)}`;
}

/** A random string of `length` characters drawn from `alphabet`. */
function randomText(length: number, alphabet: string): string {
  const chars = [...alphabet];
  return Array.from(randomBytes(length), (byte) => chars[byte % chars.length]).join('');
}

const ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-:.%\u0000\u007f';
const WIDE = ASCII + 'éüßøñ中文😀';

describe('four-lane SHA-256 (WebAssembly SIMD)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs here (Node has WebAssembly SIMD), so the tests below exercise it', () => {
    expect(sha256x4()).toBeDefined();
  });

  it('gives the IDs of crypto SHA-256 for random ASCII and non-ASCII facts of every length around the block edges', () => {
    const facts: FactIdParts[] = [];
    for (let total = 0; total <= 200; total++) {
      for (const alphabet of [ASCII, ASCII, WIDE]) {
        const subjectLength = total % 7;
        const relationshipLength = total % 5;
        facts.push({
          idCode: ['RF', 'IF', 'KF', 'AF', 'DF', 'XX'][total % 6],
          subject: randomText(subjectLength, alphabet),
          relationship: randomText(relationshipLength, alphabet),
          // The message is code, subject, relationship, three NULs and "s" + object: its length walks 0..200 + 9.
          object: randomText(Math.max(0, total - subjectLength - relationshipLength - 9), alphabet),
        });
      }
    }
    // Lengths 54-57 and 63-65 bytes (the last one-block message, the first two-block ones) many times over.
    for (let index = 0; index < 2000; index++) {
      const messageLength = [53, 54, 55, 56, 57, 63, 64, 65][index % 8];
      facts.push({ idCode: 'RF', subject: 'p0', relationship: 'grandparent', object: randomText(messageLength - 18, ASCII) });
    }
    const ids = factIdsFor(facts);
    expect(ids).toHaveLength(facts.length);
    expect(ids).toEqual(facts.map(expectedId));
  });

  it('gives the IDs of crypto SHA-256 for numbers, truths, null, dates and derivation keys, across more than one batch', () => {
    const facts: FactIdParts[] = [];
    for (let index = 0; index < 2600; index++) {
      const object = [index * 1.5, -index, index % 2 === 0, null, Date.UTC(2026, 0, 1) + index * 86_400_000, `c${index}`][index % 6];
      facts.push({
        idCode: 'RF',
        subject: `s${index % 13}`,
        relationship: index % 3 === 0 ? 'has total' : 'converses in',
        object,
        ...(index % 4 === 0 ? { derivationKey: `${index}\u0000[${index % 9}]` } : {}),
      });
    }
    expect(factIdsFor(facts)).toEqual(facts.map(expectedId));
  });

  it('gives the same IDs one by one (factIdFor) and for a whole result at once (Fact.identify)', () => {
    const origin: FactOrigin = { relationship: 'grandparent', objectType: 'string', source: 'rule', time: 0 };
    const facts = Array.from({ length: 3000 }, (_, index) => new Fact('p0', `g${index}`, 100, origin));
    const single = facts.map((fact) => factIdFor('RF', fact.subject, 'grandparent', fact.object));
    Fact.identify(facts);
    expect(facts.map((fact) => fact.id)).toEqual(single);
    expect(facts[5].id).toBe(expectedId({ idCode: 'RF', subject: 'p0', relationship: 'grandparent', object: 'g5' }));
  });

  it('gives right IDs after a batch that failed half way (what it had written is not hashed into the next)', () => {
    const good: FactIdParts[] = Array.from({ length: 40 }, (_, index) => ({
      idCode: 'RF',
      subject: 'p0',
      relationship: 'grandparent',
      object: `g${index}`,
    }));
    const failing = [
      // Longer messages than the good ones, so bytes they leave behind would change the next batch's digests.
      ...good.slice(0, 20).map((parts) => ({ ...parts, object: `${String(parts.object)} and a longer object` })),
      {
        idCode: 'RF',
        subject: 'p0',
        relationship: 'grandparent',
        get object(): string {
          throw new Error('unreadable object');
        },
      },
    ];
    expect(() => factIdsFor(failing)).toThrow('unreadable object');
    expect(factIdsFor(good)).toEqual(good.map(expectedId));
  });

  it('falls back to one call per ID where WebAssembly is missing', async () => {
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await import('./fact-id');
    const freshHasher = await import('./sha256x4');
    expect(freshHasher.sha256x4()).toBeUndefined();
    const facts: FactIdParts[] = Array.from({ length: 50 }, (_, index) => ({
      idCode: 'RF',
      subject: 'p0',
      relationship: 'grandparent',
      object: `g${index}`,
    }));
    expect(fresh.factIdsFor(facts)).toEqual(facts.map(expectedId));
  });

  it('the checked-in module is what the script writes (run scripts/write-sha256x4.ts)', async () => {
    expect(readFileSync(join(process.cwd(), SHA256X4_MODULE_PATH), 'utf8')).toBe(await sha256x4Module());
  });
});
