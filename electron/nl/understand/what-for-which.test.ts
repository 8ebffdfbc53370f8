/** "What tools are stored in the Shed?" for the form "Which tools are stored in %S?", when another relationship also ends at tools. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="gardener" type="string" />
  <concept name="shed" type="string" />
  <concept name="tool" type="string" />
  <rel name="uses" subject="gardener" object="tool" plural="true" askable="all">
    <secondFormObject>Which tools does %S use?</secondFormObject>
  </rel>
  <rel name="holds" subject="shed" object="tool" plural="true" askable="secondFormObject">
    <secondFormObject>Which tools are stored in %S?</secondFormObject>
  </rel>
  <concinst name="Ann" type="gardener" />
  <concinst name="Potting Shed" type="shed" />
  <concinst name="Spade" type="tool" />
</rbl:kb>`);

describe('"what" for the form\'s "which"', () => {
  it('asks the same question', () => {
    for (const prompt of ['Which tools are stored in the Potting Shed?', 'What tools are stored in the Potting Shed?'])
      expect(read(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'holds', subject: 'Potting Shed' } });
    expect(read('What tools does Ann use?')).toMatchObject({ kind: 'query', query: { relationship: 'uses', subject: 'Ann' } });
  });
});
