/**
 * Question records, as the Decision API returns them, built from what the solver wants to ask.
 */
import type { ConceptEntry, KnownAnswer, Metadata, Question } from '../../common/decision-api';
import type { Fact } from '../facts/fact';
import type { KnowledgeMap, Relationship, Value } from '../model/types';
import { questionKey, type QuestionRequest } from '../solver/signals';
import { displayValue } from '../values';
import { objectTypeOf } from '../model/lookup';

/** What the question builder reads of the suspended run. */
interface QuestionLookup {
  lookup(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[];
  best(relationship: string, subject: string): Fact | undefined;
}

const FORM_TEMPLATE: Record<QuestionRequest['form'], keyof Relationship['questions']> = {
  'First Form': 'firstForm',
  'Second Form Object': 'secondFormObject',
  'Second Form Subject': 'secondFormSubject',
};

/** The prompt as the author wrote it, or a plain generated one when the map has none. */
function promptFor(map: KnowledgeMap, request: QuestionRequest): string {
  const relationship = request.relationship;
  const objectText = request.object === undefined ? '' : displayValue(request.object, objectTypeOf(map, relationship.name));
  const template = relationship.questions[FORM_TEMPLATE[request.form]];
  if (template) return template.replaceAll('%S', request.subject ?? '').replaceAll('%O', objectText);
  switch (request.form) {
    case 'First Form':
      return `Is it true that ${request.subject} ${relationship.name} ${objectText}?`;
    case 'Second Form Object':
      return relationship.plural
        ? `${request.subject} ${relationship.name} which values?`
        : `${request.subject} ${relationship.name} what?`;
    case 'Second Form Subject':
      return `Who or what ${relationship.name} ${objectText}?`;
  }
}

/** Most instances have no metadata: one frozen empty object serves them all. */
const NO_METADATA: Metadata = Object.freeze({}) as Metadata;

/** Per map: the metadata of the instances that have any, per concept (most concepts have none). */
const metadataIndexes = new WeakMap<KnowledgeMap, Map<string, Map<string, Metadata>>>();

function metadataIndex(map: KnowledgeMap): Map<string, Map<string, Metadata>> {
  let index = metadataIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const [concept, instances] of map.instances) {
      for (const instance of instances.values()) {
        if (instance.metadata.length === 0) continue;
        let byName = index.get(concept);
        if (!byName) index.set(concept, (byName = new Map()));
        byName.set(instance.name, { en: instance.metadata.map((entry) => ({ dataType: entry.dataType, data: entry.data })) });
      }
    }
    metadataIndexes.set(map, index);
  }
  return index;
}

function metadataOf(map: KnowledgeMap, concept: string, name: Value | undefined): Metadata {
  return metadataOfConcept(map, concept)(name);
}

/** The metadata of one concept's instances by name: a result of thousands of entries looks the concept up once. */
export function metadataOfConcept(map: KnowledgeMap, concept: string): (name: Value | undefined) => Metadata {
  const byName = metadataIndex(map).get(concept);
  if (!byName) return () => NO_METADATA;
  return (name) => (typeof name === 'string' ? (byName.get(name) ?? NO_METADATA) : NO_METADATA);
}

function conceptEntries(map: KnowledgeMap, concept: string): ConceptEntry[] {
  const type = map.concepts.get(concept)?.type ?? 'string';
  return [...(map.instances.get(concept)?.values() ?? [])].map((instance) => ({
    conceptType: concept,
    name: instance.name,
    type,
    value: instance.name,
  }));
}

function canAddText(relationship: Relationship): string {
  const { subject, object } = relationship.canAdd;
  if (subject && object) return 'all';
  if (subject) return 'subject';
  if (object) return 'object';
  return 'none';
}

/** The platform's knownAnswers entry carries the whole relationship definition. */
function knownAnswer(map: KnowledgeMap, relationship: Relationship, fact: Fact): KnownAnswer {
  return {
    subject: fact.subject,
    relationship: {
      name: relationship.name,
      subject: relationship.subject,
      object: relationship.object,
      plural: relationship.plural,
      allowCF: relationship.allowCF,
      allowUnknown: relationship.allowUnknown,
      canAdd: canAddText(relationship),
      askable: relationship.askable,
      subjectType: map.concepts.get(relationship.subject)?.type ?? 'string',
      objectType: objectTypeOf(map, relationship.name),
    },
    object: fact.object,
    cf: fact.certainty,
  };
}

export function buildQuestion(map: KnowledgeMap, request: QuestionRequest, lookup: QuestionLookup): Question {
  const relationship = request.relationship;
  const objectType = objectTypeOf(map, relationship.name);
  const known =
    request.form === 'Second Form Subject'
      ? lookup.lookup(relationship.name, undefined, request.object)
      : lookup.lookup(relationship.name, request.subject, request.form === 'First Form' ? request.object : undefined);
  const question: Question = {
    relationship: relationship.name,
    dataType: request.form === 'Second Form Subject' ? 'string' : objectType,
    type: request.form,
    plural: relationship.plural,
    allowCF: relationship.allowCF,
    allowUnknown: relationship.allowUnknown,
    canAdd:
      request.form === 'Second Form Object'
        ? relationship.canAdd.object
        : request.form === 'Second Form Subject'
          ? relationship.canAdd.subject
          : false,
    prompt: promptFor(map, request),
    knownAnswers: known.map((fact) => knownAnswer(map, relationship, fact)),
    concepts:
      request.form === 'Second Form Object'
        ? conceptEntries(map, relationship.object)
        : request.form === 'Second Form Subject'
          ? conceptEntries(map, relationship.subject)
          : [],
  };
  if (request.subject !== undefined) question.subject = request.subject;
  if (request.object !== undefined) {
    question.object = request.object;
  }
  question.objectType = objectType;
  question.objectMetadata = metadataOf(map, relationship.object, request.object);
  return question;
}

/**
 * Relationships grouped with the asked one (a shared `group` name and the same subject concept) are
 * asked together as extra second-form-object questions about the same subject.
 */
export function groupedRequests(
  map: KnowledgeMap,
  request: QuestionRequest,
  asked: ReadonlyMap<string, unknown>,
  lookup: QuestionLookup,
): QuestionRequest[] {
  const relationship = request.relationship;
  if (request.form !== 'Second Form Object' || relationship.groups.length === 0 || request.subject === undefined) return [];
  const subject = request.subject;
  const extras: QuestionRequest[] = [];
  for (const other of map.relationships.values()) {
    if (other === relationship || other.subject !== relationship.subject) continue;
    if (!other.groups.some((group) => relationship.groups.includes(group))) continue;
    if (other.askable !== 'all' && other.askable !== 'secondFormObject') continue;
    const key = questionKey('Second Form Object', other.name, subject, undefined);
    if (asked.has(key)) continue;
    const best = lookup.best(other.name, subject);
    if (!other.plural && best && best.certainty >= 100) continue;
    extras.push({ form: 'Second Form Object', relationship: other, subject, key });
  }
  return extras;
}
