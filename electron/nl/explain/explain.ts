/**
 * Prose explanations of the evidence chain of a fact, in four styles. Everything said comes from
 * the evidence records: rules (name, `alt` text, maximum certainty), conditions (certainty, weight,
 * impact, `alt`), expression values and the facts behind each condition.
 */
import type { EvidenceRecord, ExpressionConditionEvidence, RelationshipConditionEvidence } from '../../common/decision-api';
import { isRelationshipCondition, type EvidenceNode } from './evidence-tree';
import { confidenceWords, factText, listText, percent, plainSourceText, recordText, sentence, sourceText, valueText } from './phrasing';
import type { ExplanationStyle } from './styles';

type Bindings = NonNullable<EvidenceRecord['rule']>['bindings'];

function bindingValue(bindings: Bindings, name: string): string | undefined {
  const bound = bindings[name];
  if (bound === undefined) return undefined;
  if (bound !== null && typeof bound === 'object') return valueText(bound.value, bound.type);
  return valueText(bound);
}

/** "%AGE >= 3" with its values: "30 >= 3". */
function expressionWithValues(text: string, bindings: Bindings): string {
  return text.replace(/%([A-Za-z][A-Za-z0-9_]*)/g, (whole, name: string) => bindingValue(bindings, name) ?? whole);
}

function conditionFact(condition: RelationshipConditionEvidence): string {
  return factText(condition.subject, condition.relationship, condition.object, condition.objectType);
}

/** Author text with any `%VAR` the engine left (written without `{{ }}`) filled from the bindings. */
function altText(alt: string | undefined, bindings: Bindings): string | undefined {
  return alt === undefined ? undefined : expressionWithValues(alt, bindings);
}

/** A relationship condition in words: the author's text when there is one, else the fact. */
function conditionWords(condition: RelationshipConditionEvidence, bindings: Bindings): string {
  return altText(condition.alt, bindings) ?? conditionFact(condition);
}

/** What an expression condition did, with its values. */
function expressionText(condition: ExpressionConditionEvidence, bindings: Bindings, plain: boolean): string {
  const { expression } = condition;
  const alt = altText(condition.alt, bindings);
  const withValues = expressionWithValues(expression.text, bindings);
  if (expression.value) {
    const target = expression.value.replace(/^%/, '');
    const result = bindingValue(bindings, target);
    if (plain) return alt ?? `a calculation gave ${result ?? 'a value'}`;
    return `${alt ? `${alt}: ` : ''}${expression.value} was calculated as ${result ?? 'unknown'} (${expression.text}${withValues !== expression.text ? ` = ${withValues}` : ''})`;
  }
  if (plain) return alt ?? (condition.wasMet ? 'a required check passed' : 'a check did not pass');
  const verdict = condition.wasMet ? 'held' : 'did not hold';
  return `${alt ? `${alt}: ` : ''}the test ${expression.text} ${verdict}${withValues !== expression.text ? ` (${withValues})` : ''}`;
}

function ruleName(record: EvidenceRecord): string {
  return record.rule?.name ? `the rule "${record.rule.name}"` : 'a rule';
}

function head(record: EvidenceRecord): string {
  return `${recordText(record)} (${percent(record.fact.certainty)} certain)`;
}

// ---------------------------------------------------------------------------------------------

function detailed(node: EvidenceNode, lines: string[], depth: number): void {
  const { record } = node;
  if (!record.rule) {
    lines.push(sentence(`${depth === 0 ? '' : 'Where this comes from: '}${head(record)} is ${sourceText(record.source)}`));
    return;
  }
  const { rule } = record;
  const ruleAlt = altText(rule.alt, rule.bindings);
  lines.push(
    sentence(
      `${head(record)} was concluded by ${ruleName(record)}, which gives at most ${percent(rule.ruleMaxCertainty)} certainty${ruleAlt ? `: ${ruleAlt}` : ''}`,
    ),
  );
  const explained: EvidenceNode[] = [];
  rule.conditions.forEach((condition, index) => {
    const number = `${index + 1}.`;
    const weight =
      condition.salience === 0
        ? 'weight 0, so it does not change the certainty'
        : `weight ${condition.salience}, impact ${condition.impact}`;
    if (isRelationshipCondition(condition)) {
      const what = conditionWords(condition, rule.bindings);
      if (condition.wasMet === false) {
        lines.push(`${number} ${sentence(`${what}: not established (an optional condition), so it added nothing`)}`);
        return;
      }
      const child = node.children.get(condition.factID);
      const from = child ? (child.record.rule ? ', itself concluded by a rule (below)' : `, ${sourceText(child.record.source)}`) : '';
      lines.push(`${number} ${sentence(`${what}: ${percent(condition.certainty)} certain (${weight})${from}`)}`);
      if (child?.record.rule) explained.push(child);
    } else {
      lines.push(`${number} ${sentence(`${expressionText(condition, rule.bindings, false)} (${weight})`)}`);
    }
  });
  for (const child of explained) {
    lines.push('');
    detailed(child, lines, depth + 1);
  }
}

