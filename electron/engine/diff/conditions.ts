/**
 * A matched rule's conditions compared: each condition is paired with its counterpart by what it
 * tests (relationship and ends, or expression text); leftovers of the same relationship, or two
 * leftover expressions, are paired as edited; the rest are added or removed. A new order of the
 * paired conditions is one `conditions.order` change.
 */
import type { MapDiffChange } from '../../common/map-diff';
import type { Condition } from '../model/types';
import { changedAttributes, normalText, termText, type Attribute } from './entries';

/** What a condition tests, as one line: `lives in(%S, %COUNTRY)` or `%KM gte 10`. */
export function conditionText(condition: Condition): string {
  if (condition.kind === 'relationship') return `${condition.relationship}(${termText(condition.subject)}, ${termText(condition.object)})`;
  const expression = normalText(condition.expression.text);
  return condition.assignTo === undefined ? expression : `%${condition.assignTo} = ${expression}`;
}

/** Pairs of (before index, after index). */
type Pairs = [number, number][];

function pairConditions(
  before: readonly Condition[],
  after: readonly Condition[],
  beforeTexts: readonly string[],
  afterTexts: readonly string[],
): Pairs {
  const pairs: Pairs = [];
  const usedAfter = new Set<number>();
  const usedBefore = new Set<number>();
  const pass = (same: (i: number, j: number) => boolean) => {
    before.forEach((_, i) => {
      if (usedBefore.has(i)) return;
      const j = after.findIndex((__, index) => !usedAfter.has(index) && same(i, index));
      if (j < 0) return;
      pairs.push([i, j]);
      usedBefore.add(i);
      usedAfter.add(j);
    });
  };
  pass((i, j) => beforeTexts[i] === afterTexts[j]);
  pass((i, j) => {
    const a = before[i] as Condition;
    const b = after[j] as Condition;
    return a.kind === 'relationship' && b.kind === 'relationship' && a.relationship === b.relationship;
  });
  pass((i, j) => before[i]?.kind === 'expression' && after[j]?.kind === 'expression');
  return pairs;
}

/** `condition 2 (lives in)`: 1-based, as a reader counts them. */
function conditionLabel(condition: Condition, index: number): string {
  return `condition ${index + 1} (${condition.kind === 'relationship' ? condition.relationship : 'expression'})`;
}

export function diffConditions(before: readonly Condition[], after: readonly Condition[]): MapDiffChange[] {
  const beforeTexts = before.map(conditionText);
  const afterTexts = after.map(conditionText);
  const pairs = pairConditions(before, after, beforeTexts, afterTexts);
  const changes: MapDiffChange[] = [];
  for (const [i, j] of [...pairs].sort((a, b) => a[1] - b[1])) {
    const old = before[i] as Condition;
    const now = after[j] as Condition;
    const prefix = `conditions[${j + 1}]`;
    const label = conditionLabel(now, j);
    const attributes: Attribute[] = [
      { path: `${prefix}.text`, label: `${label} text`, before: beforeTexts[i], after: afterTexts[j] },
      { path: `${prefix}.weight`, label: `${label} weight`, before: old.weight, after: now.weight },
      { path: `${prefix}.optional`, label: `${label} optional`, before: old.optional, after: now.optional },
      { path: `${prefix}.alt`, label: `${label} evidence text`, before: old.alt, after: now.alt },
    ];
    changes.push(...changedAttributes(attributes, { before: old.position.line, after: now.position.line }));
  }
  const pairedBefore = new Set(pairs.map(([i]) => i));
  const pairedAfter = new Set(pairs.map(([, j]) => j));
  before.forEach((old, i) => {
    if (!pairedBefore.has(i))
      changes.push({
        path: `conditions[-${i + 1}]`,
        label: `${conditionLabel(old, i)} removed`,
        before: beforeTexts[i] as string,
        beforeLine: old.position.line,
      });
  });
  after.forEach((now, j) => {
    if (!pairedAfter.has(j))
      changes.push({
        path: `conditions[${j + 1}]`,
        label: `${conditionLabel(now, j)} added`,
        after: afterTexts[j] as string,
        afterLine: now.position.line,
      });
  });
  // Order: the paired conditions read in before order, then in after order.
  const inBeforeOrder = [...pairs].sort((a, b) => a[0] - b[0]).map(([i]) => beforeTexts[i] as string);
  const inAfterOrder = [...pairs].sort((a, b) => a[1] - b[1]).map(([i]) => beforeTexts[i] as string);
  if (inBeforeOrder.join('\n') !== inAfterOrder.join('\n')) {
    changes.push({
      path: 'conditions.order',
      label: 'condition order',
      before: inBeforeOrder.join(' ; '),
      after: inAfterOrder.join(' ; '),
    });
  }
  return changes;
}
