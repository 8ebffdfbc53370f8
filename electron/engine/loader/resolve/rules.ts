/**
 * Resolving rules: the concluded relationship must exist (error); relationships used by conditions
 * may not (warning: the rule can never fire, but the map is otherwise usable, as in coffeebird's
 * extended hello world). Literals are typed by the relationship's concepts.
 */
import type { Condition, DataType, Rule, Term } from '../../model/types';
import { Code } from '../diagnostics';
import type { ConditionDraft, RuleDraft, Written } from '../drafts';
import { positionOf } from '../elements/common';
import { type About, ConditionWords, RuleWords } from '../elements/about';
import { offsetInValue } from '../xml-reader';
import { plainlyNotVariable } from '../literals';
import type { Scope } from './scope';

function undeclaredConclusion(name: string, about: About): string {
  return `${about} concludes relationship '${name}', which is not declared`;
}

function undeclaredInCondition(name: string, about: About): string {
  return `relationship '${name}' is not declared (used by ${about}); the rule can never fire`;
}

/** The map's rules in document order, indexed by their place among the rules that could be built. */
export function resolveRules(scope: Scope, drafts: readonly RuleDraft[]): Rule[] {
  const rules: Rule[] = [];
  for (const draft of drafts) {
    const about = new RuleWords(draft.ordinal, draft.name, draft.relationship.value);
    const relationship = scope.relationship(draft.relationship, 'error', undeclaredConclusion, about);
    const conditions: Condition[] = [];
    let usable = !draft.unusable && relationship !== undefined;
    for (let i = 0; i < draft.conditions.length; i++) {
      const resolved = resolveCondition(scope, draft.conditions[i], new ConditionWords(i + 1, about));
      if (resolved === undefined) usable = false;
      else conditions.push(resolved);
    }
    if (relationship === undefined) continue;
    const subject = headerTerm(scope, draft.subject, 'S', 'string', about, 'subject', relationship.name);
    const object = headerTerm(scope, draft.object, 'O', scope.typeOf(relationship.object), about, 'object', relationship.name);
    checkBindings(scope, draft, about);
    if (!usable || subject === undefined || object === undefined) continue;
    const rule: Rule = {
      index: rules.length,
      name: draft.name,
      relationship: relationship.name,
      subject,
      object,
      certainty: draft.certainty,
      minimumCertainty: draft.minimumCertainty,
      ordering: draft.ordering,
      alt: draft.alt,
      conditions,
      position: positionOf(scope.context, draft.element),
    };
    rules.push(rule);
    scope.ruleDrafts.set(rule, draft);
  }
  return rules;
}

function headerTerm(
  scope: Scope,
  written: Written | undefined,
  variable: 'S' | 'O',
  type: DataType,
  about: About,
  end: 'subject' | 'object',
  relationship: string,
): Term | undefined {
  if (written === undefined) return { kind: 'variable', name: variable };
  return scope.term(written, type, about, end, relationship, false);
}

function resolveCondition(scope: Scope, draft: ConditionDraft, about: About): Condition | undefined {
  const { weight, optional, alt } = draft;
  const position = positionOf(scope.context, draft.element);
  if (draft.kind === 'expression') {
    for (const reference of draft.references) {
      if (scope.relationships.has(reference.name) || scope.unusableRelationships.has(reference.name)) continue;
      const offset = offsetInValue(scope.context.source.original, draft.expressionAttribute, reference.offset);
      scope.undeclared(
        'relationship',
        reference.name,
        `relationship '${reference.name}' is not declared (used in the expression of ${about}); the function finds no facts for it`,
        offset,
        'warning',
        scope.relationships.keys(),
      );
    }
    return { kind: 'expression', expression: draft.expression, assignTo: draft.assignTo, weight, optional, alt, position };
  }
  const relationship = scope.relationship(draft.relationship, 'warning', undeclaredInCondition, about);
  const subjectType: DataType = 'string';
  const objectType = relationship === undefined ? 'string' : scope.typeOf(relationship.object);
  const name = relationship?.name ?? draft.relationship.value;
  const subject = scope.term(draft.subject, subjectType, about, 'subject', name, true);
  const object = scope.term(draft.object, objectType, about, 'object', name, true);
  if (subject === undefined || object === undefined) return undefined;
  return { kind: 'relationship', relationship: draft.relationship.value, subject, object, weight, optional, alt, position };
}

/**
 * Variables an expression reads must be bound somewhere in the rule: by the header (S, O), by a
 * relationship condition, or by an assignment. Otherwise the condition can never be met.
 */
function checkBindings(scope: Scope, draft: RuleDraft, about: About): void {
  const conditions = draft.conditions;
  // Most rules read no variable in an expression: nothing to check.
  let reads = false;
  for (const condition of conditions) if (condition.kind === 'expression' && condition.expression.variables.length > 0) reads = true;
  if (!reads) return;
  for (let i = 0; i < conditions.length; i++) {
    const condition = conditions[i];
    if (condition.kind !== 'expression') continue;
    for (const variable of condition.expression.variables) {
      if (isBound(conditions, variable)) continue;
      scope.context.sink.warning(
        Code.ruleUnboundVariable,
        `condition ${i + 1} of ${about} uses %${variable}, which no condition of the rule binds, so it can never be met`,
        condition.expressionAttribute.offset,
      );
    }
  }
}

/**
 * Whether the rule binds `variable`: the header's S and O, an assignment, or a relationship
 * condition's end. Asked of the rule's few conditions per variable read, not gathered into a set of
 * names cut from every end: that was a set and a string per end for every rule that reads one.
 */
function isBound(conditions: readonly ConditionDraft[], variable: string): boolean {
  if (variable === 'S' || variable === 'O') return true;
  for (const condition of conditions) {
    if (condition.kind === 'expression') {
      if (condition.assignTo === variable) return true;
    } else if (endBinds(condition.subject.value, variable) || endBinds(condition.object.value, variable)) return true;
  }
  return false;
}

/** Whether a relationship condition's end, as written, is `%variable` (blanks around it allowed). */
function endBinds(end: string, variable: string): boolean {
  if (plainlyNotVariable(end)) return false;
  // `trim` returns the string itself when there is nothing to trim (nearly always).
  const text = end.trim();
  return text.length === variable.length + 1 && text.charCodeAt(0) === 37 /* % */ && text.endsWith(variable);
}
