/**
 * A date said with the words of one date relationship but not its name ("Nadia sits her audition on
 * 3 March 2027" for "audition date"); several fitting: the reader asks; other words: nothing recorded.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="dancer" type="string" />
  <concept name="costume" type="string" />
  <concept name="day" type="date" />
  <concinst name="Nadia" type="dancer" />
  <concinst name="Red Cloak" type="costume" />
  <rel name="audition date" subject="dancer" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When is %S's audition?</secondFormObject>
  </rel>
  <rel name="fitting date" subject="costume" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When is %S next fitted?</secondFormObject>
  </rel>
  <rel name="return date" subject="costume" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When is %S returned?</secondFormObject>
  </rel>
  <rel name="refit return date" subject="costume" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When is %S returned after a refit?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('a date said with the words of one date relationship', () => {
  it('reads the relationship whose name or question forms hold the word', () => {
    expect(read('Nadia sits her audition on 3 March 2027.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Nadia', relationship: 'audition date', object: '2027-03-03' }] },
    });
    expect(read('Nadia has her audition on the 4th of March 2027')).toMatchObject({
      facts: { valid: [{ relationship: 'audition date', object: '2027-03-04' }] },
    });
    // "fitted" of the question form, said in the progressive passive.
    expect(read('The Red Cloak is being fitted on 5 March 2027')).toMatchObject({
      facts: { valid: [{ subject: 'Red Cloak', relationship: 'fitting date', object: '2027-03-05' }] },
    });
  });

  it('asks when the words fit several date relationships', () => {
    const got = read('Red Cloak is returned on 6 March 2027.');
    expect(got).toMatchObject({ kind: 'error', error: { code: 108 } });
  });

  it('records nothing when another word says something else of the date', () => {
    for (const prompt of ['Nadia cancelled her audition on 3 March 2027.', 'Nadia missed her audition on 3 March 2027.'])
      expect(read(prompt), prompt).not.toMatchObject({ kind: 'statements' });
    // A question or a negation is never so read.
    expect(read('Nadia has not got her audition on 3 March 2027.')).not.toMatchObject({ kind: 'statements' });
    expect(read('Does Nadia sit her audition on 3 March 2027?')).not.toMatchObject({ kind: 'statements' });
  });
});

describe('"When is the <name> <event>?"', () => {
  it('asks for the date named by the event noun, as "Red Cloak fitting?" does', () => {
    expect(read("When's the Red Cloak fitting?")).toMatchObject({
      kind: 'query',
      query: { relationship: 'fitting date', subject: 'Red Cloak' },
    });
    expect(read('When is Nadia audition?')).toMatchObject({ kind: 'query', query: { relationship: 'audition date', subject: 'Nadia' } });
  });
});

describe('questions about a date said with the words of one date relationship', () => {
  it('asks whether, or when', () => {
    expect(read('Is Nadia having her audition on 3 March 2027?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'audition date', subject: 'Nadia', object: '2027-03-03' },
    });
    expect(read('When does Nadia sit her audition?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'audition date', subject: 'Nadia' },
    });
  });

  it('asks nothing when another word says something else', () => {
    expect(read('Did Nadia cancel her audition on 3 March 2027?')).not.toMatchObject({ kind: 'query' });
  });
});

describe('words that only say a date is set', () => {
  it('frame the date of a relationship said by its noun', () => {
    for (const prompt of ["Nadia's audition is due on 3 March 2027.", "Nadia's audition is expected on 3 March 2027."])
      expect(read(prompt), prompt).toMatchObject({
        kind: 'statements',
        facts: { valid: [{ subject: 'Nadia', relationship: 'audition date', object: '2027-03-03' }] },
      });
  });
});
