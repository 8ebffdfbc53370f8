/**
 * Resolving declarations: concepts, then relationships (whose ends name concepts), then instances.
 */
import { Code } from '../diagnostics';
import type { MapDraft } from '../drafts';
import { positionOf } from '../elements/common';
import type { Scope } from './scope';

/** Concepts into the scope; a repeated name is an error and the first declaration wins. */
export function resolveConcepts(scope: Scope, draft: MapDraft): void {
  const { context } = scope;
  for (const concept of draft.concepts) {
    const first = scope.concepts.get(concept.name);
    if (first !== undefined) {
      context.sink.error(
        Code.duplicateConcept,
        `concept '${concept.name}' is declared twice (first on line ${first.position.line}); this declaration is ignored`,
        concept.nameAttribute.offset,
      );
      continue;
    }
    scope.conceptDrafts.set(concept.name, concept);
    scope.concepts.set(concept.name, {
      name: concept.name,
      type: concept.type,
      mutuallyExclusive: concept.mutuallyExclusive,
      contextScoped: concept.contextScoped,
      position: positionOf(context, concept.element),
    });
  }
}

/**
 * Relationships into the scope. One whose concepts are missing, or whose subject is not a string
 * concept, is reported and kept out of the model (but remembered, so uses of it are not reported again).
 */
export function resolveRelationships(scope: Scope, draft: MapDraft): void {
  const { context } = scope;
  for (const relationship of draft.relationships) {
    const about = `relationship '${relationship.name}'`;
    const first = scope.relationships.get(relationship.name);
    if (first !== undefined || scope.unusableRelationships.has(relationship.name)) {
      const where = first === undefined ? '' : ` (first on line ${first.position.line})`;
      context.sink.error(
        Code.duplicateRelationship,
        `relationship '${relationship.name}' is declared twice${where}; relationship names must be unique across the map, so this declaration is ignored`,
        relationship.nameAttribute.offset,
      );
      continue;
    }
    let usable = relationship.subject.value !== '' && relationship.object.value !== '';
    for (const [end, written] of [
      ['subject', relationship.subject],
      ['object', relationship.object],
    ] as const) {
      if (written.value === '' || scope.concepts.has(written.value)) continue;
      scope.undeclared(
        'concept',
        written.value,
        `${about}: ${end} concept '${written.value}' is not declared`,
        written.offset,
        'error',
        scope.concepts.keys(),
      );
      usable = false;
    }
    const subjectType = scope.concepts.get(relationship.subject.value)?.type;
    if (subjectType !== undefined && subjectType !== 'string') {
      context.sink.error(
        Code.nonStringSubject,
        `${about}: its subject concept '${relationship.subject.value}' is a ${subjectType} concept; relationship subjects must be string concepts`,
        relationship.subject.offset,
      );
      usable = false;
    }
    if (!usable) {
      scope.unusableRelationships.add(relationship.name);
      continue;
    }
    scope.relationshipDrafts.set(relationship.name, relationship);
    scope.relationships.set(relationship.name, {
      name: relationship.name,
      subject: relationship.subject.value,
      object: relationship.object.value,
      plural: relationship.plural,
      askable: relationship.askable,
      allowCF: relationship.allowCF,
      allowUnknown: relationship.allowUnknown,
      canAdd: relationship.canAdd,
      groups: relationship.groups,
      contextScoped: relationship.contextScoped,
      questions: relationship.questions,
      position: positionOf(context, relationship.element),
    });
  }
}

/** Instances per concept; only string concepts have them, and a repeat is only a warning (it changes nothing). */
export function resolveInstances(scope: Scope, draft: MapDraft): void {
  const { context } = scope;
  for (const instance of draft.instances) {
    const about = `instance '${instance.name}'`;
    const conceptName = instance.concept.value;
    const concept = scope.concepts.get(conceptName);
    if (concept === undefined) {
      scope.undeclared(
        'concept',
        conceptName,
        `${about}: concept '${conceptName}' is not declared`,
        instance.concept.offset,
        'error',
        scope.concepts.keys(),
      );
      continue;
    }
    if (concept.type !== 'string') {
      context.sink.error(
        Code.instanceOfNonString,
        `${about}: concept '${conceptName}' is a ${concept.type} concept; only string concepts have instances`,
        instance.concept.offset,
      );
      continue;
    }
    let byName = scope.instances.get(conceptName);
    if (byName === undefined) {
      byName = new Map();
      scope.instances.set(conceptName, byName);
    }
    const first = byName.get(instance.name);
    if (first !== undefined) {
      context.sink.warning(
        Code.duplicateInstance,
        `${about} of concept '${conceptName}' is declared twice (first on line ${first.position.line}); the repeat is ignored`,
        instance.element.offset,
      );
      continue;
    }
    byName.set(instance.name, {
      name: instance.name,
      concept: conceptName,
      metadata: instance.metadata,
      position: positionOf(context, instance.element),
    });
  }
}
