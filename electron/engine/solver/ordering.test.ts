import { describe, expect, it } from 'vitest';
import { rbl, rows, sessionOf, value } from '../test-support/harness';

/** A rule whose expression comes before the condition that binds its variable. */
function adultsMap(behaviour: string): string {
  return rbl(`
    <concept name="Person" type="string"/>
    <concept name="Age" type="number"/>
    <concept name="Status" type="string"/>
    <rel name="is aged" subject="Person" object="Age" askable="none"/>
    <rel name="has status" subject="Person" object="Status" askable="none"/>
    <concinst name="Adult" type="Status"/>
    <relinst type="has status" object="Adult" ${behaviour}>
      <condition expression="%AGE gte 18"/>
      <condition rel="is aged" subject="%S" object="%AGE"/>
    </relinst>
  `);
}

async function statusOf(map: string, age: number): Promise<unknown[]> {
  const session = sessionOf(map);
  value(session.inject([{ subject: 'Kim', relationship: 'is aged', object: age, certainty: 100 }]));
  return rows(value(await session.query({ subject: 'Kim', relationship: 'has status' })));
}

describe('condition ordering', () => {
  it('default ordering defers a condition until its variables are bound', async () => {
    expect(await statusOf(adultsMap(''), 30)).toEqual([['Kim', 'Adult', 100]]);
    expect(await statusOf(adultsMap(''), 12)).toEqual([]);
  });

  it('top-down skips a condition that cannot run yet and comes back to it', async () => {
    expect(await statusOf(adultsMap('behaviour="top-down"'), 30)).toEqual([['Kim', 'Adult', 100]]);
  });

  it('top-down-strict fails the rule when a condition cannot run in written order', async () => {
    expect(await statusOf(adultsMap('behaviour="top-down-strict"'), 30)).toEqual([]);
  });

  it('asks questions in rule order, then condition order', async () => {
    const map = rbl(`
      <concept name="Person" type="string"/>
      <concept name="Answer" type="truth"/>
      <concept name="Decision" type="string"/>
      <rel name="is resident" subject="Person" object="Answer" askable="secondFormObject"><secondFormObject>Is %S resident?</secondFormObject></rel>
      <rel name="is employed" subject="Person" object="Answer" askable="secondFormObject"><secondFormObject>Is %S employed?</secondFormObject></rel>
      <rel name="is insured" subject="Person" object="Answer" askable="secondFormObject"><secondFormObject>Is %S insured?</secondFormObject></rel>
      <rel name="gets" subject="Person" object="Decision" askable="none"/>
      <concinst name="Support" type="Decision"/>
      <relinst type="gets" object="Support">
        <condition rel="is employed" subject="%S" object="true"/>
        <condition rel="is resident" subject="%S" object="true"/>
      </relinst>
      <relinst type="gets" object="Support">
        <condition rel="is insured" subject="%S" object="true"/>
      </relinst>
    `);
    const session = sessionOf(map);
    const prompts: string[] = [];
    let response = value(await session.query({ subject: 'Lee', relationship: 'gets' }));
    while ('question' in response) {
      prompts.push(response.question.prompt);
      const { subject, relationship } = response.question;
      response = value(await session.respond([{ subject, relationship, object: true, certainty: 100 }]));
    }
    expect(prompts).toEqual(['Is Lee employed?', 'Is Lee resident?']);
    expect(rows(response)).toEqual([['Lee', 'Support', 100]]);
    // The second rule's question was never needed: the first rule concluded at 100.
  });
});

describe('plural and singular relationships', () => {
  const map = rbl(`
    <concept name="Patient" type="string"/>
    <concept name="Finding" type="string"/>
    <concept name="Plan" type="string"/>
    <rel name="has finding" subject="Patient" object="Finding" plural="true" askable="none"/>
    <rel name="needs" subject="Patient" object="Plan" plural="true" askable="none"/>
    <rel name="main plan" subject="Patient" object="Plan" askable="none"/>
    <concinst name="Fever" type="Finding"/><concinst name="Cough" type="Finding"/>
    <concinst name="Rest" type="Plan"/><concinst name="Tests" type="Plan"/>
    <relinst type="needs" object="Rest" cf="60"><condition rel="has finding" subject="%S" object="Fever"/></relinst>
    <relinst type="needs" object="Tests" cf="80"><condition rel="has finding" subject="%S" object="Cough"/></relinst>
    <relinst type="main plan" object="Rest" cf="60"><condition rel="has finding" subject="%S" object="Fever"/></relinst>
    <relinst type="main plan" object="Tests" cf="80"><condition rel="has finding" subject="%S" object="Cough"/></relinst>
  `);

  it('gathers every object of a plural relationship, most certain first', async () => {
    const session = sessionOf(map);
    value(session.inject(['Fever', 'Cough'].map((object) => ({ subject: 'P1', relationship: 'has finding', object, certainty: 100 }))));
    expect(rows(value(await session.query({ subject: 'P1', relationship: 'needs' })))).toEqual([
      ['P1', 'Tests', 80],
      ['P1', 'Rest', 60],
    ]);
  });

  it('answers a singular relationship with its most certain object', async () => {
    const session = sessionOf(map);
    value(session.inject(['Fever', 'Cough'].map((object) => ({ subject: 'P1', relationship: 'has finding', object, certainty: 100 }))));
    expect(rows(value(await session.query({ subject: 'P1', relationship: 'main plan' })))).toEqual([['P1', 'Tests', 80]]);
  });
});

describe('recursive rules', () => {
  it('terminate and find transitive facts', async () => {
    const map = rbl(`
      <concept name="Place" type="string"/>
      <rel name="is within" subject="Place" object="Place" plural="true" askable="none"/>
      ${['Kitchen', 'House', 'Street', 'Town'].map((name) => `<concinst name="${name}" type="Place"/>`).join('')}
      <relinst type="is within" subject="Kitchen" object="House"/>
      <relinst type="is within" subject="House" object="Street"/>
      <relinst type="is within" subject="Street" object="Town"/>
      <relinst type="is within" subject="Town" object="Kitchen" cf="10"/>
      <relinst type="is within" cf="100">
        <condition rel="is within" subject="%S" object="%MIDDLE"/>
        <condition rel="is within" subject="%MIDDLE" object="%O"/>
      </relinst>
    `);
    const session = sessionOf(map);
    const found = rows(value(await session.query({ subject: 'Kitchen', relationship: 'is within' })));
    expect(found.map(([, object]) => object).sort()).toEqual(['House', 'Kitchen', 'Street', 'Town']);
  });
});
