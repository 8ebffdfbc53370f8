/**
 * "Is Max walked by Ann?" where the map has both "walks" and "can be walked by": a modal the
 * prompt does not say is not asked; "ever" and other frequency adverbs in a question add nothing.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="walker" type="string" />
  <concept name="dog" type="string" />
  <concinst name="Ann" type="walker" />
  <concinst name="Max" type="dog" />
  <concinst name="Sir Rufus" type="dog" />
  <rel name="walks" subject="walker" object="dog" plural="true" askable="all" canAdd="none">
    <firstForm>Does %S walk %O?</firstForm>
    <secondFormObject>Which dogs does %S walk?</secondFormObject>
    <secondFormSubject>Who walks %O?</secondFormSubject>
  </rel>
  <rel name="can be walked by" subject="dog" object="walker" plural="true" askable="none">
    <firstForm>Can %S be walked by %O?</firstForm>
    <secondFormObject>Who can walk %S?</secondFormObject>
    <secondFormSubject>Which dogs can %O walk?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe('a modal the prompt does not say', () => {
  it('leaves the reading without it, in a passive and in the past', () => {
    expect(read('Is Max walked by Ann?')).toMatchObject({ kind: 'query', query: { relationship: 'walks', subject: 'Ann', object: 'Max' } });
    expect(read('Who walked Sir Rufus?')).toMatchObject({ kind: 'query', query: { relationship: 'walks', object: 'Sir Rufus' } });
  });

  it('leaves it in a statement too, even when its name is nearer the words said', () => {
    expect(read('Max is walked by Ann.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Ann', relationship: 'walks', object: 'Max' }] },
    });
    expect(read('Max can be walked by Ann.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Max', relationship: 'can be walked by', object: 'Ann' }] },
    });
  });

  it('is still read when said', () => {
    expect(read('Who can walk Sir Rufus?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'can be walked by', subject: 'Sir Rufus' },
    });
    expect(read('Can Max be walked by Ann?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'can be walked by', subject: 'Max', object: 'Ann' },
    });
  });
});

describe('a frequency adverb after the subject of a question', () => {
  it('adds nothing: "Has Ann ever walked Max?"', () => {
    expect(read('Has Ann ever walked Max?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'walks', subject: 'Ann', object: 'Max' },
    });
    expect(read('Does Ann often walk Sir Rufus?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'walks', subject: 'Ann', object: 'Sir Rufus' },
    });
  });
});
