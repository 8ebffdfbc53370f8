/**
 * Words closing a sentence that say nothing of the fact: a question's link to the talk ("Who trains
 * Willa *though*?", "…*again*?"), a certainty after a comma ("Plot 4 is 1.2 acres, *maybe*."), and
 * a request opened by "remind me (of)".
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="gardener" type="string" />
  <concept name="plot" type="string" />
  <concept name="acres" type="number" />
  <concinst name="Willa" type="gardener" />
  <concinst name="Dev" type="gardener" />
  <concinst name="Plot 4" type="plot" />
  <rel name="tends" subject="gardener" object="plot" plural="true" askable="all">
    <firstForm>Does %S tend %O?</firstForm>
    <secondFormObject>Which plots does %S tend?</secondFormObject>
    <secondFormSubject>Who tends %O?</secondFormSubject>
  </rel>
  <rel name="area in acres" subject="plot" object="acres" plural="false" askable="secondFormObject">
    <secondFormObject>How many acres is %S?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('words closing a sentence that say nothing of the fact', () => {
  it('asks the question closed by "though", "anyway", "again" or "then"', () => {
    for (const tail of ['though', 'anyway', 'again', 'then'])
      expect(read(`Who tends Plot 4 ${tail}?`), tail).toMatchObject({ kind: 'query', query: { relationship: 'tends', object: 'Plot 4' } });
  });

  it('asks what "remind me (of)" opens', () => {
    expect(read("Remind me of Plot 4's area in acres.")).toMatchObject({
      kind: 'query',
      query: { relationship: 'area in acres', subject: 'Plot 4' },
    });
    expect(read('Can you remind me who tends Plot 4?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'tends', object: 'Plot 4' },
    });
  });

  it('asks the question closed by "by now"', () => {
    expect(read('Does Willa tend Plot 4 by now?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'tends', subject: 'Willa', object: 'Plot 4' },
    });
  });

  it('reads a certainty after a comma closing an amount', () => {
    expect(read('Plot 4 is 1.2 acres, maybe.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Plot 4', relationship: 'area in acres', object: 1.2, certainty: 50 }] },
    });
  });
});
