/** The impact of a comparison: how many cases changed, improved or regressed, and how certainties shifted. */
import type { CaseChange, CaseComparison } from './compare';

export interface HistogramBucket {
  readonly label: string;
  /** Shift range in certainty points: from (exclusive, except the lowest) to (inclusive). */
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

export interface ImpactSummary {
  readonly total: number;
  readonly counts: Readonly<Record<CaseChange, number>>;
  /** Results present on both sides, by certainty shift (after − before). */
  readonly histogram: readonly HistogramBucket[];
  /** Results only on the second side / only on the first. */
  readonly appeared: number;
  readonly disappeared: number;
}

/** Bucket edges: a zero bucket, then widening steps either way. */
const EDGES: readonly [string, number, number][] = [
  ['−100 to −50', -100, -50],
  ['−50 to −20', -50, -20],
  ['−20 to −5', -20, -5],
  ['−5 to 0', -5, -1e-9],
  ['0', -1e-9, 1e-9],
  ['0 to +5', 1e-9, 5],
  ['+5 to +20', 5, 20],
  ['+20 to +50', 20, 50],
  ['+50 to +100', 50, 100],
];

function bucketOf(delta: number): number {
  const index = EDGES.findIndex(([, from, to], position) => (position === 0 ? delta >= from : delta > from) && delta <= to);
  return index < 0 ? (delta < 0 ? 0 : EDGES.length - 1) : index;
}

export function summarise(comparisons: readonly CaseComparison[]): ImpactSummary {
  const counts: Record<CaseChange, number> = { unchanged: 0, changed: 0, improved: 0, regressed: 0 };
  const buckets = EDGES.map(() => 0);
  let appeared = 0;
  let disappeared = 0;
  for (const comparison of comparisons) {
    counts[comparison.change] += 1;
    appeared += comparison.results.added.length;
    disappeared += comparison.results.removed.length;
    buckets[bucketOf(0)] += comparison.results.unchanged;
    for (const change of comparison.results.changed) buckets[bucketOf(change.delta)] += 1;
  }
  return {
    total: comparisons.length,
    counts,
    histogram: EDGES.map(([label, from, to], index) => ({ label, from: Math.round(from), to: Math.round(to), count: buckets[index] })),
    appeared,
    disappeared,
  };
}
