import { describe, expect, it } from 'vitest';
import { errorOf, rbl, rows, sessionOf, value } from '../test-support/harness';
import { TRAVEL } from '../test-support/maps';

const TYPED = rbl(`
  <concept name="Person" type="string"/>
  <concept name="Years" type="number"/>
  <concept name="Day" type="date"/>
  <concept name="Flag" type="truth"/>
  <rel name="is aged" subject="Person" object="Years" askable="none"/>
  <rel name="born on" subject="Person" object="Day" askable="none"/>
  <rel name="is retired" subject="Person" object="Flag" askable="none"/>
`);

describe('injection', () => {
  it('names each bad fact by its index and refuses the whole batch', async () => {
    const session = sessionOf(TYPED);
    const messages = errorOf(
      session.inject([
        { subject: 'Ed', relationship: 'is aged', object: 40, certainty: 100 },
        { subject: 'Ed', relationship: 'lives on', object: 'Mars', certainty: 100 },
        { subject: 'Ed', relationship: 'is aged', object: 'forty', certainty: 100 },
        { subject: 'Ed', relationship: 'born on', object: '1980-13-45', certainty: 100 },
        { subject: 'Ed', relationship: 'is retired', object: false, certainty: 0 },
      ]),
    );
    expect(messages).toEqual([
      'fact[1]: Could not find relationship for injection: lives on',
      "fact[2]: 'forty' is not a valid number for 'is aged'",
      'fact[3]: Invalid date format for born on: 1980-13-45',
      'fact[4]: certainty 0 is outside 1-100',
    ]);
    // Nothing of the refused batch was stored, not even the good first fact.
    expect(session.facts().local).toEqual([]);
  });

  it('types objects by the relationship: numeric strings, ISO and epoch dates, truth strings', () => {
    const session = sessionOf(TYPED);
    value(
      session.inject([
        { subject: 'Ed', relationship: 'is aged', object: '40', certainty: 100 },
        { subject: 'Ed', relationship: 'born on', object: '1986-04-02', certainty: 100 },
        { subject: 'Flo', relationship: 'born on', object: 515548800000, certainty: 100 },
        { subject: 'Ed', relationship: 'is retired', object: 'false', certainty: 100 },
      ]),
    );
    expect(session.facts().local.map((fact) => [fact.subject.value, fact.object.value, fact.object.dataType])).toEqual([
      ['Ed', 40, 'number'],
      ['Ed', Date.UTC(1986, 3, 2), 'date'],
      ['Flo', 515548800000, 'date'],
      ['Ed', false, 'truth'],
    ]);
  });

  it('collapses a repeated fact, replaces a singular value, and warns about copies of map facts', async () => {
    const session = sessionOf(TRAVEL);
    value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 60 }]));
    value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Norway', certainty: 100 }]));
    const warnings = value(
      session.inject([{ subject: 'Norway', relationship: 'official language', object: 'Norwegian', certainty: 100 }]),
    ).warnings;
    expect(warnings).toEqual(['fact[0]: Norway official language Norwegian is already a fact of the map; not saved']);
    expect(session.facts(['resides in']).local.map((fact) => [fact.object.value, fact.certainty])).toEqual([['Norway', 100]]);
    expect(rows(value(await session.query({ subject: 'Ada', relationship: 'converses in' })))).toEqual([['Ada', 'Norwegian', 75]]);
  });

  it('drives rules from facts injected into derived relationships', async () => {
    const session = sessionOf(TRAVEL);
    value(session.inject([{ subject: 'Ada', relationship: 'converses in', object: 'Portuguese', certainty: 100 }]));
    value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Norway', certainty: 100 }]));
    expect(rows(value(await session.query({ subject: 'Ada', relationship: 'converses in' })))).toEqual([
      ['Ada', 'Portuguese', 100],
      ['Ada', 'Norwegian', 75],
    ]);
  });
});
