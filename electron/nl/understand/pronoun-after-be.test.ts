/**
 * "…has been sterilised - is *it* ready to fruit?": "it" after "is" is the thing named before, never
 * the participle of a truth name "is sterilised" (only a verb and its noun, "paid … deposit", make one).
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="grow room" type="string" />
  <concept name="truth value" type="truth" />
  <concinst name="Dark Shed" type="grow room" />
  <rel name="is sterilised" subject="grow room" object="truth value" askable="secondFormObject">
    <secondFormObject>Has %S been sterilised?</secondFormObject>
  </rel>
  <rel name="is ready to fruit" subject="grow room" object="truth value" askable="none">
    <secondFormObject>Is %S ready to fruit?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('"it" after "is"', () => {
  it('is the thing named before', () => {
    expect(read("I'm quite sure Dark Shed has been sterilised - is it ready to fruit?")).toMatchObject({
      kind: 'query',
      query: { relationship: 'is ready to fruit', subject: 'Dark Shed' },
      facts: { valid: [{ subject: 'Dark Shed', relationship: 'is sterilised', object: true, certainty: 90 }] },
    });
  });
});
