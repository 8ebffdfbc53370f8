/**
 * Checking an inject batch. Every problem names the fact by its index; a refused batch changes nothing.
 */
import type { FactInput } from '../../common/decision-api';
import { tripleKey, type FactIndex } from '../facts/fact';
import { sameValue } from '../values';
import type { KnowledgeMap } from '../model/types';
import { coerceValue, displayValue } from '../values';
import type { PlannedFact } from './answers';
import { objectTypeOf } from '../model/lookup';

type InjectionPlan = { ok: true; facts: PlannedFact[]; warnings: string[] } | { ok: false; messages: string[] };

export function planInjection(map: KnowledgeMap, mapFacts: FactIndex, facts: readonly FactInput[]): InjectionPlan {
  const messages: string[] = [];
  const warnings: string[] = [];
  const planned = new Map<string, PlannedFact>();
  facts.forEach((input, index) => {
    const where = `fact[${index}]`;
    const relationship = map.relationships.get(input.relationship);
    if (!relationship) {
      messages.push(`${where}: Could not find relationship for injection: ${input.relationship}`);
      return;
    }
    if (typeof input.subject !== 'string' || input.subject.trim() === '') {
      messages.push(`${where}: subject is required for '${input.relationship}'`);
      return;
    }
    if (typeof input.certainty !== 'number' || !Number.isFinite(input.certainty) || input.certainty < 1 || input.certainty > 100) {
      messages.push(`${where}: certainty ${String(input.certainty)} is outside 1-100`);
      return;
    }
    const objectType = objectTypeOf(map, relationship.name);
    const object = input.object === '' ? undefined : coerceValue(input.object, objectType);
    if (object === undefined) {
      messages.push(
        objectType === 'date'
          ? `${where}: Invalid date format for ${relationship.name}: ${String(input.object)}`
          : `${where}: '${String(input.object)}' is not a valid ${objectType} for '${relationship.name}'`,
      );
      return;
    }
    const key = tripleKey(input.subject, relationship.name, object);
    const mapFact = mapFacts.get(input.subject, relationship.name, object);
    if (mapFact && mapFact.certainty >= input.certainty) {
      warnings.push(
        `${where}: ${input.subject} ${relationship.name} ${displayValue(object, objectType)} is already a fact of the map; not saved`,
      );
      return;
    }
    planned.set(key, { subject: input.subject, relationship: relationship.name, object, objectType, certainty: input.certainty });
  });
  return messages.length > 0 ? { ok: false, messages } : { ok: true, facts: [...planned.values()], warnings };
}

/**
 * Facts of the session's base layer that a planned injection replaces: the same triple (the latest
 * certainty wins), or another value of a singular relationship for the same subject.
 */
export function replacedBy(map: KnowledgeMap, base: FactIndex, fact: PlannedFact): ReturnType<FactIndex['match']> {
  const relationship = map.relationships.get(fact.relationship);
  const sameSubject = base.match(fact.relationship, fact.subject, undefined).filter((existing) => existing.source === 'injection');
  if (relationship && !relationship.plural) return sameSubject;
  return sameSubject.filter((existing) => sameValue(existing.object, fact.object));
}
