/**
 * Rules matched across two maps by what they conclude and from what, in passes from the surest
 * to the loosest: the same name; the same header and conditions; the same header and conditions
 * in another order; then the same concluded relationship with conditions alike enough (an edited
 * rule: half alike, or a third with the same header). A matched pair whose name differs is `renamed`. Each pass takes rules
 * in document order, so two alike rules pair up in the order they are written.
 */
import type { MapDiffEntry } from '../../common/map-diff';
import type { KnowledgeMap, Rule } from '../model/types';
import { conditionText, diffConditions } from './conditions';
import { changedAttributes, normalText, termText } from './entries';

interface RuleFacts {
  readonly rule: Rule;
  /** As coverage and evidence name it: its name, else `relationship #n` (n-th rule of the relationship). */
  readonly id: string;
  readonly header: string;
  readonly signature: string;
  readonly conditionSet: string;
  readonly conditionTexts: readonly string[];
}

function factsOf(map: KnowledgeMap): RuleFacts[] {
  const positions = new Map<string, number>();
  return map.rules.map((rule) => {
    const position = (positions.get(rule.relationship) ?? 0) + 1;
    positions.set(rule.relationship, position);
    const header = `${rule.relationship}(${termText(rule.subject)}, ${termText(rule.object)})`;
    const conditionTexts = rule.conditions.map(conditionText);
    return {
      rule,
      id: rule.name ?? `${rule.relationship} #${position}`,
      header,
      signature: `${header} <- ${conditionTexts.join(' ; ')}`,
      conditionSet: [...conditionTexts].sort().join(' ; '),
      conditionTexts,
    };
  });
}

const nameOf = (rule: Rule): string | undefined => (rule.name === undefined ? undefined : normalText(rule.name).toLowerCase());

/** What a condition is about, loosely: its relationship, or "an expression". */
function looseKind(rule: Rule, index: number): string {
  const condition = rule.conditions[index];
  return condition?.kind === 'relationship' ? `r:${condition.relationship}` : 'expression';
}

/**
 * How alike two rules' conditions are, 0 to 1: an identical condition counts 1, one left over that
 * tests the same relationship (or is an expression, as another) counts a half; over the larger count.
 */
function similarity(a: RuleFacts, b: RuleFacts): number {
  const size = Math.max(a.conditionTexts.length, b.conditionTexts.length);
  if (size === 0) return 1;
  const left = a.conditionTexts.map((text, index) => ({ text, loose: looseKind(a.rule, index) }));
  const unmatched: string[] = [];
  let score = 0;
  b.conditionTexts.forEach((text, index) => {
    const at = left.findIndex((item) => item.text === text);
    if (at >= 0) {
      score += 1;
      left.splice(at, 1);
    } else unmatched.push(looseKind(b.rule, index));
  });
  for (const loose of unmatched) {
    const at = left.findIndex((item) => item.loose === loose);
    if (at < 0) continue;
    score += 0.5;
    left.splice(at, 1);
  }
  return score / size;
}

type Pair = [RuleFacts, RuleFacts];

function matchRules(before: readonly RuleFacts[], after: readonly RuleFacts[]): Pair[] {
  const pairs: Pair[] = [];
  const taken = new Set<RuleFacts>();
  const take = (old: RuleFacts, now: RuleFacts) => {
    pairs.push([old, now]);
    taken.add(old);
    taken.add(now);
  };
  /** Exact passes: the first free after-rule with the same key, in document order (a map lookup, not a scan). */
  const exact = (keyOf: (facts: RuleFacts) => string | undefined) => {
    const byKey = new Map<string, RuleFacts[]>();
    for (const now of after) {
      const key = taken.has(now) ? undefined : keyOf(now);
      if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), now]);
    }
    for (const old of before) {
      const key = taken.has(old) ? undefined : keyOf(old);
      const now = key === undefined ? undefined : byKey.get(key)?.find((candidate) => !taken.has(candidate));
      if (now) take(old, now);
    }
  };
  exact((facts) => (nameOf(facts.rule) === undefined ? undefined : `${facts.rule.relationship}\u0000${nameOf(facts.rule)}`));
  exact((facts) => facts.signature);
  exact((facts) => `${facts.header}\u0000${facts.conditionSet}`);
  // Edited rules, among the free rules of the same relationship: the most alike conditions wins;
  // the same header asks for less and breaks a tie.
  const freeByRelationship = new Map<string, RuleFacts[]>();
  for (const now of after)
    if (!taken.has(now)) freeByRelationship.set(now.rule.relationship, [...(freeByRelationship.get(now.rule.relationship) ?? []), now]);
  for (const old of before) {
    if (taken.has(old)) continue;
    let best: RuleFacts | undefined;
    let bestScore = 0;
    for (const now of freeByRelationship.get(old.rule.relationship) ?? []) {
      if (taken.has(now)) continue;
      const sameHeader = old.header === now.header;
      const alike = similarity(old, now);
      const score = alike >= (sameHeader ? 0.34 : 0.5) ? alike + (sameHeader ? 0.001 : 0) : 0;
      if (score > bestScore) {
        best = now;
        bestScore = score;
      }
    }
    if (best) take(old, best);
  }
  return pairs;
}

