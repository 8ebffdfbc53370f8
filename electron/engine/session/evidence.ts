/**
 * Evidence records (the reasoning chain of one fact), shaped as the Decision API returns them.
 */
import type { ConditionEvidence, EvidenceRecord } from '../../common/decision-api';
import { bindingsOf, type Fact } from '../facts/fact';
import { factKeyFor, syntheticIdFor } from '../facts/fact-id';
import type { DataType, KnowledgeMap, Value } from '../model/types';
import type { Bound } from '../solver/compile';
import { displayValue, roundImpact } from '../values';
import { objectTypeOf } from '../model/lookup';

/** Finds facts for `{{%VAR.relationship}}` traversal in alt text. */
type FactFinder = (relationship: string, subject: string) => Fact | undefined;

const UNKNOWN = '[Unknown]';

/** Fills `{{%VAR}}` and `{{%VAR.relationship name}}` from the bindings. */
function interpolateAlt(text: string, bindings: ReadonlyMap<string, Bound>, find: FactFinder): string {
  return text.replace(/\{\{\s*%([A-Za-z][A-Za-z0-9_]*)(?:\.([^}]+))?\s*\}\}/g, (_, name: string, relationship?: string) => {
    const bound = bindings.get(name);
    if (!bound || bound.value === null) return UNKNOWN;
    if (relationship === undefined) return displayValue(bound.value, bound.type);
    const fact = find(relationship.trim(), String(bound.value));
    return fact ? displayValue(fact.object, fact.objectType) : UNKNOWN;
  });
}

function bindingValue(bound: Bound): Value | { value: Value; type: string } {
  return bound.type === 'string' ? bound.value : { value: bound.value, type: bound.type === 'truth' ? 'boolean' : bound.type };
}

function termText(value: Value | undefined, fallback: string): Value {
  return value === undefined ? fallback : value;
}

function conditionsOf(map: KnowledgeMap, fact: Fact, find: FactFinder): ConditionEvidence[] {
  const derivation = fact.derivation;
  if (!derivation) return [];
  const { rule, conditions } = derivation;
  const bindings = bindingsOf(derivation);
  const totalWeight = rule.conditions.reduce((sum, condition) => sum + condition.weight, 0);
  const bindingsKey = JSON.stringify([...bindings.entries()].map(([name, bound]) => [name, bound.value]));
  return rule.conditions.map((condition, index): ConditionEvidence => {
    const record = conditions[index];
    const certainty = record.met ? (record.kind === 'relationship' ? record.fact.certainty : 100) : 0;
    const impact = totalWeight > 0 ? roundImpact((rule.certainty * condition.weight * certainty) / (totalWeight * 100)) : 0;
    const alt = condition.alt === undefined ? undefined : interpolateAlt(condition.alt, bindings, find);
    if (condition.kind === 'expression') {
      const calls = record.kind === 'expression' ? record.calls : [];
      const functions =
        calls.length === 0
          ? undefined
          : Object.fromEntries(
              calls.map((call) => [
                call.call,
                {
                  facts: call.facts.map((listed) => ({
                    subject: listed.subject,
                    relationship: listed.relationship,
                    object: listed.object,
                    certainty: listed.certainty,
                    factID: listed.factID,
                    objectType: listed.objectType,
                  })),
                  result: { type: call.result.type === 'truth' ? 'boolean' : call.result.type, value: call.result.value },
                },
              ]),
            );
      return {
        expression: {
          ...(functions ? { functions } : {}),
          text: condition.expression.text,
          ...(condition.assignTo !== undefined ? { value: `%${condition.assignTo}` } : {}),
        },
        impact,
        salience: condition.weight,
        wasMet: record.met,
        ...(alt !== undefined ? { alt } : {}),
      };
    }
    const objectType = objectTypeOf(map, condition.relationship);
    if (record.kind === 'relationship' && record.met) {
      const matched = record.fact;
      return {
        subject: matched.subject,
        relationship: condition.relationship,
        object: matched.object,
        salience: condition.weight,
        certainty,
        impact,
        factID: matched.id,
        objectType: matched.objectType,
        ...(alt !== undefined ? { alt } : {}),
        ...(matched.source === 'injection' || matched.source === 'answer' ? { factKey: factKeyFor(matched.id) } : {}),
        wasMet: true,
      };
    }
    const unmet = record.kind === 'relationship' ? record : { subject: undefined, object: undefined };
    const termName = (term: typeof condition.subject): string => (term.kind === 'variable' ? `%${term.name}` : String(term.value));
    return {
      subject: String(termText(unmet.subject, termName(condition.subject))),
      relationship: condition.relationship,
      object: termText(unmet.object, termName(condition.object)),
      salience: condition.weight,
      certainty: 0,
      impact: 0,
      factID: syntheticIdFor(rule.index, index, bindingsKey),
      objectType,
      ...(alt !== undefined ? { alt } : {}),
      wasMet: false,
    };
  });
}

function conceptOf(map: KnowledgeMap, relationship: string, end: 'subject' | 'object'): string {
  return map.relationships.get(relationship)?.[end] ?? '';
}

export function buildEvidence(map: KnowledgeMap, fact: Fact, time: number, find: FactFinder): EvidenceRecord {
  const dataType = (type: DataType): string => type;
  const record: EvidenceRecord = {
    factID: fact.id,
    source: fact.source,
    fact: {
      subject: { type: conceptOf(map, fact.relationship, 'subject'), value: fact.subject, dataType: 'string' },
      relationship: { type: fact.relationship },
      object: { type: conceptOf(map, fact.relationship, 'object'), value: fact.object, dataType: dataType(fact.objectType) },
      certainty: fact.certainty,
    },
    time,
  };
  const derivation = fact.derivation;
  if (derivation) {
    const { rule } = derivation;
    const bindings = bindingsOf(derivation);
    record.rule = {
      ...(rule.name !== undefined ? { name: rule.name } : {}),
      ...(rule.alt !== undefined ? { alt: interpolateAlt(rule.alt, bindings, find) } : {}),
      bindings: Object.fromEntries([...bindings.entries()].map(([name, bound]) => [name, bindingValue(bound)])),
      conditions: conditionsOf(map, fact, find),
      ruleMaxCertainty: rule.certainty,
    };
  }
  return record;
}
