/** "Ann has paid a £30 fee", "…a fee of £30": an article and the relationship's own noun frame an amount. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="member" type="string" />
  <concept name="amount" type="number" />
  <rel name="fee paid" subject="member" object="amount" plural="false" askable="all">
    <secondFormObject>How much fee has %S paid?</secondFormObject>
  </rel>
  <concinst name="Ann" type="member" />
</rbl:kb>`);

describe('an amount framed by an article and the relationship noun', () => {
  it('records the amount', () => {
    for (const prompt of ['Ann has paid a £30 fee.', 'Ann has paid a fee of £30.'])
      expect(read(prompt)).toMatchObject({
        kind: 'statements',
        facts: { valid: [{ subject: 'Ann', relationship: 'fee paid', object: 30 }] },
      });
  });

  it('still refuses words with no amount', () => {
    expect(read('Ann has paid a fee.')).not.toMatchObject({ kind: 'statements', facts: { valid: [{ relationship: 'fee paid' }] } });
  });
});
