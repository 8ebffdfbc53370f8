/** "has booked", "can ring": the passive of the verb after the auxiliary reads the other way round. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="climber" type="string" />
  <concept name="route" type="string" />
  <concept name="hut" type="string" />
  <rel name="can lead" subject="climber" object="route" plural="true" askable="all">
    <firstForm>Can %S lead %O?</firstForm>
    <secondFormObject>Which routes can %S lead?</secondFormObject>
  </rel>
  <rel name="has reserved" subject="climber" object="hut" plural="false" askable="all">
    <firstForm>Has %S reserved %O?</firstForm>
    <secondFormObject>Which hut has %S reserved?</secondFormObject>
  </rel>
  <concinst name="Ines Roy" type="climber" />
  <concinst name="Grey Slab" type="route" />
  <concinst name="Col Hut" type="hut" />
</rbl:kb>`);

describe('the passive of a verb after an auxiliary', () => {
  it('asks the yes/no question with the object first', () => {
    expect(read('Is Grey Slab led by Ines Roy?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'can lead', subject: 'Ines Roy', object: 'Grey Slab' },
    });
    expect(read('Has Col Hut been reserved by Ines Roy?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'has reserved', subject: 'Ines Roy', object: 'Col Hut' },
    });
  });

  it('records the statement with the object first', () => {
    expect(read('Col Hut has been reserved by Ines Roy.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Ines Roy', relationship: 'has reserved', object: 'Col Hut' }] },
    });
  });
});