function labelOf(facts: RuleFacts): string {
  return facts.rule.name === undefined ? `rule ${facts.id}` : `rule "${facts.rule.name}" (${facts.rule.relationship})`;
}

function compareRules(old: RuleFacts, now: RuleFacts): MapDiffEntry['changes'] {
  const lines = { before: old.rule.position.line, after: now.rule.position.line };
  return [
    ...changedAttributes(
      [
        { path: 'name', label: 'name', before: old.rule.name, after: now.rule.name },
        { path: 'subject', label: 'header subject', before: termText(old.rule.subject), after: termText(now.rule.subject) },
        { path: 'object', label: 'header object', before: termText(old.rule.object), after: termText(now.rule.object) },
        { path: 'certainty', label: 'certainty', before: old.rule.certainty, after: now.rule.certainty },
        { path: 'minimumCertainty', label: 'minimum rule certainty', before: old.rule.minimumCertainty, after: now.rule.minimumCertainty },
        { path: 'ordering', label: 'condition ordering', before: old.rule.ordering, after: now.rule.ordering },
        { path: 'alt', label: 'evidence text', before: old.rule.alt, after: now.rule.alt },
      ],
      lines,
    ),
    ...diffConditions(old.rule.conditions, now.rule.conditions),
  ];
}

/** Rule entries: changed and renamed (in after order), removed, then added. */
export function diffRules(before: KnowledgeMap, after: KnowledgeMap): MapDiffEntry[] {
  const old = factsOf(before);
  const now = factsOf(after);
  const pairs = matchRules(old, now).sort((a, b) => a[1].rule.index - b[1].rule.index);
  const keys = new Set<string>();
  const keyOf = (a: RuleFacts | undefined, b: RuleFacts | undefined) => {
    let key = `rule:${a?.id ?? ''}>${b?.id ?? ''}`;
    if (keys.has(key)) key = `${key}@${a?.rule.index ?? ''}>${b?.rule.index ?? ''}`;
    keys.add(key);
    return key;
  };
  const place = (facts: RuleFacts) => ({ line: facts.rule.position.line, ruleId: facts.id });
  const entries: MapDiffEntry[] = [];
  for (const [a, b] of pairs) {
    const changes = compareRules(a, b);
    if (changes.length === 0) continue;
    const renamed = changes.some((change) => change.path === 'name');
    entries.push({
      kind: 'rule',
      status: renamed ? 'renamed' : 'changed',
      key: keyOf(a, b),
      label: labelOf(b),
      relationship: b.rule.relationship,
      before: place(a),
      after: place(b),
      changes,
    });
  }
  const paired = new Set(pairs.flat());
  for (const a of old)
    if (!paired.has(a))
      entries.push({
        kind: 'rule',
        status: 'removed',
        key: keyOf(a, undefined),
        label: labelOf(a),
        relationship: a.rule.relationship,
        before: place(a),
        changes: [],
      });
  for (const b of now)
    if (!paired.has(b))
      entries.push({
        kind: 'rule',
        status: 'added',
        key: keyOf(undefined, b),
        label: labelOf(b),
        relationship: b.rule.relationship,
        after: place(b),
        changes: [],
      });
  return entries;
}
