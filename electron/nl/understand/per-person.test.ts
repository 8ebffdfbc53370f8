/** "per head" and "per person" for a name counted per a kind of person ("fee per guest"). */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="tour" type="string" />
  <concept name="amount" type="number" />
  <concinst name="Night Walk" type="tour" />
  <rel name="fee per guest" subject="tour" object="amount" plural="false" askable="secondFormObject">
    <secondFormObject>What is the fee per guest for %S?</secondFormObject>
  </rel>
  <rel name="hire per hour" subject="tour" object="amount" plural="false" askable="secondFormObject">
    <secondFormObject>What does %S cost to hire per hour?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('a unit that is a kind of person', () => {
  it('is also said "per head" and "per person"', () => {
    for (const prompt of [
      "What's the fee per head for Night Walk?",
      'How much is Night Walk per person?',
      'What is the fee a head for Night Walk?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'fee per guest', subject: 'Night Walk' } });
  });

  it('never stands for a unit that is no person', () => {
    expect(read('How much is Night Walk per head?')).not.toMatchObject({ query: { relationship: 'hire per hour' } });
  });
});
