/** "Which cafés have a %O menu?" also asks its yes/no form: "Does(n't) Café 2 have a Vegan menu?". */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="cafe" type="string" />
  <concept name="menu style" type="string" />
  <concinst name="Cafe 2" type="cafe" />
  <concinst name="Vegan" type="menu style" />
  <rel name="menu" subject="cafe" object="menu style" plural="false" askable="all" canAdd="none">
    <secondFormObject>What menu does %S serve?</secondFormObject>
    <secondFormSubject>Which cafes have a %O menu?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe('the yes/no form of a which-question with "have"', () => {
  it('asks of one subject, positive or negative', () => {
    for (const prompt of ['Does Cafe 2 have a Vegan menu?', "Doesn't Cafe 2 have a Vegan menu?"])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'menu', subject: 'Cafe 2', object: 'Vegan' } });
  });

  it('keeps the which-question itself', () => {
    expect(read('Which cafes have a Vegan menu?')).toMatchObject({ kind: 'query', query: { relationship: 'menu', object: 'Vegan' } });
  });
});
