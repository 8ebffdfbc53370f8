/**
 * "their" after a which-question's plural noun ("its" after a singular one) is the things asked
 * about: "Which clubs have their practices at Court 3?" asks which clubs practise there.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="club" type="string" />
  <concept name="court" type="string" />
  <concinst name="Ace Juniors" type="club" />
  <concinst name="Court 3" type="court" />
  <rel name="practises at" subject="club" object="court" plural="false" askable="all">
    <firstForm>Does %S practise at %O?</firstForm>
    <secondFormObject>Which court does %S practise at?</secondFormObject>
    <secondFormSubject>Which clubs practise at %O?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe('a possessive standing for the things asked about', () => {
  it('asks the question without it', () => {
    for (const prompt of ['Which clubs have their practices at Court 3?', 'Which club has its practice at Court 3?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'practises at', object: 'Court 3' } });
  });
});
