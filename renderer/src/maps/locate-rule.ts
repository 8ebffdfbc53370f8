/**
 * Finding the rule an evidence record was derived by in a map's text. Evidence names the concluded
 * relationship, the rule's name and alt text (when it has them), its certainty cap and its
 * conditions; the best match among the rules concluding that relationship wins, so the rule is
 * found even where lines moved (a draft edited since the session ran).
 */
import type { EvidenceRecord } from '../api/wire';
import type { MapIndex, RuleInfo } from '../editor/rblang/map-index';

export interface RuleClue {
  readonly relationship: string;
  readonly name?: string;
  readonly alt?: string;
  readonly certainty?: number;
  /** Condition relationships, and expression texts, in any order. */
  readonly conditions: readonly string[];
}

/** What an evidence record says about the rule that derived its fact (undefined for other facts). */
export function ruleClue(record: EvidenceRecord): RuleClue | undefined {
  const rule = record.rule;
  if (!rule) return undefined;
  return {
    relationship: record.fact.relationship.type,
    ...(rule.name ? { name: rule.name } : {}),
    ...(rule.alt ? { alt: rule.alt } : {}),
    certainty: rule.ruleMaxCertainty,
    conditions: rule.conditions.map((condition) => ('expression' in condition ? condition.expression.text : condition.relationship)),
  };
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

function score(rule: RuleInfo, clue: RuleClue): number {
  let total = 0;
  if (clue.name !== undefined) total += rule.name === clue.name ? 8 : -4;
  if (clue.alt !== undefined && rule.alt === clue.alt) total += 4;
  if (clue.certainty !== undefined && rule.certainty === clue.certainty) total += 2;
  const remaining = rule.conditions.map(normal);
  for (const condition of clue.conditions) {
    const at = remaining.indexOf(normal(condition));
    if (at >= 0) {
      total += 1;
      remaining.splice(at, 1);
    }
  }
  if (remaining.length === 0 && rule.conditions.length === clue.conditions.length) total += 1;
  return total;
}

/** The rule of the map that best fits the clue (first in document order on a tie), if any concludes its relationship. */
export function locateRule(index: MapIndex, clue: RuleClue): RuleInfo | undefined {
  let best: RuleInfo | undefined;
  let bestScore = -Infinity;
  for (const rule of index.rules) {
    if (rule.relationship !== clue.relationship) continue;
    const value = score(rule, clue);
    if (value > bestScore) {
      best = rule;
      bestScore = value;
    }
  }
  return best;
}
