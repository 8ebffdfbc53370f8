/** "When's the next Night Walk?" asks for the one date of Night Walk whose name says "next". */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="tour" type="string" />
  <concept name="day" type="date" />
  <concinst name="Night Walk" type="tour" />
  <rel name="first ran on" subject="tour" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When did %S first run?</secondFormObject>
  </rel>
  <rel name="next departs on" subject="tour" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When does %S next depart?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('"When is the next X?"', () => {
  it('asks for the date named with "next"', () => {
    for (const prompt of ["When's the next Night Walk?", 'When is Night Walk next?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'next departs on', subject: 'Night Walk' } });
  });

  it('is no other date question', () => {
    expect(read('When is Night Walk?')).not.toMatchObject({ query: { relationship: 'next departs on' } });
  });
});
