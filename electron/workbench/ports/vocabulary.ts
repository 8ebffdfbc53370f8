/**
 * A loaded map's vocabulary for the fact editor's completions: relationship names with their
 * concepts and question forms, and concept instances.
 */
import type { MapVocabulary } from '../../common/ipc';
import type { KnowledgeMap } from '../../engine';

/** Relationships and concepts (with instance names) of a map, sorted by name for stable completions. */
export function vocabularyOf(map: KnowledgeMap): MapVocabulary {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const relationships = [...map.relationships.values()].map((relationship) => ({
    name: relationship.name,
    subjectConcept: relationship.subject,
    objectConcept: relationship.object,
    objectType: map.concepts.get(relationship.object)?.type ?? 'string',
    plural: relationship.plural,
    allowCF: relationship.allowCF,
    allowUnknown: relationship.allowUnknown,
    canAddSubject: relationship.canAdd.subject,
    canAddObject: relationship.canAdd.object,
    inferred: (map.rulesByRelationship.get(relationship.name)?.length ?? 0) > 0,
    questions: { ...relationship.questions },
  }));
  const concepts = [...map.concepts.values()].map((concept) => ({
    name: concept.name,
    type: concept.type,
    instances: [...(map.instances.get(concept.name)?.keys() ?? [])].sort(),
  }));
  return { relationships: relationships.sort(byName), concepts: concepts.sort(byName) };
}