function bullets(node: EvidenceNode, lines: string[], depth: number): void {
  const indent = '  '.repeat(depth);
  const { record } = node;
  if (!record.rule) {
    lines.push(`${indent}- ${sentence(`${head(record)}: ${sourceText(record.source)}`)}`);
    return;
  }
  const ruleAlt = altText(record.rule.alt, record.rule.bindings);
  lines.push(
    `${indent}- ${sentence(`${head(record)}, by ${ruleName(record)} (at most ${percent(record.rule.ruleMaxCertainty)})${ruleAlt ? `: ${ruleAlt}` : ''}`)}`,
  );
  for (const condition of record.rule.conditions) {
    if (isRelationshipCondition(condition)) {
      const what = conditionWords(condition, record.rule.bindings);
      if (condition.wasMet === false) {
        lines.push(`${indent}  - ${sentence(`${what}: not established (optional)`)}`);
        continue;
      }
      const child = node.children.get(condition.factID);
      if (child?.record.rule) bullets(child, lines, depth + 1);
      else
        lines.push(
          `${indent}  - ${sentence(`${what}: ${percent(condition.certainty)}, impact ${condition.impact}${child ? `; ${sourceText(child.record.source)}` : ''}`)}`,
        );
    } else {
      lines.push(`${indent}  - ${sentence(`${expressionText(condition, record.rule.bindings, false)}, impact ${condition.impact}`)}`);
    }
  }
}

/** The reasons of one rule as short phrases (met conditions that count). */
function reasons(record: EvidenceRecord, plain: boolean): string[] {
  const rule = record.rule;
  if (!rule) return [];
  return rule.conditions
    .filter((condition) => condition.salience > 0 && condition.wasMet !== false)
    .map((condition) =>
      isRelationshipCondition(condition)
        ? conditionWords(condition, rule.bindings)
        : (altText(condition.alt, rule.bindings) ?? expressionText(condition, rule.bindings, plain)),
    );
}

function concise(node: EvidenceNode): string {
  const { record } = node;
  if (!record.rule) return sentence(`${head(record)}: ${sourceText(record.source)}`);
  const why = reasons(record, false);
  return sentence(`${head(record)} because ${listText(why)}${record.rule.name ? ` (rule "${record.rule.name}")` : ''}`);
}

function plain(node: EvidenceNode, lines: string[], depth: number): void {
  const { record } = node;
  if (depth === 0) {
    lines.push(
      sentence(
        `We are ${confidenceWords(record.fact.certainty)} (${Math.round(record.fact.certainty)} out of 100) that ${recordText(record)}`,
      ),
    );
  }
  if (!record.rule) {
    lines.push(sentence(plainSourceText(record.source)));
    return;
  }
  const why = reasons(record, true);
  if (why.length > 0)
    lines.push(sentence(`${depth === 0 ? 'This is because' : `We worked out that ${recordText(record)} because`} ${listText(why)}`));
  for (const condition of record.rule.conditions) {
    if (!isRelationshipCondition(condition)) continue;
    const child = node.children.get(condition.factID);
    if (child?.record.rule && condition.salience > 0) plain(child, lines, depth + 1);
  }
}

/** Writes the explanation of an evidence chain in one of the offline styles. */
export function explainEvidence(tree: EvidenceNode, style: ExplanationStyle): string {
  const lines: string[] = [];
  switch (style) {
    case 'concise':
      return concise(tree);
    case 'bullets':
      bullets(tree, lines, 0);
      return lines.join('\n');
    case 'plain':
      plain(tree, lines, 0);
      return lines.join(' ');
    case 'detailed':
      detailed(tree, lines, 0);
      return lines.join('\n');
  }
}
