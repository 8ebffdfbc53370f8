import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { tokenize } from '../text/tokens';
import { buildVocabulary } from '../vocabulary/build';
import { correctTypos } from './typos';
import { readerOf, readerOfMap, vocabularyOf } from '../test-support/reader';

const vocabulary = buildVocabulary(corpusMap('festival'));
const corrected = (prompt: string): string =>
  correctTypos(prompt, tokenize(prompt), vocabulary)
    .map((token) => token.text)
    .join(' ');

describe('typos in the words of the map', () => {
  it('reads a misspelt question word or relationship word as the one word it is near', () => {
    expect(corrected('Wich stage does Kestrel plya on?')).toBe('which stage does kestrel play on ?');
    expect(corrected('Who mangaes Kestrel?')).toBe('who manages kestrel ?');
  });

  it('leaves instance names to their own matching, and a capitalised word inside a sentence is a name', () => {
    expect(corrected('Is Kestrl headlining?')).toBe('is kestrl headlining ?');
    expect(corrected('Does Plya play on Tent B?')).toBe('does plya play on tent b ?');
  });

  it('does not correct other forms of known words, calendar words or numbers', () => {
    expect(corrected('The stage opens on 3 march; stages open in june')).toBe('the stage opens on 3 march ; stages open in june');
    expect(corrected('Kestrel plays on twelve stages')).toBe('kestrel plays on twelve stages');
  });

  it('does not take a word with another first letter for a typo (a word of another language is not one)', () => {
    expect(corrected('¿Dónde juega Kestrel?')).toBe('dónde juega kestrel ?');
    expect(corrected('Who glays on Tent B?')).toBe('who glays on tent b ?');
  });

  it('does not guess between two words equally near', () => {
    expect(corrected('Main Stage tiar?')).toBe('main stage tier ?');
    // "plax" is one letter from "plan" (rain plan) and from "play" (plays on).
    expect(corrected('Main Stage plax?')).toBe('main stage plax ?');
  });

  it('takes the one of two equally near words that sounds like the typo, and a three-letter spelling of a question word', () => {
    const cakes = vocabularyOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="cake" type="string" />
  <concept name="topping" type="string" />
  <rel name="is topped with" subject="cake" object="topping" plural="true" />
  <concinst name="Carrot Cake" type="cake" />
  <concinst name="Walnut" type="topping" />
</rbl:kb>`);
    const read = (prompt: string): string =>
      correctTypos(prompt, tokenize(prompt), cakes)
        .map((token) => token.text)
        .join(' ');
    // "wich" is one letter from "which" and from the map's "with"; only "which" sounds like it.
    expect(read('Wich toppings is Carrot Cake topped wiht?')).toBe('which toppings is carrot cake topped with ?');
    expect(read('Wat is Carrot Cake topped with?')).toBe('what is carrot cake topped with ?');
    expect(corrected('Wat stage does Kestrel play on?')).toBe('what stage does kestrel play on ?');
    // "hwo" is as near "who" as "how"; only "how" comes before "many".
    expect(corrected('Hwo many stages does Kestrel play on?')).toBe('how many stages does kestrel play on ?');
    expect(corrected('Hwo plays on Tent B?')).toBe('hwo plays on tent b ?');
  });
});

describe('abbreviations of the map words', () => {
  const sailing = buildVocabulary(corpusMap('sailing-club'));
  const spelled = (prompt: string): string =>
    correctTypos(prompt, tokenize(prompt), sailing)
      .map((token) => token.text)
      .join(' ');

  it('reads a common abbreviation as the full word the map uses', () => {
    expect(spelled('Wave Rider max speed?')).toBe('wave rider maximum speed ?');
    expect(spelled('North Pier water temp?')).toBe('north pier water temperature ?');
    expect(spelled('Wave Rider no. of sails?')).toBe('wave rider number of sails ?');
  });

  it('leaves it where the map does not use the full word, after a number, and a "No." answer', () => {
    // "minimum" is no word of this map; "festival" has no "maximum".
    expect(spelled('Wave Rider min speed?')).toBe('wave rider min speed ?');
    expect(spelled('Mia sails for 10 max')).toBe('mia sails for 10 max');
    expect(spelled('No.')).toBe('no .');
    expect(corrected('Main Stage max tier?')).toBe('main stage max tier ?');
  });
});

describe('question words typed without their apostrophe', () => {
  it('"Whos", "Wheres" are "who is", "where is", never a name', () => {
    expect(corrected('Whos playing on Tent B?')).toBe('who is playing on tent b ?');
    expect(corrected('wheres Kestrel playing')).toBe('where is kestrel playing');
    const got = readerOfMap(corpusMap('festival'), Date.UTC(2026, 4, 13))('Whos playing on Tent B?');
    expect(got).toMatchObject({ kind: 'query', query: { relationship: 'plays on', object: 'Tent B' } });
    expect(got.kind === 'query' ? got.query.subject : undefined).toBeUndefined();
  });
});

describe('a misspelt word of a question form as written', () => {
  const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="pony" type="string" />
  <concept name="service" type="string" />
  <concept name="day" type="date" />
  <concept name="truth" type="truth" />
  <concinst name="Biscuit" type="pony" />
  <concinst name="Full Clip" type="service" />
  <rel name="was last clipped on" subject="pony" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When was %S last clipped?</secondFormObject>
  </rel>
  <rel name="has passed vetting" subject="pony" object="truth" plural="false" askable="secondFormObject">
    <secondFormObject>Has %S passed the vetting?</secondFormObject>
  </rel>
  <rel name="is booked for" subject="pony" object="service" plural="true" askable="all">
    <firstForm>Is %S booked for a %O?</firstForm>
    <secondFormObject>What is %S booked for?</secondFormObject>
    <secondFormSubject>Which ponies are booked for a %O?</secondFormSubject>
  </rel>
</rbl:kb>`);

  it('is that word, even near a word of a name ("Full Clip") or a form of another map word', () => {
    expect(read('When was Biscuit last clippd?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'was last clipped on', subject: 'Biscuit' },
    });
    expect(read('Has Biscuit pased the vetting?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'has passed vetting', subject: 'Biscuit' },
    });
  });

  it('is not a word that only looks like it without sounding like it', () => {
    expect(read('When was Biscuit last clippx?')).not.toMatchObject({ kind: 'query' });
  });
});
