/**
 * "Is Rex signed in for Agility?" for the form "Is %S signed for %O?" when another form of the
 * relationship says "signed in for": the map says both ways alike.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const map = (forms: string) =>
  readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="dog" type="string" />
  <concept name="class" type="string" />
  <concinst name="Rex" type="dog" />
  <concinst name="Agility" type="class" />
  <concinst name="Puppy Play" type="class" />
  <rel name="is signed for" subject="dog" object="class" plural="true" askable="all" canAdd="none">${forms}</rel>
</rbl:kb>`);

describe('a word one form of a relationship puts between two words another form has side by side', () => {
  const read = map(`
    <firstForm>Is %S signed for %O?</firstForm>
    <secondFormObject>What is %S signed in for?</secondFormObject>
    <secondFormSubject>Which dogs are signed for %O?</secondFormSubject>`);

  it('is left out to match the form without it', () => {
    expect(read('Is Rex signed in for Agility?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is signed for', subject: 'Rex', object: 'Agility' },
    });
    expect(read('Which dogs are signed in for Puppy Plays?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is signed for', object: 'Puppy Play' },
    });
  });

  it('is put in to match the form with it', () => {
    expect(read('What is Rex signed for?')).toMatchObject({ kind: 'query', query: { relationship: 'is signed for', subject: 'Rex' } });
  });
});

describe('a word no form of the relationship says', () => {
  const read = map(`
    <firstForm>Is %S signed for %O?</firstForm>
    <secondFormObject>What is %S signed for?</secondFormObject>
    <secondFormSubject>Which dogs are signed for %O?</secondFormSubject>`);

  it('is not left out', () => {
    expect(read('Is Rex signed off for Agility?')).not.toMatchObject({ kind: 'query' });
  });
});
