import { describe, expect, it } from 'vitest';
import type { Condition, ExpressionCondition, RelationshipCondition } from '../model/types';
import { loadFixture, mapOf } from './test-support/maps';

function relationshipCondition(condition: Condition): RelationshipCondition {
  if (condition.kind !== 'relationship') throw new Error(`expected a relationship condition, got ${condition.kind}`);
  return condition;
}

function expressionCondition(condition: Condition): ExpressionCondition {
  if (condition.kind !== 'expression') throw new Error(`expected an expression condition, got ${condition.kind}`);
  return condition;
}

describe('rules (fixtures/rules.rbl)', () => {
  const result = loadFixture('rules.rbl');
  const map = mapOf(result);
  const [defaults, explicit, literalHeader, subjectSpecific, counting] = map.rules;

  it('loads cleanly with the rules in document order', () => {
    expect(result.diagnostics).toEqual([]);
    expect(map.rules.map((r) => [r.index, r.relationship])).toEqual([
      [0, 'covers'],
      [1, 'covers'],
      [2, 'is ready'],
      [3, 'has label'],
      [4, 'covers'],
    ]);
  });

  it('indexes rules by relationship in document order', () => {
    expect(map.rulesByRelationship.get('covers')).toEqual([defaults, explicit, counting]);
    expect(map.rulesByRelationship.get('is ready')).toEqual([literalHeader]);
    expect(map.rulesByRelationship.has('walks')).toBe(false);
  });

  it('applies rule and condition defaults', () => {
    expect(defaults).toMatchObject({
      name: undefined,
      subject: { kind: 'variable', name: 'S' },
      object: { kind: 'variable', name: 'O' },
      certainty: 100,
      minimumCertainty: 20,
      ordering: 'default',
      alt: undefined,
      position: { line: 21, column: 3 },
    });
    expect(defaults.conditions[0]).toEqual({
      kind: 'relationship',
      relationship: 'walks',
      subject: { kind: 'variable', name: 'S' },
      object: { kind: 'variable', name: 'TRAIL' },
      weight: 100,
      optional: false,
      alt: undefined,
      position: { line: 22, column: 5 },
    });
  });

  it('reads explicit %S/%O, camelCase minimum, top-down, names, alt, salience and optional', () => {
    expect(explicit).toMatchObject({
      name: 'Coast path walkers cover its length',
      alt: '{{%S}} walks the coast path',
      subject: { kind: 'variable', name: 'S' },
      object: { kind: 'variable', name: 'O' },
      certainty: 90,
      minimumCertainty: 30,
      ordering: 'top-down',
    });
    const [walks, length] = explicit.conditions.map(relationshipCondition);
    // Coffeebird quotes condition literals; one pair of quotes is removed.
    expect(walks).toMatchObject({ object: { kind: 'literal', value: 'Coast Path' }, weight: 40, optional: false, alt: 'walks {{%O}}' });
    // salience counts only when weight is absent.
    expect(length).toMatchObject({ subject: { kind: 'literal', value: 'Coast Path' }, weight: 60, optional: true });
  });

  it('types literal header objects and condition literals by the relationship', () => {
    expect(literalHeader).toMatchObject({
      object: { kind: 'literal', value: true },
      certainty: 75,
      minimumCertainty: 75,
      ordering: 'top-down-strict',
    });
    const test = expressionCondition(literalHeader.conditions[1]);
    expect(test.expression.text).toBe('%KM gte 10');
    expect(test.expression.variables).toEqual(['KM']);
    expect(test).toMatchObject({ weight: 0, assignTo: undefined });
    expect(relationshipCondition(literalHeader.conditions[2])).toMatchObject({
      subject: { kind: 'literal', value: 'Hill Fort' },
      object: { kind: 'literal', value: 12 },
      optional: false,
    });
  });

  it('reads subject-specific headers and assignments', () => {
    expect(subjectSpecific).toMatchObject({ subject: { kind: 'literal', value: 'Ada' }, object: { kind: 'literal', value: 'Ramblers' } });
    expect(expressionCondition(subjectSpecific.conditions[0])).toMatchObject({ assignTo: 'LABEL' });
    const count = expressionCondition(counting.conditions[1]);
    expect(count.assignTo).toBe('O');
    expect(count.expression.usesListFunctions).toBe(true);
  });
});
