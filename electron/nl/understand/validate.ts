/**
 * Checking a fact against the map before it is injected. Offline statements and a language model's
 * output go through the same check, so a model can never inject a relationship the map lacks, a value
 * of the wrong type or a certainty outside 1-100.
 */
import type { FactInput, InputValue } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import { words } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import type { InvalidFact } from './types';

/** A fact as stated, before checking. */
interface FactCandidate {
  readonly subject: string;
  readonly relationship: string;
  readonly object: InputValue | null;
  readonly certainty: number;
}

type FactCheck = { readonly ok: true; readonly fact: FactInput } | { readonly ok: false; readonly invalid: InvalidFact };

/** The relationship of that name: exact first, then ignoring case and spacing. */
export function findRelationship(vocabulary: Vocabulary, name: string): Relationship | undefined {
  const exact = vocabulary.map.relationships.get(name);
  if (exact) return exact;
  const key = words(name).join(' ');
  return vocabulary.relationships.find((entry) => words(entry.relationship.name).join(' ') === key)?.relationship;
}

function article(concept: string): string {
  return /^[aeiou]/i.test(concept) ? `an ${concept}` : `a ${concept}`;
}

function typedObject(
  vocabulary: Vocabulary,
  relationship: Relationship,
  object: InputValue | null,
): { value: InputValue } | { reason: string } {
  const type = vocabulary.map.concepts.get(relationship.object)?.type ?? 'string';
  if (object === null || object === '') return { reason: `'${relationship.name}' needs an object` };
  switch (type) {
    case 'number': {
      const value = typeof object === 'number' ? object : typeof object === 'string' && object.trim() !== '' ? Number(object) : Number.NaN;
      return Number.isFinite(value) ? { value } : { reason: `'${relationship.name}' needs a number, not '${String(object)}'` };
    }
    case 'truth': {
      if (typeof object === 'boolean') return { value: object };
      const text = String(object).trim().toLowerCase();
      if (text === 'true' || text === 'yes') return { value: true };
      if (text === 'false' || text === 'no') return { value: false };
      return { reason: `'${relationship.name}' needs true or false, not '${String(object)}'` };
    }
    case 'date': {
      if (typeof object === 'number' && Number.isFinite(object)) return { value: object };
      if (typeof object === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(object.trim())) return { value: object.trim() };
      return { reason: `'${relationship.name}' needs a date (YYYY-MM-DD), not '${String(object)}'` };
    }
    case 'string': {
      const text = String(object).trim();
      const match = vocabulary.instances.lookup(words(text), new Set([relationship.object]));
      if (match) return { value: match.entry.name };
      if (relationship.canAdd.object) return { value: text };
      return {
        reason: `'${text}' is not ${article(relationship.object)} this map knows, and '${relationship.name}' does not accept new values`,
      };
    }
  }
}

/** Why a subject cannot be the subject of a relationship (it names an instance of another concept), if it cannot. */
export function subjectProblem(vocabulary: Vocabulary, relationship: Relationship, subject: string): string | undefined {
  const list = words(subject);
  if (list.length === 0) return `'${relationship.name}' needs a subject`;
  if (vocabulary.instances.lookup(list, new Set([relationship.subject]))) return undefined;
  const elsewhere = vocabulary.instances.exactAnyConcept(list);
  return elsewhere.length > 0
    ? `'${elsewhere[0].name}' is ${article(elsewhere[0].concept)}, not ${article(relationship.subject)}`
    : undefined;
}

/** Checks one fact: relationship, subject, object type and certainty. */
export function validateFact(vocabulary: Vocabulary, candidate: FactCandidate): FactCheck {
  const invalid = (reason: string): FactCheck => ({ ok: false, invalid: { ...candidate, reason } });
  const relationship = findRelationship(vocabulary, candidate.relationship);
  if (!relationship) return invalid(`This map has no relationship '${candidate.relationship}'`);
  if (
    typeof candidate.certainty !== 'number' ||
    !Number.isFinite(candidate.certainty) ||
    candidate.certainty < 1 ||
    candidate.certainty > 100
  ) {
    return invalid(`Certainty ${String(candidate.certainty)} is outside 1-100`);
  }
  const subject = typeof candidate.subject === 'string' ? candidate.subject.trim() : '';
  if (subject === '') return invalid(`'${relationship.name}' needs a subject`);
  const problem = subjectProblem(vocabulary, relationship, subject);
  if (problem) return invalid(problem);
  const own = vocabulary.instances.lookup(words(subject), new Set([relationship.subject]));
  const object = typedObject(vocabulary, relationship, candidate.object);
  if ('reason' in object) return invalid(object.reason);
  return {
    ok: true,
    fact: {
      subject: own ? own.entry.name : subject,
      relationship: relationship.name,
      object: object.value,
      certainty: candidate.certainty,
    },
  };
}

/**
 * The fact a why-question asks about. "Why is the Red Van ready?" names no object, but a truth
 * relationship's conclusion is a value all the same: the question is about the fact with `true`
 * (the session may know `false`, which is then no answer to it); "Why isn't…" asks about `false`.
 */
export function whyFact<Query extends { readonly relationship: string; readonly object?: InputValue }>(
  vocabulary: Vocabulary,
  query: Query,
  negated = false,
): Query {
  if (query.object !== undefined) return query;
  const relationship = findRelationship(vocabulary, query.relationship);
  const type = relationship ? vocabulary.map.concepts.get(relationship.object)?.type : undefined;
  return type === 'truth' ? { ...query, object: !negated } : query;
}
