import { describe, expect, it } from 'vitest';
import { asResult, rbl, sessionOf, value, FIXED_NOW } from '../test-support/harness';
import { TRAVEL } from '../test-support/maps';

describe('evidence', () => {
  it('describes a rule fact: bindings, conditions in declared order with salience, certainty and impact', async () => {
    const session = sessionOf(TRAVEL);
    value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 90 }]));
    value(await session.query({ subject: 'Ada', relationship: 'converses in' }));
    const result = asResult(value(await session.respond([{ subject: 'Ada', relationship: 'resides in', unanswered: true }]))).result[0];
    const evidence = session.evidence(result.factID);
    expect(evidence).toMatchObject({
      factID: result.factID,
      source: 'rule',
      time: FIXED_NOW,
      fact: {
        subject: { type: 'Traveller', value: 'Ada', dataType: 'string' },
        relationship: { type: 'converses in' },
        object: { type: 'Language', value: 'Portuguese', dataType: 'string' },
        certainty: 71,
      },
      rule: {
        name: 'Residents converse in the official language',
        alt: 'Ada resides in Portugal, where Portuguese is spoken',
        bindings: { S: 'Ada', O: 'Portuguese', COUNTRY: 'Portugal' },
        ruleMaxCertainty: 75,
      },
    });
    const [lives, language] = evidence?.rule?.conditions ?? [];
    expect(lives).toMatchObject({
      subject: 'Ada',
      relationship: 'resides in',
      object: 'Portugal',
      salience: 100,
      certainty: 90,
      impact: 33.75,
      objectType: 'string',
      alt: 'lives in Portugal',
      factID: expect.stringMatching(/^WA:IF:/),
      factKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(language).toMatchObject({
      subject: 'Portugal',
      relationship: 'official language',
      object: 'Portuguese',
      certainty: 100,
      impact: 37.5,
      factID: expect.stringMatching(/^WA:KF:/),
    });
    // Every condition's fact has evidence of its own.
    expect(session.evidence(language && 'factID' in language ? language.factID : '')?.source).toBe('knowledgemap');
  });

  it('reports expressions with their function calls and marks unmet optional conditions with a synthetic WA:XX fact', async () => {
    const map = rbl(`
      <concept name="Shop" type="string"/><concept name="Sale" type="string"/><concept name="Count" type="number"/><concept name="Grade" type="string"/>
      <rel name="made sale" subject="Shop" object="Sale" plural="true" askable="none"/>
      <rel name="is audited" subject="Shop" object="Grade" askable="none"/>
      <rel name="has grade" subject="Shop" object="Grade" askable="none"/>
      <concinst name="Busy" type="Grade"/><concinst name="Yes" type="Grade"/>
      <relinst type="has grade" object="Busy" cf="90">
        <condition expression="countRelationshipInstances(%S, 'made sale', *)" value="%N"/>
        <condition expression="%N gte 2" alt="{{%N}} sales"/>
        <condition rel="is audited" subject="%S" object="Yes" behaviour="optional"/>
      </relinst>`);
    const session = sessionOf(map);
    value(session.inject(['S1', 'S2'].map((object) => ({ subject: 'Corner', relationship: 'made sale', object, certainty: 100 }))));
    const result = asResult(value(await session.query({ subject: 'Corner', relationship: 'has grade' }))).result[0];
    expect(result.certainty).toBe(60);
    const conditions = session.evidence(result.factID)?.rule?.conditions ?? [];
    expect(conditions[0]).toMatchObject({
      expression: {
        text: "countRelationshipInstances(%S, 'made sale', *)",
        value: '%N',
        functions: { 'countRelationshipInstances(Corner, made sale, *)': { result: { type: 'number', value: 2 } } },
      },
      wasMet: true,
      salience: 100,
      impact: 30,
    });
    expect(conditions[1]).toMatchObject({ expression: { text: '%N gte 2' }, wasMet: true, alt: '2 sales' });
    expect(conditions[2]).toMatchObject({
      relationship: 'is audited',
      subject: 'Corner',
      object: 'Yes',
      certainty: 0,
      impact: 0,
      wasMet: false,
      factID: expect.stringMatching(/^WA:XX:/),
    });
    expect(session.evidence('factID' in conditions[2] ? conditions[2].factID : '')).toBeUndefined();
  });

  it('gives every fact of a 1,500-answer join its own bindings and conditions', async () => {
    // The run keeps every derivation's slots end to end in one array: each fact must read its own.
    const children = 30;
    const grandchildren = 1_500;
    const people = [
      'p0',
      ...Array.from({ length: children }, (_, i) => `c${i}`),
      ...Array.from({ length: grandchildren }, (_, k) => `g${k}`),
    ];
    const facts = [
      ...people.map((name) => `<concinst name="${name}" type="Person"/>`),
      ...Array.from({ length: children }, (_, i) => `<relinst type="parent" subject="p0" object="c${i}" cf="100"/>`),
      ...Array.from({ length: grandchildren }, (_, k) => `<relinst type="parent" subject="c${k % children}" object="g${k}" cf="100"/>`),
    ];
    const map = rbl(`
      <concept name="Person" type="string"/>
      <rel name="parent" subject="Person" object="Person" plural="true" askable="none"/>
      <rel name="grandparent" subject="Person" object="Person" plural="true" askable="none"/>
      ${facts.join('\n')}
      <relinst type="grandparent"><condition rel="parent" subject="%S" object="%X"/><condition rel="parent" subject="%X" object="%O"/></relinst>`);
    const session = sessionOf(map);
    const result = asResult(value(await session.query({ subject: 'p0', relationship: 'grandparent' }))).result;
    expect(result).toHaveLength(grandchildren);
    for (const entry of result) {
      const child = `c${Number(String(entry.object).slice(1)) % children}`;
      const evidence = session.evidence(entry.factID);
      expect(evidence?.rule?.bindings).toEqual({ S: 'p0', X: child, O: entry.object });
      expect(evidence?.rule?.conditions.map((condition) => ('object' in condition ? condition.object : undefined))).toEqual([
        child,
        entry.object,
      ]);
    }
  });

  it('merges a 20,000-answer join by MAX: each answer once, at its best derivation, asked twice alike', async () => {
    // Over 16,384 objects of one subject the run's merged facts leave a Map for hashed arrays.
    const children = 30;
    const grandchildren = 20_000;
    const child = (k: number, step: number): string => `c${(k + step) % children}`;
    const people = [
      'p0',
      ...Array.from({ length: children }, (_, i) => `c${i}`),
      ...Array.from({ length: grandchildren }, (_, k) => `g${k}`),
    ];
    const facts = [
      ...people.map((name) => `<concinst name="${name}" type="Person"/>`),
      ...Array.from({ length: children }, (_, i) => `<relinst type="parent" subject="p0" object="c${i}" cf="100"/>`),
      // Every grandchild has two parents: the less certain one comes first for some, last for others.
      ...Array.from({ length: grandchildren }, (_, k) => `<relinst type="parent" subject="${child(k, 0)}" object="g${k}" cf="60"/>`),
      ...Array.from({ length: grandchildren }, (_, k) => `<relinst type="parent" subject="${child(k, 1)}" object="g${k}" cf="100"/>`),
    ];
    const map = rbl(`
      <concept name="Person" type="string"/>
      <rel name="parent" subject="Person" object="Person" plural="true" askable="none"/>
      <rel name="grandparent" subject="Person" object="Person" plural="true" askable="none"/>
      ${facts.join('\n')}
      <relinst type="grandparent"><condition rel="parent" subject="%S" object="%X"/><condition rel="parent" subject="%X" object="%O"/></relinst>`);
    const session = sessionOf(map);
    const result = asResult(value(await session.query({ subject: 'p0', relationship: 'grandparent' }))).result;
    expect(result).toHaveLength(grandchildren);
    expect(new Set(result.map((entry) => entry.object)).size).toBe(grandchildren);
    expect(result.every((entry) => entry.certainty === 100)).toBe(true);
    for (const entry of [result[0], result[7_777], result.at(-1)!]) {
      const k = Number(String(entry.object).slice(1));
      expect(session.evidence(entry.factID)?.rule?.bindings).toEqual({ S: 'p0', X: child(k, 1), O: entry.object });
    }
    const again = asResult(value(await session.query({ subject: 'p0', relationship: 'grandparent' }))).result;
    expect(again.map((entry) => [entry.object, entry.certainty, entry.factID])).toEqual(
      result.map((entry) => [entry.object, entry.certainty, entry.factID]),
    );
  }, 60_000);

  it('returns nothing for an unknown fact ID', () => {
    expect(sessionOf(TRAVEL).evidence('WA:RF:' + '0'.repeat(64))).toBeUndefined();
  });
});
