/**
 * A why-question whose rest reads only as a statement ("Why does Tom owe £35 in rent?" as "Tom owes
 * £35 in rent"), and a yes/no question closing on a number after a known name ("Why is the total
 * price for Night Owls 137.50?").
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="tenant" type="string" />
  <concept name="amount" type="number" />
  <concept name="truth" type="truth" />
  <concinst name="Tom" type="tenant" />
  <concinst name="Night Owls" type="tenant" />
  <concinst name="Studio" type="tenant" />
  <rel name="rent owed" subject="tenant" object="amount" plural="false" askable="none" />
  <rel name="has paid rent" subject="tenant" object="truth" plural="false" askable="all">
    <secondFormObject>Has %S paid this year's rent?</secondFormObject>
  </rel>
  <rel name="total price" subject="tenant" object="amount" plural="false" askable="none">
    <secondFormObject>What is the total price for %S?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('why-questions in statement order', () => {
  it('explains the fact the rest states, not a truth that shares its noun', () => {
    expect(read('Why does Tom owe £35 in rent?')).toMatchObject({
      kind: 'why',
      query: { relationship: 'rent owed', subject: 'Tom', object: 35 },
    });
  });
});

describe('a yes/no question closing on a number after a known name', () => {
  it('reads the number as the value', () => {
    for (const prompt of ['Is the total price for Night Owls 137.50?', 'Why is the total price for Night Owls 137.50?'])
      expect(read(prompt), prompt).toMatchObject({ query: { relationship: 'total price', subject: 'Night Owls', object: 137.5 } });
  });

  it("never in a which/what question, where the number may be a name's", () => {
    expect(read('What is the total price for Studio 2?')).not.toMatchObject({ query: { object: 2 } });
  });
});
