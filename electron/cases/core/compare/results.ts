/** Differences between two result sets: results that appeared, disappeared, or moved in certainty. */
import { describeTriple } from '../model/keys';
import type { ObservedResult } from '../model/observation';

export interface CertaintyChange {
  readonly key: string;
  readonly before: ObservedResult;
  readonly after: ObservedResult;
  /** after − before, in certainty points. */
  readonly delta: number;
}

export interface ResultDiff {
  /** Only in the second set. */
  readonly added: readonly ObservedResult[];
  /** Only in the first set. */
  readonly removed: readonly ObservedResult[];
  readonly changed: readonly CertaintyChange[];
  readonly unchanged: number;
}

/** A result's identity across sessions (fact IDs differ per session): its triple, names without case. */
export function resultKey(result: { readonly subject: string; readonly relationship: string; readonly object: unknown }): string {
  return `${result.subject.trim().toLowerCase()}|${result.relationship.trim().toLowerCase()}|${String(result.object).trim().toLowerCase()}`;
}

export function diffResults(before: readonly ObservedResult[], after: readonly ObservedResult[]): ResultDiff {
  const afterByKey = new Map(after.map((result) => [resultKey(result), result]));
  const beforeKeys = new Set(before.map(resultKey));
  const changed: CertaintyChange[] = [];
  const removed: ObservedResult[] = [];
  let unchanged = 0;
  for (const result of before) {
    const key = resultKey(result);
    const match = afterByKey.get(key);
    if (!match) removed.push(result);
    else if (Math.abs(match.certainty - result.certainty) > 1e-9)
      changed.push({ key: describeTriple(result), before: result, after: match, delta: match.certainty - result.certainty });
    else unchanged += 1;
  }
  const added = after.filter((result) => !beforeKeys.has(resultKey(result)));
  return { added, removed, changed, unchanged };
}

export function resultDiffIsEmpty(diff: ResultDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}
