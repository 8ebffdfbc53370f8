/**
 * A known name with its concept's noun around it: "the *town of* Elmford", "Amber *beans*" (the noun
 * the map's own questions ask that concept with) still name the thing.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="shop" type="string" />
  <concept name="town" type="string" />
  <concept name="blend" type="string" />
  <concept name="coffee" type="string" />
  <concinst name="Corner Cup" type="shop" />
  <concinst name="Elmford" type="town" />
  <concinst name="Elmford Green" type="town" />
  <concinst name="Amber" type="coffee" />
  <concinst name="House Blend" type="blend" />
  <rel name="is located in" subject="shop" object="town" plural="false" askable="all">
    <firstForm>Is %S in %O?</firstForm>
    <secondFormObject>Which town is %S in?</secondFormObject>
    <secondFormSubject>Which shops are in %O?</secondFormSubject>
  </rel>
  <rel name="is roasted from" subject="blend" object="coffee" plural="true" askable="all">
    <firstForm>Is %S roasted from %O?</firstForm>
    <secondFormObject>Which beans is %S roasted from?</secondFormObject>
    <secondFormSubject>Which blends are roasted from %O?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe("a concept's noun around a known name", () => {
  it('reads "the town of Elmford Green" as Elmford Green', () => {
    expect(read('Is Corner Cup in the town of Elmford Green?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is located in', subject: 'Corner Cup', object: 'Elmford Green' },
    });
  });

  it("reads a name followed by the noun the map's questions use for it", () => {
    expect(read('Which blends are roasted from Amber beans?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is roasted from', object: 'Amber' },
    });
  });
});
