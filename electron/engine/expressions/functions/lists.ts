/**
 * List functions over the session's facts: countRelationshipInstances, sumObjects, minObjects,
 * maxObjects, joinObjects, isSubset. Facts come from `EvalContext.listFacts`, which may run backward
 * chaining or throw to suspend; nothing here catches.
 *
 * Null objects (asserted by min/maxObjects over nothing) are counted but skipped by the aggregates.
 */
import type { EvalContext, ListFact, TypedValue } from '../types';
import { ExpressionError, NULL_VALUE, formatValue, numberValue, stringValue, truthValue } from '../values';
import { valuesEqual } from '../operators';
import type { ListArguments, ListDefinition } from './types';

function factsOf(args: ListArguments, context: EvalContext, which = 0): readonly ListFact[] {
  return context.listFacts(args.patterns[which * 2], args.relationships[which], args.patterns[which * 2 + 1]);
}

function objectValue(fact: ListFact): TypedValue {
  return { type: fact.objectType, value: fact.object };
}

/** The numeric object of a fact (numbers, dates, numeric strings), or an error naming the fact. */
function numericObject(fact: ListFact, name: string): number {
  const object = fact.object;
  if (typeof object === 'number') return object;
  const n = typeof object === 'string' && object.trim() !== '' ? Number(object) : NaN;
  if (Number.isFinite(n)) return n;
  throw new ExpressionError(`${name} needs number or date objects but '${fact.relationship}' has '${String(object)}'`);
}

/** A three-argument list function (subject, relationship, object). */
function aggregate(name: string, reduce: (facts: readonly ListFact[]) => TypedValue): ListDefinition {
  return {
    kind: 'list',
    name,
    minArgs: 3,
    maxArgs: 3,
    relationshipArgs: [1],
    apply(args, context) {
      const facts = factsOf(args, context);
      return { result: reduce(facts), facts };
    },
  };
}

function extreme(name: 'minObjects' | 'maxObjects'): ListDefinition {
  return aggregate(name, (facts) => {
    let best: number | undefined;
    let allDates = true;
    for (const fact of facts) {
      if (fact.object === null) continue;
      const n = numericObject(fact, name);
      if (fact.objectType !== 'date') allDates = false;
      if (best === undefined || (name === 'minObjects' ? n < best : n > best)) best = n;
    }
    if (best === undefined) return NULL_VALUE; // live: an empty set yields null, not 0
    return allDates ? { type: 'date', value: best } : numberValue(best, name);
  });
}

const isSubset: ListDefinition = {
  kind: 'list',
  name: 'isSubset',
  minArgs: 6,
  maxArgs: 6,
  relationshipArgs: [1, 4],
  apply(args, context) {
    const first = factsOf(args, context, 0);
    const second = factsOf(args, context, 1);
    // Exact matches via a Set; the slower cross-type comparison (5 vs '5') only for the leftovers.
    const exact = new Set(second.map((b) => b.object));
    const subset = first.every((a) => exact.has(a.object) || second.some((b) => valuesEqual(objectValue(a), objectValue(b))));
    return { result: truthValue(subset), facts: [...first, ...second] };
  },
};

export const LIST_FUNCTIONS: readonly ListDefinition[] = [
  aggregate('countRelationshipInstances', (facts) => numberValue(facts.length)),
  aggregate('sumObjects', (facts) => {
    let sum = 0;
    for (const fact of facts) if (fact.object !== null) sum += numericObject(fact, 'sumObjects');
    return numberValue(sum, 'sumObjects');
  }),
  extreme('minObjects'),
  extreme('maxObjects'),
  aggregate('joinObjects', (facts) => {
    const parts: string[] = [];
    for (const fact of facts) if (fact.object !== null) parts.push(formatValue(objectValue(fact)));
    return stringValue(parts.join(', '));
  }),
  isSubset,
];
