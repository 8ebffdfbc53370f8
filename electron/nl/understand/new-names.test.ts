import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { readerOf, readerOfMap } from '../test-support/reader';

// Jobs may be added by name, so any words could be read as a new job.
const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="fitter" type="string" />
  <concept name="job" type="string" />
  <concept name="pipe type" type="string" />
  <rel name="involves" subject="job" object="pipe type" plural="false" askable="all" allowUnknown="true" canAdd="subject" />
  <rel name="is trained for" subject="fitter" object="pipe type" plural="true" askable="all" />
  <concinst name="Rhys" type="fitter" />
  <concinst name="Job 9" type="job" />
  <concinst name="Copper" type="pipe type" />
</rbl:kb>`);

describe('new names', () => {
  it('never makes a new name of a unit of measure ("rides in mins")', () => {
    const readStables = readerOfMap(corpusMap('stables'));
    for (const prompt of ["How long are Amara's rides in mins?", "How long are Amara's rides in km?"]) {
      const got = readStables(prompt);
      expect(got.kind === 'query' ? got.query.subject : 'Amara').toBe('Amara');
    }
  });

  it('never makes a new name of words holding a pronoun ("chairs in them")', () => {
    const readHalls = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="class" type="string" />
  <concept name="hall" type="string" />
  <concept name="item" type="string" />
  <rel name="is held in" subject="class" object="hall" plural="false" askable="all" allowUnknown="true" />
  <rel name="stores" subject="hall" object="item" plural="true" askable="all" />
  <concinst name="Yoga" type="class" />
  <concinst name="Main Hall" type="hall" />
  <concinst name="Chairs" type="item" />
</rbl:kb>`);
    const got = readHalls('Which halls have chairs in them?');
    expect(got.kind === 'query' ? got.query.subject : undefined).not.toBe('chairs in them');
    expect(got.kind === 'error' || (got.kind === 'query' && got.query.object === 'Chairs')).toBe(true);
  });

  it('never reads a known name of another concept and the words after it as a new name', () => {
    const got = read('Is Rhys qualified to work on Copper pipe types?');
    expect(got.kind === 'query' ? got.query.subject : undefined).not.toBe('Rhys qualified to work');
    // The one relationship joining a fitter to a pipe type, read by its concepts (concept-reading.ts).
    expect(got).toMatchObject({ kind: 'query', query: { relationship: 'is trained for', subject: 'Rhys', object: 'Copper' } });
  });

  it('never reads a first word one letter off an auxiliary ("Des" for "Does") into a known name', () => {
    const readStables = readerOfMap(corpusMap('stables'));
    for (const prompt of ['Des Amara lease Comet?', 'Des Comet need a Saddle?']) {
      const got = readStables(prompt);
      expect(got.kind === 'query' ? (got.query.subject ?? '') : '', prompt).not.toMatch(/^Des /);
    }
  });

  it("never reads the prompt's first word, a word of the map capitalised as the sentence opens, into a known name", () => {
    // "dose" is a word of the vet clinic's "dose count": "Dose Rex" is no new pet.
    const got = readerOfMap(corpusMap('vet-clinic'))('Dose Rex need a follow-up?');
    expect(got.kind === 'query' ? got.query.subject : undefined).not.toBe('Dose Rex');
    expect(got.kind).toBe('error');
  });

  it('names a "<noun> type" concept by its noun in a terse question', () => {
    const got = read('Job 9 pipe?');
    expect(got.kind === 'query' ? got.query : got.kind).toEqual({ relationship: 'involves', subject: 'Job 9' });
  });
});
