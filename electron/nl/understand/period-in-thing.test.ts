/** "How much does *an hour in* the Live Room cost?" is the Live Room's rate per hour. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="room" type="string" />
  <concept name="session" type="string" />
  <concept name="rate" type="number" />
  <concinst name="Live Room" type="room" />
  <concinst name="Session 1" type="session" />
  <rel name="hourly rate" subject="room" object="rate" plural="false" askable="secondFormObject">
    <secondFormObject>What is the hourly rate for %S?</secondFormObject>
  </rel>
  <rel name="session cost" subject="session" object="rate" plural="false" askable="none" />
</rbl:kb>`);

describe('a period in a known thing, said as the subject', () => {
  it('is the thing at a rate per period', () => {
    for (const prompt of ['How much does an hour in the Live Room cost?', 'How much is an hour in the Live Room?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'hourly rate', subject: 'Live Room' } });
    expect(read('An hour in the Live Room costs £40.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Live Room', relationship: 'hourly rate', object: 40 }] },
    });
  });

  it('leaves a period without a known thing after it as said', () => {
    expect(read('An hour in a studio costs £40.')).not.toMatchObject({ kind: 'statements' });
  });
});
