/**
 * A statement of the price of doing something ("The Kayak costs £18 an hour to hire") records the
 * amount under the one number relationship that is that price, never "£18 an hour to hire" as text.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="boat" type="string" />
  <concept name="money" type="number" />
  <concept name="seats" type="number" />
  <concinst name="Kayak 2" type="boat" />
  <concinst name="Punt" type="boat" />
  <rel name="hire cost per hour" subject="boat" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>How much does %S cost to hire per hour?</secondFormObject>
  </rel>
  <rel name="cleaning price" subject="boat" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>How much does it cost to clean the %S?</secondFormObject>
  </rel>
  <rel name="repair bill" subject="boat" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>What was the last repair bill for %S?</secondFormObject>
  </rel>
  <rel name="launch fee" subject="boat" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>What is the launch fee of %S?</secondFormObject>
  </rel>
  <rel name="seat count" subject="boat" object="seats" plural="false" askable="secondFormObject">
    <secondFormObject>How many seats does %S have?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('the price of doing something, stated', () => {
  it('reads the relationship named by the action, or whose question says "cost to" it', () => {
    expect(read('Kayak 2 costs £18 an hour to hire.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Kayak 2', relationship: 'hire cost per hour', object: 18 }], invalid: [] },
    });
    expect(read('Kayak 2 has 2 seats, and the Punt costs £40 to clean now.')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Kayak 2', relationship: 'seat count', object: 2 },
          { subject: 'Punt', relationship: 'cleaning price', object: 40 },
        ],
        invalid: [],
      },
    });
  });

  it('records nothing for an action no price names', () => {
    const got = read('Kayak 2 costs £18 to paint.');
    expect(got).not.toMatchObject({ kind: 'statements' });
  });

  it('reads the cost of an action at a known thing as its relationship named by that action', () => {
    expect(read('A launch of the Punt costs £12.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Punt', relationship: 'launch fee', object: 12 }], invalid: [] },
    });
    expect(read('How much does a launch of Kayak 2 cost?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'launch fee', subject: 'Kayak 2' },
    });
  });
});
