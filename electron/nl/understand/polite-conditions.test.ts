/**
 * A polite condition around a request ("I'd be grateful if you could tell me…") and a modal's
 * progressive in an embedded question ("…who Kit should be delivering to") ask the question inside.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="courier" type="string" />
  <concept name="shop" type="string" />
  <concept name="percent" type="number" />
  <concinst name="Ravi" type="courier" />
  <concinst name="Corner Deli" type="shop" />
  <rel name="on-time rate" subject="courier" object="percent" plural="false" askable="secondFormObject">
    <secondFormObject>What percentage of drops has %S made on time?</secondFormObject>
  </rel>
  <rel name="should deliver to" subject="courier" object="shop" plural="true" askable="secondFormObject">
    <secondFormObject>Who should %S deliver to?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('polite conditions and a modal progressive', () => {
  it('reads the request inside a polite condition', () => {
    for (const prompt of [
      "Hello! I'd be grateful if you could tell me what percentage of drops Ravi has made on time.",
      'It would be great if you could tell me what percentage of drops Ravi has made on time.',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'on-time rate', subject: 'Ravi' } });
  });

  it('reads "should be delivering" in an embedded question as the form\'s "should deliver"', () => {
    for (const prompt of ['Could you find out who Ravi should be delivering to? Thanks', 'Could you tell me who Ravi should deliver to?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'should deliver to', subject: 'Ravi' } });
  });

  it('is no statement: a polite condition without a request to the reader is left as said', () => {
    expect(read("I'd be grateful if Ravi delivered to Corner Deli.")).not.toMatchObject({ kind: 'query' });
  });
});
