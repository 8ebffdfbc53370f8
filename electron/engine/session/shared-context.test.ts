import { describe, expect, it } from 'vitest';
import { createContext } from '../index';
import { asQuestion, mapOf, rbl, rows, sessionOf, value } from '../test-support/harness';

const HOUSEHOLD = rbl(`
  <concept name="Person" type="string"/>
  <concept name="Postcode" type="string" scope="context"/>
  <concept name="Band" type="string"/>
  <rel name="lives at" subject="Person" object="Postcode" askable="secondFormObject"><secondFormObject>What is %S's postcode?</secondFormObject></rel>
  <rel name="council band" subject="Person" object="Band" askable="none"/>
  <concinst name="AB1" type="Postcode"/><concinst name="Band A" type="Band"/>
  <relinst type="council band" object="Band A"><condition rel="lives at" subject="%S" object="AB1"/></relinst>
`);

describe('shared contexts', () => {
  it('lets a second session of the same context use a context-scoped answer without asking', async () => {
    const map = mapOf(HOUSEHOLD);
    const context = createContext('household-1');
    const first = sessionOf(map, { id: 'one', context });
    asQuestion(value(await first.query({ subject: 'Dee', relationship: 'council band' })));
    value(await first.respond([{ subject: 'Dee', relationship: 'lives at', object: 'AB1', certainty: 100 }]));
    const second = sessionOf(map, { id: 'two', context });
    expect(rows(value(await second.query({ subject: 'Dee', relationship: 'council band' })))).toEqual([['Dee', 'Band A', 100]]);
    expect(second.facts().context.map((fact) => [fact.subject.value, fact.object.value, fact.source])).toEqual([['Dee', 'AB1', 'answer']]);
    expect(second.facts().local).toEqual([expect.objectContaining({ relationship: 'council band' })]);
  });

  it('keeps context facts away from sessions of another context or none', async () => {
    const map = mapOf(HOUSEHOLD);
    const first = sessionOf(map, { id: 'one', context: createContext('a') });
    value(first.inject([{ subject: 'Dee', relationship: 'lives at', object: 'AB1', certainty: 100 }]));
    const other = sessionOf(map, { id: 'two', context: createContext('b') });
    asQuestion(value(await other.query({ subject: 'Dee', relationship: 'council band' })));
    const alone = sessionOf(map, { id: 'three' });
    asQuestion(value(await alone.query({ subject: 'Dee', relationship: 'council band' })));
  });
});
