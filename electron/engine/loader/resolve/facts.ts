/**
 * Resolving facts: the relationship must exist, the object is typed by its object concept, and string
 * objects must be declared instances (the platform refuses the upload otherwise: "Invalid Concept
 * Instance"). Subjects that are not declared only get a warning: the platform documents the rule for
 * objects only, and query subjects are instantiated on the fly.
 */
import type { MapFact, Value } from '../../model/types';
import { Code } from '../diagnostics';
import type { FactDraft } from '../drafts';
import { FactWords } from '../elements/about';
import { positionOf } from '../elements/common';
import type { Scope } from './scope';

function describe(fact: FactDraft): string {
  return `fact '${fact.subject.value} ${fact.relationship.value} ${fact.object.value}'`;
}

function undeclaredRelationship(name: string, about: FactWords): string {
  return `${about}: relationship '${name}' is not declared`;
}

/** Which concepts, other than `expected`, declare an instance named `name`. */
function conceptsWithInstance(scope: Scope, name: string, expected: string): string[] {
  return [...scope.instances].filter(([concept, byName]) => concept !== expected && byName.has(name)).map(([concept]) => concept);
}

function checkInstance(scope: Scope, fact: FactDraft, end: 'subject' | 'object', concept: string, severity: 'error' | 'warning'): void {
  const written = fact[end];
  if (scope.instances.get(concept)?.has(written.value)) return;
  const elsewhere = conceptsWithInstance(scope, written.value, concept);
  const consequence = end === 'object' ? '; the platform refuses facts whose object is not a declared <concinst>' : '';
  const message =
    elsewhere.length > 0
      ? `${describe(fact)}: '${written.value}' is an instance of '${elsewhere[0]}', but the ${end} of '${fact.relationship.value}' must be a '${concept}'${consequence}`
      : `${describe(fact)}: '${written.value}' is not a declared instance of concept '${concept}' (add <concinst name="${written.value}" type="${concept}"/>)${consequence}`;
  scope.undeclared('instance', written.value, message, written.offset, severity, scope.instances.get(concept)?.keys() ?? []);
}

/**
 * One string per (relationship, subject, object value), equal exactly when the JSON of the three
 * would be: the names length-prefixed, so no two pairs run together the same; the value tagged by
 * type, and a number that is not finite written `null`, as JSON writes it. Cheaper than
 * `JSON.stringify` of an array per fact.
 */
function factKey(relationship: string, subject: string, value: Value): string {
  let written: string;
  if (typeof value === 'string') written = `s${value}`;
  else if (typeof value === 'number') written = Number.isFinite(value) ? `n${value}` : 'null';
  else if (typeof value === 'boolean') written = value ? 'true' : 'false';
  else written = 'null';
  return `${relationship.length}:${relationship}${subject.length}:${subject}${written}`;
}

/** The map's facts in document order; repeats and facts that cannot be typed are left out (reported). */
export function resolveFacts(scope: Scope, drafts: readonly FactDraft[]): MapFact[] {
  const facts: MapFact[] = [];
  const seen = new Map<string, number>();
  for (const draft of drafts) {
    // Worded only if reported; a draft's ends are its element's subject and object, as the words read them.
    const about = new FactWords(draft.relationship.value, draft.element);
    const relationship = scope.relationship(draft.relationship, 'error', undeclaredRelationship, about);
    if (relationship === undefined) continue;
    const objectType = scope.typeOf(relationship.object);
    const object = scope.term(draft.object, objectType, about, undefined, relationship.name, false);
    if (object === undefined || object.kind !== 'literal') continue;
    checkInstance(scope, draft, 'subject', relationship.subject, 'warning');
    if (objectType === 'string') checkInstance(scope, draft, 'object', relationship.object, 'error');
    if (draft.unusable) continue;
    const position = positionOf(scope.context, draft.element);
    const key = factKey(relationship.name, draft.subject.value, object.value);
    const firstLine = seen.get(key);
    if (firstLine !== undefined) {
      scope.context.sink.warning(
        Code.duplicateFact,
        `${about} is stated twice (first on line ${firstLine}); the repeat is ignored`,
        draft.element.offset,
      );
      continue;
    }
    seen.set(key, position.line);
    facts.push({
      relationship: relationship.name,
      subject: draft.subject.value,
      object: object.value,
      certainty: draft.certainty,
      position,
    });
  }
  return facts;
}
