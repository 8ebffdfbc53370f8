import { describe, expect, it } from 'vitest';
import type { EvidenceRecord } from '../../common/decision-api';
import { evidenceTree } from './evidence-tree';
import { explainEvidence } from './explain';
import { isOfflineLanguage, styleOf } from './styles';

/** A two-level chain: a rule over an inferred fact (itself from a rule over an answer) and a map fact. */
const RECORDS: Record<string, EvidenceRecord> = {
  top: {
    factID: 'top',
    source: 'rule',
    fact: {
      subject: { type: 'applicant', value: 'Ben', dataType: 'string' },
      relationship: { type: 'can claim' },
      object: { type: 'benefit', value: 'Pension Credit', dataType: 'string' },
      certainty: 90,
    },
    time: 1,
    rule: {
      name: 'Eligible and not yet receiving',
      bindings: { S: 'Ben', O: 'Pension Credit' },
      ruleMaxCertainty: 90,
      conditions: [
        {
          subject: 'Ben',
          relationship: 'is eligible for',
          object: 'Pension Credit',
          salience: 100,
          certainty: 100,
          impact: 90,
          factID: 'middle',
          objectType: 'string',
        },
        {
          subject: 'Pension Credit',
          relationship: 'monthly amount',
          object: 820,
          salience: 0,
          certainty: 100,
          impact: 0,
          factID: 'map',
          objectType: 'number',
        },
        {
          subject: 'Ben',
          relationship: 'already receives',
          object: 'Pension Credit',
          salience: 50,
          certainty: 0,
          impact: 0,
          factID: 'WA:XX:1',
          objectType: 'string',
          wasMet: false,
        },
      ],
    },
  },
  middle: {
    factID: 'middle',
    source: 'rule',
    fact: {
      subject: { type: 'applicant', value: 'Ben', dataType: 'string' },
      relationship: { type: 'is eligible for' },
      object: { type: 'benefit', value: 'Pension Credit', dataType: 'string' },
      certainty: 100,
    },
    time: 1,
    rule: {
      name: 'Pension age',
      bindings: { S: 'Ben', AGE: { value: 70, type: 'number' } },
      ruleMaxCertainty: 100,
      conditions: [
        {
          subject: 'Ben',
          relationship: 'is aged',
          object: 70,
          salience: 0,
          certainty: 100,
          impact: 0,
          factID: 'answer',
          objectType: 'number',
        },
        { expression: { text: '%AGE >= 66' }, impact: 100, salience: 100, wasMet: true, alt: 'aged %AGE, of pension age' },
      ],
    },
  },
  answer: {
    factID: 'answer',
    source: 'answer',
    fact: {
      subject: { type: 'applicant', value: 'Ben', dataType: 'string' },
      relationship: { type: 'is aged' },
      object: { type: 'age', value: 70, dataType: 'number' },
      certainty: 100,
    },
    time: 1,
  },
  map: {
    factID: 'map',
    source: 'knowledgemap',
    fact: {
      subject: { type: 'benefit', value: 'Pension Credit', dataType: 'string' },
      relationship: { type: 'monthly amount' },
      object: { type: 'amount', value: 820, dataType: 'number' },
      certainty: 100,
    },
    time: 0,
  },
};

describe('evidence tree', () => {
  it('fetches the chain below a fact, never WA:XX, within limits', () => {
    const asked: string[] = [];
    const tree = evidenceTree('top', (id) => {
      asked.push(id);
      return RECORDS[id];
    });
    expect(asked.sort()).toEqual(['answer', 'map', 'middle', 'top']);
    expect([...(tree?.children.keys() ?? [])].sort()).toEqual(['map', 'middle']);
    expect(evidenceTree('top', (id) => RECORDS[id], { maxDepth: 1 })?.children.get('middle')?.children.size).toBe(0);
    expect(evidenceTree('nothing', (id) => RECORDS[id])).toBeUndefined();
  });

  it('stops at a cycle', () => {
    // A record whose only condition points back at itself.
    const loop = JSON.parse(JSON.stringify(RECORDS.top).replaceAll('"middle"', '"loop"').replaceAll('"top"', '"loop"')) as EvidenceRecord;
    const tree = evidenceTree('loop', () => loop);
    expect(tree?.children.has('loop')).toBe(false);
  });
});

describe('explanations', () => {
  const tree = evidenceTree('top', (id) => RECORDS[id]);
  if (!tree) throw new Error('no tree');

  it('walks every rule, condition, certainty, impact, source, alt text and expression value in detail', () => {
    const text = explainEvidence(tree, 'detailed');
    expect(text).toContain(
      'Ben can claim Pension Credit (90% certain) was concluded by the rule "Eligible and not yet receiving", which gives at most 90% certainty.',
    );
    expect(text).toContain(
      '1. Ben is eligible for Pension Credit: 100% certain (weight 100, impact 90), itself concluded by a rule (below).',
    );
    expect(text).toContain(
      'the monthly amount of Pension Credit is 820: 100% certain (weight 0, so it does not change the certainty), a fact stored in the knowledge map.'.replace(
        /^t/,
        'T',
      ),
    );
    expect(text).toContain('Ben already receives Pension Credit: not established (an optional condition)');
    expect(text).toContain(
      'Ben is aged 70: 100% certain (weight 0, so it does not change the certainty), an answer given in this session.',
    );
    expect(text).toContain('Aged 70, of pension age: the test %AGE >= 66 held (70 >= 66)');
  });

  it('writes the concise, bullet and plain styles', () => {
    expect(explainEvidence(tree, 'concise')).toBe(
      'Ben can claim Pension Credit (90% certain) because Ben is eligible for Pension Credit (rule "Eligible and not yet receiving").',
    );
    const bullets = explainEvidence(tree, 'bullets').split('\n');
    expect(bullets[0]).toMatch(/^- Ben can claim Pension Credit/);
    expect(bullets).toContain('  - Ben is eligible for Pension Credit (100% certain), by the rule "Pension age" (at most 100%).');
    const plain = explainEvidence(tree, 'plain');
    expect(plain).toMatch(/^We are very confident \(90 out of 100\) that Ben can claim Pension Credit\./);
    expect(plain).toContain('aged 70, of pension age');
    expect(plain).not.toMatch(/rule|impact|salience|weight/);
  });

  it('reads instructions into the documented styles only', () => {
    expect(styleOf(undefined)).toEqual({ ok: true, style: 'detailed' });
    expect(styleOf('Please keep it short')).toEqual({ ok: true, style: 'concise' });
    expect(styleOf('as a bulleted list')).toEqual({ ok: true, style: 'bullets' });
    expect(styleOf('explain it for a non-specialist')).toEqual({ ok: true, style: 'plain' });
    expect(styleOf('in the style of a pirate')).toMatchObject({ ok: false, unknownWords: ['pirate'] });
    expect(isOfflineLanguage('en-GB')).toBe(true);
    expect(isOfflineLanguage('fr')).toBe(false);
  });
});
