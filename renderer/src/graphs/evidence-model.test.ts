import { describe, expect, it } from 'vitest';
import type { EvidenceRecord } from '../api/wire';
import { EvidenceGraphModel, factKindOf, isSyntheticFactId, substituteBindings } from './evidence-model';
import { syntheticEvidence } from './synthetic-evidence';

/** The HelloWorld-style record of the platform's docs, with an unmet optional condition and an expression added. */
const root: EvidenceRecord = {
  factID: 'WA:RF:root',
  source: 'rule',
  fact: {
    subject: { type: 'person', value: 'Bob', dataType: 'string' },
    relationship: { type: 'speaks' },
    object: { type: 'language', value: 'English', dataType: 'string' },
    certainty: 75,
  },
  time: 1522060091106,
  rule: {
    bindings: { S: 'Bob', O: 'English', COUNTRY: 'England', AGE: { value: 40, type: 'number' } },
    conditions: [
      {
        subject: 'England',
        relationship: 'national language',
        object: 'English',
        salience: 100,
        certainty: 100,
        impact: 25,
        factID: 'WA:KF:a',
        objectType: 'string',
      },
      {
        subject: 'Bob',
        relationship: 'lives in',
        object: 'England',
        salience: 100,
        certainty: 100,
        impact: 25,
        factID: 'WA:AF:b',
        objectType: 'string',
        alt: 'Bob lives in England',
      },
      {
        subject: 'Bob',
        relationship: 'has passport',
        object: 'UK',
        salience: 50,
        certainty: 0,
        impact: 0,
        factID: 'WA:XX',
        objectType: 'string',
      },
      { expression: { text: '%AGE > 18', value: undefined }, impact: 12.5, salience: 50, wasMet: true },
    ],
    ruleMaxCertainty: 75,
  },
};

describe('fact IDs', () => {
  it('recognises synthetic IDs in both forms and nothing else', () => {
    expect(isSyntheticFactId('WA:XX')).toBe(true);
    expect(isSyntheticFactId('WA:XX:abc')).toBe(true);
    expect(isSyntheticFactId('WA:RF:XX')).toBe(false);
    expect(factKindOf('WA:RF:82a7')).toBe('RF');
  });

  it('substitutes bound variables in expression text', () => {
    expect(substituteBindings('%AGE > 18 and %NOPE', { AGE: '40' })).toBe('40 > 18 and %NOPE');
  });
});

describe('EvidenceGraphModel', () => {
  it('draws the root fact, its rule with bindings, and one edge per condition', () => {
    const model = new EvidenceGraphModel(root);
    const rule = model.nodes.get(`rule|${model.rootId}`);
    expect(rule?.bindings).toEqual({ S: 'Bob', O: 'English', COUNTRY: 'England', AGE: '40' });
    expect(rule?.label).toContain('cap 75%');
    const conditions = [...model.edges.values()].filter((edge) => edge.kind === 'condition');
    expect(conditions).toHaveLength(4);
    // Max impact = cap × salience / Σsalience = 75 × 100 / 300.
    expect(conditions[0].maxImpact).toBe(25);
    expect(conditions[0].label).toBe('w 100 · 100% · impact 25/25');
  });

  it('marks the unmet optional condition and never offers to expand it', () => {
    const model = new EvidenceGraphModel(root);
    const unmet = [...model.nodes.values()].find((node) => node.kind === 'unmet');
    expect(unmet?.label).toContain('Not met');
    expect(model.canExpand(unmet?.id ?? '')).toBe(false);
    expect([...model.edges.values()].find((edge) => edge.target === unmet?.id)?.met).toBe(false);
  });

  it('shows expression nodes with their text and bound value', () => {
    const model = new EvidenceGraphModel(root);
    const expression = [...model.nodes.values()].find((node) => node.kind === 'expression');
    expect(expression?.label).toContain('40 > 18');
    expect(expression?.wasMet).toBe(true);
  });

  it('lets condition facts be expanded once, using their alt text', () => {
    const model = new EvidenceGraphModel(root);
    const answered = [...model.nodes.values()].find((node) => node.factID === 'WA:AF:b');
    expect(answered?.label.startsWith('Bob lives in England')).toBe(true);
    expect(model.canExpand(answered?.id ?? '')).toBe(true);
    model.addRecord(answered?.id ?? '', {
      factID: 'WA:AF:b',
      source: 'answer',
      fact: {
        subject: { type: 'person', value: 'Bob', dataType: 'string' },
        relationship: { type: 'lives in' },
        object: { type: 'country', value: 'England', dataType: 'string' },
        certainty: 100,
      },
      time: 1,
    });
    expect(model.canExpand(answered?.id ?? '')).toBe(false);
    expect(model.nodes.get(answered?.id ?? '')?.source).toBe('answer');
  });

  it('keeps one node per fact reached through two rules', () => {
    const model = new EvidenceGraphModel(root);
    const before = model.nodes.size;
    const shared = [...model.nodes.values()].find((node) => node.factID === 'WA:KF:a');
    model.addRecord(shared?.id ?? '', { ...root, factID: 'WA:KF:a', source: 'knowledgemap', rule: undefined });
    expect(model.nodes.size).toBe(before);
  });

  it('expands a 2,000-node synthetic tree from preloaded records', () => {
    const { rootId, records } = syntheticEvidence(2000);
    const model = new EvidenceGraphModel(records.get(rootId) as EvidenceRecord);
    model.expandFrom(records);
    expect(model.nodes.size).toBeGreaterThanOrEqual(1990);
    expect(model.nodes.size).toBeLessThanOrEqual(2010);
    expect(model.outline()).toHaveLength(model.nodes.size);
    expect(JSON.parse(JSON.stringify(model.toJSON())).records.length).toBe(records.size);
  });
});
