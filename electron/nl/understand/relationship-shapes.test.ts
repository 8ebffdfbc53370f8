import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

// A removals firm, written for these rules (no corpus or blind map has its words): passives named
// without "be", a form with a closing preposition, a "When was %S loaded?" date beside a "loads"
// verb, amounts named with units, a truth relationship with a noun and a modal passive.
const read = readerOf(
  `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="crate" type="string" />
  <concept name="mover" type="string" />
  <concept name="customer" type="string" />
  <concept name="depot" type="string" />
  <concept name="number" type="number" />
  <concept name="day" type="date" />
  <concept name="yes or no" type="truth" />
  <rel name="packed by" subject="crate" object="mover" plural="false">
    <firstForm>Was %S packed by %O?</firstForm>
    <secondFormObject>Who packed %S?</secondFormObject>
  </rel>
  <rel name="sent by" subject="crate" object="customer" plural="false" />
  <rel name="taken to" subject="crate" object="depot" plural="false">
    <secondFormObject>Where is %S being taken to?</secondFormObject>
  </rel>
  <rel name="collection date" subject="crate" object="day" plural="false">
    <secondFormObject>When is %S being collected?</secondFormObject>
  </rel>
  <rel name="loads" subject="mover" object="crate" plural="true" />
  <rel name="load date" subject="crate" object="day" plural="false">
    <secondFormObject>When was %S loaded?</secondFormObject>
  </rel>
  <rel name="packing hours" subject="crate" object="number" plural="false">
    <secondFormObject>How many hours did packing %S take?</secondFormObject>
  </rel>
  <rel name="insurance fee" subject="crate" object="number" plural="false">
    <secondFormObject>What is the insurance fee for %S?</secondFormObject>
  </rel>
  <rel name="fill level" subject="crate" object="number" plural="false">
    <secondFormObject>How full is %S, in percent?</secondFormObject>
  </rel>
  <rel name="miles per week" subject="mover" object="number" plural="false">
    <secondFormObject>How many miles does %S drive per week?</secondFormObject>
  </rel>
  <rel name="price per mile" subject="mover" object="number" plural="false" />
  <rel name="daily fuel allowance" subject="mover" object="number" plural="false" />
  <rel name="restoration cost" subject="crate" object="number" plural="false" />
  <rel name="belongs to" subject="crate" object="customer" plural="false" />
  <rel name="needs the lift" subject="crate" object="yes or no" plural="false">
    <secondFormObject>Does %S need the lift?</secondFormObject>
  </rel>
  <rel name="is fragile" subject="crate" object="yes or no" plural="false" />
  <rel name="could be lifted by" subject="crate" object="mover" plural="true" />
  <concinst name="Crate 5" type="crate" />
  <concinst name="Crate 9" type="crate" />
  <concinst name="Nia" type="mover" />
  <concinst name="Omar Fry" type="mover" />
  <concinst name="Dee" type="customer" />
  <concinst name="North Depot" type="depot" />
  <concinst name="Quay Store" type="depot" />
</rbl:kb>
`,
  Date.UTC(2026, 4, 13),
);
const fact = (subject: string, relationship: string, object: string | number | boolean) => ({
  subject,
  relationship,
  object,
  certainty: 100,
});

