/** "the Off Peak *plan*": a name said exactly beside its concept's noun is that name, not a typo of a longer one. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="plan" type="string" />
  <concept name="amount" type="number" />
  <concinst name="Off Peak" type="plan" />
  <concinst name="Off Peak Plus" type="plan" />
  <rel name="monthly fee" subject="plan" object="amount" plural="false" askable="secondFormObject" />
</rbl:kb>`);

describe("a name beside its concept's noun", () => {
  it('is the name said, never a longer name one typo away from the whole phrase', () => {
    expect(read('What is the monthly fee for the Off Peak plan?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'monthly fee', subject: 'Off Peak' },
    });
    expect(read('What is the monthly fee for the Off Peak Plus plan?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'monthly fee', subject: 'Off Peak Plus' },
    });
  });
});
