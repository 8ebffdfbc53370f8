/**
 * Nouns said other ways: a clipped concept noun ("locos" for locomotives), a form's "the <noun> %O"
 * said "%O of the <noun>" ("Chair of the club?"), and a truth name "is <preposition> <noun>" asked
 * tersely by its noun ("Mantel warranty?"), and "deposit paid" by its noun in a question ("Joan's deposit?").
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="member" type="string" />
  <concept name="locomotive" type="string" />
  <concept name="participant" type="string" />
  <concept name="role" type="string" />
  <concept name="flag" type="truth" />
  <concept name="amount" type="number" />
  <concinst name="Joan" type="member" />
  <concinst name="Flying Scot" type="locomotive" />
  <concinst name="Chair" type="role" />
  <rel name="owns" subject="member" object="locomotive" plural="true" askable="secondFormObject">
    <secondFormObject>Which locomotives does %S own?</secondFormObject>
  </rel>
  <rel name="holds role" subject="member" object="role" plural="false" askable="all">
    <firstForm>Is %S the club %O?</firstForm>
    <secondFormObject>What committee role does %S hold?</secondFormObject>
    <secondFormSubject>Who is the club %O?</secondFormSubject>
  </rel>
  <rel name="deposit paid" subject="member" object="amount" plural="false" askable="secondFormObject">
    <secondFormObject>How much deposit has %S paid?</secondFormObject>
  </rel>
  <rel name="is under warranty" subject="locomotive" object="flag" plural="false" askable="secondFormObject">
    <secondFormObject>Is %S under warranty?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('a clipped concept noun', () => {
  it('is the concept word it opens', () => {
    expect(read('What locos does Joan have?')).toMatchObject({ kind: 'query', query: { relationship: 'owns', subject: 'Joan' } });
  });

  it('is never an English word that opens a concept word', () => {
    // "part" opens "participant" but is English (WordNet): no participant is meant.
    expect(read('What part does Joan have?')).not.toMatchObject({ kind: 'query', query: { relationship: 'owns' } });
  });
});

describe('"<value> of the <noun>" for a form closing on "the <noun> %O"', () => {
  it('asks who holds the value', () => {
    for (const prompt of ['Chair of the club?', 'Who is the Chair of the club?', 'Who is the club Chair?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'holds role', object: 'Chair' } });
  });
});

describe('a truth name "is <preposition> <noun>" asked by its noun', () => {
  it('reads the yes/no question', () => {
    expect(read('Flying Scot warranty?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is under warranty', subject: 'Flying Scot' },
    });
  });
});

describe('a noun-and-participle name asked by its noun', () => {
  it('reads the question, never a statement', () => {
    for (const prompt of ["Joan's deposit?", "What is Joan's deposit?"])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'deposit paid', subject: 'Joan' } });
    // The deposit said may be the one asked for, not the one paid: nothing is recorded.
    expect(read("Joan's deposit is £200.")).not.toMatchObject({ kind: 'statements' });
  });
});
