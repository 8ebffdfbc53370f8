/**
 * Advice on a resolved map: things that are valid but probably not what the author meant
 * (warnings), and remarks that help reading a map (infos).
 */
import { Code } from './diagnostics';
import { describeRule } from './elements/about';
import type { Resolution } from './resolve';

/** How a message names a question element; worded only for a question with something to report (most have none). */
function questionAbout(relationship: string, element: string): string {
  return `relationship '${relationship}': <${element}>`;
}

/** Report advice (warnings and notes) about a resolved map; changes nothing. */
export function lint({ map, scope }: Resolution): void {
  const { sink } = scope.context;
  for (const relationship of scope.relationshipDrafts.values()) {
    for (const element of relationship.questionElements) {
      const text = element.text;
      if (element.localName === 'firstForm' && !(text.includes('%S') && text.includes('%O'))) {
        sink.warning(
          Code.questionPlaceholders,
          `${questionAbout(relationship.name, element.name)} should mention both %S and %O (it confirms one subject-object pair)`,
          element.offset,
        );
      } else if (element.localName === 'secondFormObject' && text.includes('%O')) {
        sink.warning(
          Code.questionPlaceholders,
          `${questionAbout(relationship.name, element.name)} asks for the object, so it should not contain %O`,
          element.offset,
        );
      } else if (element.localName === 'secondFormSubject' && text.includes('%S')) {
        sink.warning(
          Code.questionPlaceholders,
          `${questionAbout(relationship.name, element.name)} asks for the subject, so it should not contain %S`,
          element.offset,
        );
      }
    }
  }

  const usedConcepts = new Set<string>();
  for (const relationship of map.relationships.values()) usedConcepts.add(relationship.subject).add(relationship.object);
  for (const concept of scope.conceptDrafts.values()) {
    if (concept.mutuallyExclusive) {
      const count = map.instances.get(concept.name)?.size ?? 0;
      if (count !== 2) {
        sink.warning(
          Code.mutexInstances,
          `mutually exclusive concept '${concept.name}' should have exactly 2 instances (it has ${count})`,
          concept.element.offset,
        );
      }
    }
    if (!usedConcepts.has(concept.name))
      sink.info(Code.unusedConcept, `concept '${concept.name}' is not used by any relationship`, concept.element.offset);
  }

  // Where facts of each relationship can come from besides injection.
  const sourced = new Set<string>();
  for (const fact of map.facts) sourced.add(fact.relationship);
  for (const relationship of map.rulesByRelationship.keys()) sourced.add(relationship);
  for (const concept of map.concepts.values()) {
    const stack = concept.datasources.flatMap((source) => source.actions);
    while (stack.length > 0) {
      const action = stack.pop();
      if (action === undefined) break;
      sourced.add(action.relationship);
      stack.push(...action.children);
    }
  }
  const injectionOnly = new Set<string>();
  for (const relationship of map.relationships.values()) {
    if (relationship.askable !== 'none' || sourced.has(relationship.name)) continue;
    injectionOnly.add(relationship.name);
    const element = scope.relationshipDrafts.get(relationship.name)?.element;
    sink.info(
      Code.injectionOnly,
      `relationship '${relationship.name}' can only get facts by injection (askable="none", and no facts, rules or datasource provide it)`,
      element?.offset ?? 0,
    );
  }

  for (const rule of map.rules) {
    let needsInjection: string | undefined;
    let recursive = false;
    for (const condition of rule.conditions) {
      if (condition.kind !== 'relationship') continue;
      if (needsInjection === undefined && !condition.optional && injectionOnly.has(condition.relationship))
        needsInjection = condition.relationship;
      if (condition.relationship === rule.relationship) recursive = true;
    }
    // Worded only for the few rules with something to say.
    if (needsInjection === undefined && !recursive) continue;
    const ruleDraft = scope.ruleDrafts.get(rule);
    const offset = ruleDraft?.element.offset ?? 0;
    const about = describeRule(ruleDraft?.ordinal ?? rule.index + 1, rule.name, rule.relationship);
    if (needsInjection !== undefined) {
      sink.info(
        Code.ruleNeedsInjection,
        `${about} can only fire when facts of '${needsInjection}' are injected (a mandatory condition depends on it)`,
        offset,
      );
    }
    if (recursive) {
      sink.info(Code.ruleRecursive, `${about} is recursive: '${rule.relationship}' depends on '${rule.relationship}'`, offset);
    }
  }
}