describe('how statements and questions map onto relationships', () => {
  it('reads a passive named without its "be" ("packed by") with its verb said actively the other way round', () => {
    expect(read('Which crates has Nia packed?')).toMatchObject({ kind: 'query', query: { relationship: 'packed by', object: 'Nia' } });
    expect(read('Nia packed Crate 5')).toMatchObject({ kind: 'statements', facts: { valid: [fact('Crate 5', 'packed by', 'Nia')] } });
    expect(read('Crate 5 was packed by Nia.')).toMatchObject({ facts: { valid: [fact('Crate 5', 'packed by', 'Nia')] } });
    expect(read('Who packed Crate 5?')).toMatchObject({ kind: 'query', query: { relationship: 'packed by', subject: 'Crate 5' } });
  });

  it('matches a question form whose closing preposition is left out', () => {
    expect(read('where is crate 5 being taken')).toMatchObject({ kind: 'query', query: { relationship: 'taken to', subject: 'Crate 5' } });
  });

  it('asks where a thing goes by the one relationship named with a verb of sending and "to"', () => {
    expect(read("Where's Crate 9 going?")).toMatchObject({ kind: 'query', query: { relationship: 'taken to', subject: 'Crate 9' } });
    expect(read('Where is Crate 9 headed?')).toMatchObject({ kind: 'query', query: { relationship: 'taken to', subject: 'Crate 9' } });
  });

  it('reads a date said with the participle of a "When was %S <participle>?" form, never as the agent of a verb', () => {
    expect(read('Crate 5 was loaded on 14/09/2026')).toMatchObject({
      kind: 'statements',
      facts: { valid: [fact('Crate 5', 'load date', '2026-09-14')] },
    });
    expect(read('Nia loaded Crate 5')).toMatchObject({ facts: { valid: [fact('Nia', 'loads', 'Crate 5')] } });
  });

  it('takes "the <name> <noun>" as the name when the noun is no word of the map', () => {
    expect(read('Does the Crate 5 shipment need the lift?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'needs the lift', subject: 'Crate 5' },
    });
    // A participle after the name says something about it: never dropped.
    expect(read('Is the Crate 5 broken?').kind).toBe('error');
  });

  it('says a modal passive ("could be lifted by") actively after the modal, also in a why-question', () => {
    expect(read('Could Omar Fry lift Crate 9?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'could be lifted by', subject: 'Crate 9', object: 'Omar Fry' },
    });
    expect(read('Why could Omar Fry lift Crate 9?')).toMatchObject({
      kind: 'why',
      query: { relationship: 'could be lifted by', subject: 'Crate 9', object: 'Omar Fry' },
    });
  });

  it('reads how much / how many with the unit noun of one amount and a verb of its own', () => {
    expect(read('How many miles does Nia cover each week?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'miles per week', subject: 'Nia' },
    });
    expect(read('How much has Dee handed over as an insurance fee for Crate 5?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'insurance fee', subject: 'Crate 5' },
    });
    expect(read('How much has gone into restoring Crate 9?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'restoration cost', subject: 'Crate 9' },
    });
    expect(read('How many litres of fuel a day does Nia get?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'daily fuel allowance', subject: 'Nia' },
    });
    expect(read('How many hours did the Crate 5 job take?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'packing hours', subject: 'Crate 5' },
    });
  });

  it('reads amounts stated with a verb and a unit, clause by clause', () => {
    expect(read('Crate 5 took 3 hours of packing and the insurance fee was £12.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [fact('Crate 5', 'packing hours', 3), fact('Crate 5', 'insurance fee', 12)] },
    });
    // "at 80%" with more said after it is the value, not a certainty.
    expect(read('Crate 9 comes in at 80% and takes 2 hours of packing.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [fact('Crate 9', 'fill level', 80), fact('Crate 9', 'packing hours', 2)] },
    });
    // Closing the sentence, "at 80%" is still the certainty said.
    expect(read('Nia packed Crate 5 at 80%')).toMatchObject({
      facts: { valid: [{ ...fact('Crate 5', 'packed by', 'Nia'), certainty: 80 }] },
    });
    // An amount no relationship is said with is not guessed.
    expect(read('Crate 5 took 3 days').kind).toBe('error');
  });

  it('explains a conclusion said in other words, by the one truth relationship whose nouns it says', () => {
    expect(read('Why is Crate 5 going up in the lift?')).toMatchObject({
      kind: 'why',
      query: { relationship: 'needs the lift', subject: 'Crate 5', object: true },
    });
    expect(read('Why is Crate 5 heavy?').kind).not.toBe('why');
  });
});

// "travelled by" is an active past, as its question form says ("How did %S travel?"), not a passive.
const readTrip = readerOf(
  `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="person" type="string" />
  <concept name="mode" type="string" />
  <rel name="travelled by" subject="person" object="mode" plural="false">
    <secondFormObject>How did %S travel?</secondFormObject>
  </rel>
  <concinst name="Ann" type="person" />
  <concinst name="Train" type="mode" />
</rbl:kb>`,
  Date.UTC(2026, 4, 13),
);

describe('a name "<participle> by" said actively by its question forms', () => {
  it('keeps its subject doing the verb', () => {
    expect(readTrip('Did Ann travel by Train?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'travelled by', subject: 'Ann', object: 'Train' },
    });
    expect(readTrip('Ann travelled by Train')).toMatchObject({ facts: { valid: [fact('Ann', 'travelled by', 'Train')] } });
  });
});
