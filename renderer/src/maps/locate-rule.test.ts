import { describe, expect, it } from 'vitest';
import type { EvidenceRecord } from '../api/wire';
import { TEST_MAP } from '../editor/rblang/test-map';
import { buildMapIndex } from '../editor/rblang/map-index';
import { locateRule, ruleClue } from './locate-rule';

const index = buildMapIndex(TEST_MAP);

function record(rule: NonNullable<EvidenceRecord['rule']>): EvidenceRecord {
  return {
    factID: 'WA:RF:1',
    source: 'rule',
    fact: {
      subject: { value: 'Ann', dataType: 'string' },
      relationship: { type: 'speaks' },
      object: { value: 'English', dataType: 'string' },
      certainty: 60,
    },
    time: 0,
    rule,
  } as EvidenceRecord;
}

describe('locateRule', () => {
  it('finds the unnamed rule from its conditions and certainty', () => {
    const clue = ruleClue(
      record({
        bindings: {},
        ruleMaxCertainty: 60,
        conditions: [
          {
            subject: 'Ann',
            relationship: 'has age',
            object: 12,
            salience: 100,
            certainty: 100,
            impact: 60,
            factID: 'WA:AF:1',
            objectType: 'number',
          },
          {
            expression: { text: "%AGE > 10 and countRelationshipInstances(%S, 'lives in', *) = 0" },
            impact: 0,
            salience: 100,
            wasMet: true,
          },
        ],
      } as NonNullable<EvidenceRecord['rule']>),
    );
    expect(clue?.conditions).toEqual(['has age', "%AGE > 10 and countRelationshipInstances(%S, 'lives in', *) = 0"]);
    expect(locateRule(index, clue!)?.label).toBe('speaks #2');
  });

  it('prefers the rule with the evidence’s name, even after its certainty changed', () => {
    const clue = ruleClue(
      record({ name: 'Home language', bindings: {}, ruleMaxCertainty: 55, conditions: [] } as NonNullable<EvidenceRecord['rule']>),
    );
    const rule = locateRule(index, clue!);
    expect(rule?.name).toBe('Home language');
    expect(rule?.range.line).toBe(TEST_MAP.split('\n').findIndex((line) => line.includes('name="Home language"')) + 1);
  });

  it('finds nothing when no rule concludes the relationship, and gives no clue for facts without a rule', () => {
    expect(locateRule(index, { relationship: 'lives in', conditions: [] })).toBeUndefined();
    expect(
      ruleClue({
        ...record({ bindings: {}, ruleMaxCertainty: 1, conditions: [] } as NonNullable<EvidenceRecord['rule']>),
        rule: undefined,
      }),
    ).toBeUndefined();
  });
});
