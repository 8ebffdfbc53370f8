/** "Mo has paid a £50 deposit and *he is* 19": a conjunct with its own subject pronoun is a clause of its own. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="client" type="string" />
  <concept name="amount" type="number" />
  <concept name="years" type="number" />
  <concinst name="Mo" type="client" />
  <rel name="deposit paid" subject="client" object="amount" plural="false" askable="secondFormObject">
    <secondFormObject>How much deposit has %S paid?</secondFormObject>
  </rel>
  <rel name="age" subject="client" object="years" plural="false" askable="secondFormObject">
    <secondFormObject>How old is %S?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('a conjunct opening with a subject pronoun and an auxiliary', () => {
  it('is read as a clause of its own about the subject before', () => {
    expect(read('Mo has paid a £50 deposit and he is 19.')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Mo', relationship: 'deposit paid', object: 50 },
          { subject: 'Mo', relationship: 'age', object: 19 },
        ],
      },
    });
  });

  it('is reported when it does not read, never dropped', () => {
    expect(read('Mo has paid a £50 deposit and he is happy.')).toMatchObject({ kind: 'error', error: { code: 109 } });
  });
});
