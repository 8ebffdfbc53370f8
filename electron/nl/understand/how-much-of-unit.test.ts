/** "How much food does Pip get a day?" for the form "How many grams of food does %S get each day?". */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="owl" type="string" />
  <concept name="grams" type="number" />
  <concinst name="Pip" type="owl" />
  <rel name="daily ration" subject="owl" object="grams" plural="false" askable="secondFormObject">
    <secondFormObject>How many grams of food does %S get each day?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('"how much <noun>" and the rate word of a "how many <unit> of <noun>" form', () => {
  it('asks what the form asks', () => {
    for (const prompt of [
      'How much food does Pip get a day?',
      'How much food does Pip get each day?',
      'How many grams of food does Pip get per day?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'daily ration', subject: 'Pip' } });
  });
});
