/**
 * Splitting a suite across CI runners. Each case has an identity (its `id`, else the file it came
 * from and its name); shard I of N runs the cases whose identity ranks shard I highest under
 * rendezvous (highest-random-weight) hashing: the shard with the largest `sha256(identity, shard)`
 * wins. Every runner computes the same split from the case files alone, with no coordination.
 *
 * Why rendezvous rather than `hash mod N` or contiguous slices: a case's shard depends only on its
 * own identity, so adding or removing a case moves no other case (slices move every case after
 * it); and going from N to N+1 runners moves only the ~1/(N+1) of cases that the new shard wins
 * (`mod N` reshuffles nearly all of them), so per-shard timing history stays meaningful.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

const MAX_SHARDS = 1000;

/** `I/N` with 1 <= I <= N <= 1000, as `--shard` takes it. */
export const ShardSchema = z
  .string()
  .trim()
  .regex(/^\d+\s*\/\s*\d+$/, 'use I/N, e.g. 1/4 (shard I of N)')
  .transform((text) => {
    const [index, count] = text.split('/').map((part) => Number(part.trim()));
    return { index: index ?? 0, count: count ?? 0 };
  })
  .refine((shard) => shard.count >= 1 && shard.count <= MAX_SHARDS, `N must be between 1 and ${MAX_SHARDS}`)
  .refine((shard) => shard.index >= 1 && shard.index <= shard.count, 'I must be between 1 and N (shards count from 1)');

/** The 64-bit weight of `identity` on `shard`, as a bigint (compared exactly, no float ties). */
function weight(identity: string, shard: number): bigint {
  return createHash('sha256').update(`${shard}\u0000${identity}`).digest().readBigUInt64BE(0);
}

/** The shard (1..count) a case with this identity belongs to. */
export function shardOf(identity: string, count: number): number {
  let best = 1;
  let bestWeight = -1n;
  for (let shard = 1; shard <= count; shard += 1) {
    const candidate = weight(identity, shard);
    if (candidate > bestWeight) {
      best = shard;
      bestWeight = candidate;
    }
  }
  return best;
}

/** The items of `shard`, in their order; `identityOf` gives each one's identity. */
export function selectShard<T>(items: readonly T[], identityOf: (item: T) => string, shard: Shard): T[] {
  return items.filter((item) => shardOf(identityOf(item), shard.count) === shard.index);
}

/**
 * Identities for cases read from files: the case's `id` when it has one, else `file#name` (a
 * second case of that name in the file gets `#2`, and so on). Paths are written with `/` so
 * Windows and Linux runners agree; they are as given on the command line (run from the same folder).
 */
export function caseIdentities(
  cases: readonly { readonly id?: string | undefined; readonly name: string; readonly file: string }[],
): string[] {
  const seen = new Map<string, number>();
  return cases.map((item) => {
    const base = item.id !== undefined ? `id:${item.id}` : `${item.file.replace(/\\/g, '/')}#${item.name}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  });
}

/** What identifies a suite: a digest of all its case identities (order does not matter) and their count. */
export function suiteFingerprint(identities: readonly string[]): { readonly fingerprint: string; readonly cases: number } {
  const hash = createHash('sha256');
  for (const identity of [...identities].sort()) hash.update(`${identity}\n`);
  return { fingerprint: `sha256:${hash.digest('hex').slice(0, 32)}`, cases: identities.length };
}
