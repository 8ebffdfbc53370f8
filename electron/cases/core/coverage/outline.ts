/**
 * What a suite can cover in a map: its relationships, rules, the questions it can ask (by form)
 * and the answer options of each. Built from a loaded map (`outlineOf`); plain data otherwise, so
 * the renderer can show it and a remote map can be outlined from its source.
 */
import type { KnowledgeMap } from '../../../engine';
import type { QuestionForm } from '../model/schema';

export interface RelationshipOutline {
  readonly name: string;
  /** Forms the engine may ask it in (empty when it is never asked). */
  readonly forms: readonly QuestionForm[];
  /** Answer options per form: instances of the concept the answer names (none for number, date and truth concepts). */
  readonly options: Readonly<Partial<Record<QuestionForm, readonly string[]>>>;
  /** Some rule concludes it. */
  readonly inferred: boolean;
}

export interface RuleOutline {
  /** `speaks #2` (relationship and position among its rules), or the rule's name. */
  readonly id: string;
  readonly name?: string;
  readonly relationship: string;
  /** Condition relationships and expression texts in order: how an unnamed rule is recognised in evidence. */
  readonly signature: string;
  /** Relationships its conditions use, each once, in condition order (what the map graph draws into the rule). */
  readonly conditions: readonly string[];
  readonly line: number;
}

export interface MapOutline {
  readonly relationships: readonly RelationshipOutline[];
  readonly rules: readonly RuleOutline[];
}

/** A rule's signature from its header relationship and its conditions (relationship names or expression texts). */
export function ruleSignature(relationship: string, conditions: readonly ({ readonly relationship: string } | { readonly expression: string })[]): string {
  const parts = conditions.map((condition) => ('relationship' in condition ? `r:${condition.relationship.trim().toLowerCase()}` : `e:${condition.expression.replace(/\s+/g, ' ').trim().toLowerCase()}`));
  return `${relationship.trim().toLowerCase()}<-${parts.join(';')}`;
}

function formsOf(askable: string, hasFirstFormText: boolean): QuestionForm[] {
  switch (askable) {
    case 'none':
      return [];
    case 'secondFormObject':
      return ['second-form-object'];
    case 'secondFormSubject':
      return ['second-form-subject'];
    default:
      return hasFirstFormText ? ['first-form', 'second-form-object', 'second-form-subject'] : ['second-form-object', 'second-form-subject'];
  }
}

export function outlineOf(map: KnowledgeMap): MapOutline {
  const instancesOf = (concept: string): string[] => {
    if (map.concepts.get(concept)?.type !== 'string') return [];
    return [...(map.instances.get(concept)?.keys() ?? [])].sort();
  };
  const relationships = [...map.relationships.values()]
    .map((relationship): RelationshipOutline => {
      const forms = formsOf(relationship.askable, relationship.questions.firstForm !== undefined);
      const options: Partial<Record<QuestionForm, readonly string[]>> = {};
      if (forms.includes('second-form-object')) options['second-form-object'] = instancesOf(relationship.object);
      if (forms.includes('second-form-subject')) options['second-form-subject'] = instancesOf(relationship.subject);
      if (forms.includes('first-form')) options['first-form'] = ['yes', 'no'];
      return { name: relationship.name, forms, options, inferred: (map.rulesByRelationship.get(relationship.name)?.length ?? 0) > 0 };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const positions = new Map<string, number>();
  const rules = map.rules.map((rule): RuleOutline => {
    const position = (positions.get(rule.relationship) ?? 0) + 1;
    positions.set(rule.relationship, position);
    const signature = ruleSignature(
      rule.relationship,
      rule.conditions.map((condition) => (condition.kind === 'relationship' ? { relationship: condition.relationship } : { expression: condition.expression.text })),
    );
    const conditions = [...new Set(rule.conditions.flatMap((condition) => (condition.kind === 'relationship' ? [condition.relationship] : [])))];
    return { id: rule.name ?? `${rule.relationship} #${position}`, ...(rule.name === undefined ? {} : { name: rule.name }), relationship: rule.relationship, signature, conditions, line: rule.position.line };
  });
  return { relationships, rules };
}
