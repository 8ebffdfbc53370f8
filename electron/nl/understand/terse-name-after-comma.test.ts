/** "Deposit paid, Order 7?": a few words, a comma and a known name ask as "Deposit paid of Order 7?" does. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="order" type="string" />
  <concept name="money" type="number" />
  <concinst name="Order 7" type="order" />
  <rel name="deposit amount" subject="order" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>What is the deposit amount of %S?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('a terse question closed by a known name after a comma', () => {
  it('asks the relationship of that name', () => {
    expect(read('Deposit amount, Order 7?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'deposit amount', subject: 'Order 7' },
    });
  });
});
