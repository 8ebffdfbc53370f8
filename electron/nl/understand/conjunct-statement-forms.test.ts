/**
 * "Kit is 14 and hires Kayak 3": a conjunct the map's own statement form reads ("%S is %O" of
 * "How old is %S?") is read so before another clause, and in each of two clauses.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="climber" type="string" />
  <concept name="wall" type="string" />
  <concept name="years" type="number" />
  <concept name="day" type="date" />
  <concinst name="Kit" type="climber" />
  <concinst name="Lee" type="climber" />
  <concinst name="North Wall" type="wall" />
  <concept name="session" type="string" />
  <concept name="amount" type="number" />
  <concept name="minutes" type="number" />
  <concinst name="Taster" type="session" />
  <concinst name="Rope and Belay" type="session" />
  <rel name="costs" subject="session" object="amount" plural="false" askable="secondFormObject">
    <secondFormObject>How much does a %S cost?</secondFormObject>
  </rel>
  <rel name="minutes per session" subject="session" object="minutes" plural="false" askable="secondFormObject">
    <secondFormObject>How many minutes does a %S take?</secondFormObject>
  </rel>
  <rel name="age" subject="climber" object="years" plural="false" askable="secondFormObject">
    <secondFormObject>How old is %S?</secondFormObject>
  </rel>
  <rel name="climbs" subject="climber" object="wall" plural="true" askable="all">
    <firstForm>Does %S climb %O?</firstForm>
    <secondFormObject>Which walls does %S climb?</secondFormObject>
    <secondFormSubject>Who climbs %O?</secondFormSubject>
  </rel>
  <rel name="was last checked on" subject="climber" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When was %S last checked?</secondFormObject>
  </rel>
</rbl:kb>`);

describe("a conjunct in the map's own statement form", () => {
  it('is read before a clause with a relationship of its own, which shares its subject', () => {
    expect(read('Kit is 14 and climbs North Wall')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Kit', relationship: 'age', object: 14 },
          { subject: 'Kit', relationship: 'climbs', object: 'North Wall' },
        ],
      },
    });
  });

  it('is read in each of two clauses', () => {
    expect(read('Kit is 14 and Lee is 30')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Kit', relationship: 'age', object: 14 },
          { subject: 'Lee', relationship: 'age', object: 30 },
        ],
      },
    });
  });

  it('is not read as a fact when it is not a value of the relationship', () => {
    expect(read('Kit is North Wall and climbs North Wall')).not.toMatchObject({
      kind: 'statements',
      facts: { valid: [{ relationship: 'age' }, { relationship: 'climbs' }] },
    });
  });
});

describe('a date word after an amount', () => {
  it('says when the amount holds, never a date of its own ("Kit is £40 now")', () => {
    expect(read('Kit is £40 now')).not.toMatchObject({ kind: 'statements' });
    expect(read('Kit was last checked today')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Kit', relationship: 'was last checked on', object: '2026-05-13' }] },
    });
  });
});

describe('a sum of money after "be" with no relationship named', () => {
  it("is the subject's one amount named with a cost word, with a closing 'now' and before another clause", () => {
    expect(read('A Taster is £40 now and takes 50 minutes')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Taster', relationship: 'costs', object: 40 },
          { subject: 'Taster', relationship: 'minutes per session', object: 50 },
        ],
      },
    });
  });

  it('is no cost when the number is no sum of money', () => {
    expect(read('A Taster is 40')).not.toMatchObject({ kind: 'statements' });
  });
});

describe('an "and" inside a name the map knows', () => {
  it('joins no clauses: "A Rope and Belay is £40 now and takes 50 minutes"', () => {
    expect(read('A Rope and Belay is £40 now and takes 50 minutes')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Rope and Belay', relationship: 'costs', object: 40 },
          { subject: 'Rope and Belay', relationship: 'minutes per session', object: 50 },
        ],
      },
    });
  });
});

describe('an amount with a closing "now" before a clause about "its" other amount', () => {
  it('reads both, "its" for the first clause\'s subject', () => {
    expect(read('A Taster takes 50 minutes now, and its cost is £40')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Taster', relationship: 'minutes per session', object: 50 },
          { subject: 'Taster', relationship: 'costs', object: 40 },
        ],
      },
    });
  });
});
