import { describe, expect, it } from 'vitest';
import { ShardSchema, caseIdentities, selectShard, shardOf, suiteFingerprint } from './shard';

/** A suite as files of cases: 40 files of 25 named cases, some cases with ids. */
function suite(size: number): string[] {
  return caseIdentities(
    Array.from({ length: size }, (_, index) => ({
      file: `cases/area-${index % 40}/table.cases.csv`,
      name: `scenario ${index}`,
      ...(index % 7 === 0 ? { id: `case-${index}` } : {}),
    })),
  );
}

describe('sharding a suite by rendezvous hashing of case identities', () => {
  it.each([1, 2, 3, 4, 5, 8, 16])('the %i shards together hold every case exactly once', (count) => {
    const identities = suite(1000);
    const held = new Map<string, number>();
    for (let index = 1; index <= count; index += 1)
      for (const identity of selectShard(identities, (item) => item, { index, count })) held.set(identity, (held.get(identity) ?? 0) + 1);
    expect(held.size).toBe(identities.length);
    expect([...held.values()].every((times) => times === 1)).toBe(true);
  });

  it('keeps shards near an even share (4 shards of 2,000 cases: each within 20% of 500)', () => {
    const identities = suite(2000);
    for (let index = 1; index <= 4; index += 1) {
      const size = selectShard(identities, (item) => item, { index, count: 4 }).length;
      expect(size).toBeGreaterThan(400);
      expect(size).toBeLessThan(600);
    }
  });

  it('moves no other case when a case is added, and only cases bound for the new shard when a runner is added', () => {
    const before = suite(600);
    const after = [...before, 'cases/new.case.json#a new scenario'];
    for (const identity of before) expect(shardOf(identity, 4)).toBe(shardOf(after[before.indexOf(identity)] as string, 4));
    const moved = before.filter((identity) => shardOf(identity, 4) !== shardOf(identity, 5));
    expect(moved.every((identity) => shardOf(identity, 5) === 5)).toBe(true);
    // About a fifth move (hash mod N would move about four fifths).
    expect(moved.length).toBeGreaterThan(600 * 0.1);
    expect(moved.length).toBeLessThan(600 * 0.3);
  });

  it('gives every runner the same split (a case shard depends on its identity alone)', () => {
    const identities = suite(200);
    const first = identities.map((identity) => shardOf(identity, 4));
    const shuffled = [...identities]
      .reverse()
      .map((identity) => shardOf(identity, 4))
      .reverse();
    expect(shuffled).toEqual(first);
  });
});

describe('--shard I/N', () => {
  it('reads I/N', () => {
    expect(ShardSchema.parse('2/4')).toEqual({ index: 2, count: 4 });
    expect(ShardSchema.parse(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  });

  it.each([
    ['0/4', 'I must be between 1 and N'],
    ['3/2', 'I must be between 1 and N'],
    ['1/0', 'N must be between 1 and 1000'],
    ['x', 'use I/N'],
    ['2', 'use I/N'],
    ['-1/4', 'use I/N'],
  ])('refuses %s', (text, message) => {
    const parsed = ShardSchema.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });
});

describe('case identities and the suite fingerprint', () => {
  it('uses the id when there is one, else file and name, numbering repeats', () => {
    expect(
      caseIdentities([
        { file: 'a\\b.json', name: 'x' },
        { file: 'a\\b.json', name: 'x' },
        { file: 'c.json', name: 'y', id: 'k1' },
      ]),
    ).toEqual(['a/b.json#x', 'a/b.json#x#2', 'id:k1']);
  });

  it('does not depend on the order of cases, and changes when a case does', () => {
    const identities = suite(50);
    expect(suiteFingerprint([...identities].reverse())).toEqual(suiteFingerprint(identities));
    expect(suiteFingerprint([...identities.slice(1), 'other']).fingerprint).not.toBe(suiteFingerprint(identities).fingerprint);
  });
});
