/**
 * An amount said per a unit ("2.8 tonnes *an acre*", "£30 *a month*") is the relationship counted per
 * that unit (its name or question says "per acre", or "monthly"); one said in the unit ("3.75 *acres*")
 * never is.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="field" type="string" />
  <concept name="member" type="string" />
  <concept name="acres" type="number" />
  <concept name="tonnes" type="number" />
  <concept name="money" type="number" />
  <concinst name="Long Meadow" type="field" />
  <concinst name="Priya" type="member" />
  <rel name="area in acres" subject="field" object="acres" plural="false" askable="secondFormObject">
    <secondFormObject>How many acres is %S?</secondFormObject>
  </rel>
  <rel name="yield per acre" subject="field" object="tonnes" plural="false" askable="secondFormObject">
    <secondFormObject>How many tonnes per acre does %S yield?</secondFormObject>
  </rel>
  <rel name="monthly dues" subject="member" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>What are %S's monthly dues?</secondFormObject>
  </rel>
  <rel name="joining fee" subject="member" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>What is %S's joining fee?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('amounts said per a unit', () => {
  it('reads the amount in a unit and the amount per it as their own relationships', () => {
    expect(read('Long Meadow is 3.75 acres and yields 2.8 tonnes an acre.')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Long Meadow', relationship: 'area in acres', object: 3.75 },
          { subject: 'Long Meadow', relationship: 'yield per acre', object: 2.8 },
        ],
        invalid: [],
      },
    });
  });

  it('reads "a month" as the monthly amount, not as when', () => {
    expect(read('Priya pays £30 a month.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Priya', relationship: 'monthly dues', object: 30 }], invalid: [] },
    });
  });

  it('records nothing when no amount of the thing is counted per the unit said and several fit', () => {
    expect(read('Priya pays £30 a week.')).not.toMatchObject({ kind: 'statements' });
  });

  it('asks the amount in a unit, or the one counted per a unit said', () => {
    expect(read('How many acres does Long Meadow cover?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'area in acres', subject: 'Long Meadow' },
    });
    expect(read('How many tonnes an acre does Long Meadow give?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'yield per acre', subject: 'Long Meadow' },
    });
    expect(read('What does Priya pay per month?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'monthly dues', subject: 'Priya' },
    });
  });
});
