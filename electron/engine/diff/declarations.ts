/**
 * Diff of the declarations: concepts, instances, relationships (with their questions) and the
 * facts a map states. Each is matched by name (an instance by concept and name, a fact by
 * relationship, subject and object); a rename shows as one removed and one added.
 */
import type { MapDiffEntry } from '../../common/map-diff';
import type { Concept, Instance, KnowledgeMap, MapFact, Relationship } from '../model/types';
import { changedAttributes, type Attribute } from './entries';

type Kind = MapDiffEntry['kind'];

interface Described<T> {
  readonly key: string;
  readonly label: string;
  readonly line: number;
  readonly relationship?: string;
  readonly item: T;
}

/** Added, removed and changed entries of one kind, given how to describe and compare an item. */
function diffKeyed<T>(
  kind: Kind,
  before: readonly Described<T>[],
  after: readonly Described<T>[],
  compare: (a: T, b: T) => Attribute[],
): MapDiffEntry[] {
  const entries: MapDiffEntry[] = [];
  const afterByKey = new Map(after.map((item) => [item.key, item]));
  const beforeKeys = new Set(before.map((item) => item.key));
  const base = (item: Described<T>) => ({
    kind,
    key: `${kind}:${item.key}`,
    label: item.label,
    ...(item.relationship === undefined ? {} : { relationship: item.relationship }),
  });
  for (const old of before) {
    const now = afterByKey.get(old.key);
    if (!now) {
      entries.push({ ...base(old), status: 'removed', before: { line: old.line }, changes: [] });
      continue;
    }
    const changes = changedAttributes(compare(old.item, now.item), { before: old.line, after: now.line });
    if (changes.length > 0)
      entries.push({ ...base(now), status: 'changed', before: { line: old.line }, after: { line: now.line }, changes });
  }
  for (const now of after)
    if (!beforeKeys.has(now.key)) entries.push({ ...base(now), status: 'added', after: { line: now.line }, changes: [] });
  return entries;
}

const concepts = (map: KnowledgeMap): Described<Concept>[] =>
  [...map.concepts.values()].map((concept) => ({
    key: concept.name,
    label: `concept ${concept.name}`,
    line: concept.position.line,
    item: concept,
  }));

const compareConcepts = (a: Concept, b: Concept): Attribute[] => [
  { path: 'type', label: 'type', before: a.type, after: b.type },
  { path: 'mutuallyExclusive', label: 'mutually exclusive', before: a.mutuallyExclusive, after: b.mutuallyExclusive },
  { path: 'contextScoped', label: 'context scope', before: a.contextScoped, after: b.contextScoped },
  { path: 'datasources', label: 'datasources', before: datasourceText(a), after: datasourceText(b) },
];

function datasourceText(concept: Concept): string {
  return concept.datasources.map((source) => `${source.method} ${source.hostname}${source.path}`).join('; ');
}

const instances = (map: KnowledgeMap): Described<Instance>[] =>
  [...map.instances.values()].flatMap((byName) =>
    [...byName.values()].map((instance) => ({
      key: `${instance.concept}/${instance.name}`,
      label: `instance ${instance.name} (${instance.concept})`,
      line: instance.position.line,
      item: instance,
    })),
  );

const compareInstances = (a: Instance, b: Instance): Attribute[] => [
  {
    path: 'metadata',
    label: 'metadata',
    before: JSON.stringify(a.metadata.map(({ dataType, data }) => [dataType, data])),
    after: JSON.stringify(b.metadata.map(({ dataType, data }) => [dataType, data])),
  },
];

const relationships = (map: KnowledgeMap): Described<Relationship>[] =>
  [...map.relationships.values()].map((relationship) => ({
    key: relationship.name,
    label: `relationship ${relationship.name}`,
    line: relationship.position.line,
    relationship: relationship.name,
    item: relationship,
  }));

const compareRelationships = (a: Relationship, b: Relationship): Attribute[] => [
  { path: 'subject', label: 'subject concept', before: a.subject, after: b.subject },
  { path: 'object', label: 'object concept', before: a.object, after: b.object },
  { path: 'plural', label: 'plural', before: a.plural, after: b.plural },
  { path: 'askable', label: 'askable', before: a.askable, after: b.askable },
  { path: 'allowCF', label: 'allow certainty', before: a.allowCF, after: b.allowCF },
  { path: 'allowUnknown', label: 'allow unknown', before: a.allowUnknown, after: b.allowUnknown },
  { path: 'canAdd.subject', label: 'can add subject', before: a.canAdd.subject, after: b.canAdd.subject },
  { path: 'canAdd.object', label: 'can add object', before: a.canAdd.object, after: b.canAdd.object },
  { path: 'groups', label: 'groups', before: a.groups.join(', '), after: b.groups.join(', ') },
  { path: 'contextScoped', label: 'context scope', before: a.contextScoped, after: b.contextScoped },
  { path: 'questions.firstForm', label: 'first-form question', before: a.questions.firstForm, after: b.questions.firstForm },
  {
    path: 'questions.secondFormObject',
    label: 'second-form object question',
    before: a.questions.secondFormObject,
    after: b.questions.secondFormObject,
  },
  {
    path: 'questions.secondFormSubject',
    label: 'second-form subject question',
    before: a.questions.secondFormSubject,
    after: b.questions.secondFormSubject,
  },
];

const facts = (map: KnowledgeMap): Described<MapFact>[] =>
  map.facts.map((fact) => ({
    key: `${fact.relationship}|${fact.subject}|${String(fact.object)}`,
    label: `fact ${fact.subject} ${fact.relationship} ${String(fact.object)}`,
    line: fact.position.line,
    relationship: fact.relationship,
    item: fact,
  }));

const compareFacts = (a: MapFact, b: MapFact): Attribute[] => [
  { path: 'certainty', label: 'certainty', before: a.certainty, after: b.certainty },
];

/** Concept, instance, relationship and fact entries, in that order. */
export function diffDeclarations(before: KnowledgeMap, after: KnowledgeMap): MapDiffEntry[] {
  return [
    ...diffKeyed('concept', concepts(before), concepts(after), compareConcepts),
    ...diffKeyed('instance', instances(before), instances(after), compareInstances),
    ...diffKeyed('relationship', relationships(before), relationships(after), compareRelationships),
    ...diffKeyed('fact', facts(before), facts(after), compareFacts),
  ];
}
