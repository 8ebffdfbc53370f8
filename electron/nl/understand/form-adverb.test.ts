/** "When did Kit have a belay check?" for the form "When did %S *last* have a belay check?": the form's adverb left out. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="climber" type="string" />
  <concept name="wall" type="string" />
  <concept name="day" type="date" />
  <concinst name="Kit Lowe" type="climber" />
  <concinst name="North Face" type="wall" />
  <rel name="last check" subject="climber" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When did %S last have a belay check?</secondFormObject>
  </rel>
  <rel name="may belay at" subject="climber" object="wall" plural="true" askable="none">
    <firstForm>May %S belay at %O?</firstForm>
    <secondFormObject>Where may %S belay?</secondFormObject>
    <secondFormSubject>Who may belay at %O?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe("a question leaving out its form's adverb 'last'", () => {
  it('asks what the form asks, never a rival whose verb is a word of the form', () => {
    for (const prompt of [
      'When did Kit Lowe have a belay check?',
      'Please can you let me know when Kit Lowe had a belay check',
      'Could you tell me when Kit Lowe had a belay check?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'last check', subject: 'Kit Lowe' } });
  });

  it("is never read with 'first', which asks for another check", () => {
    expect(read('When did Kit Lowe first have a belay check?')).not.toMatchObject({ kind: 'query' });
  });
});

describe("'When…?' about a relationship whose value is a plain thing", () => {
  it('is not read as that relationship (it would answer where, not when)', () => {
    for (const prompt of ['When does Kit Lowe belay at North Face?', 'When may Kit Lowe belay at North Face?'])
      expect(read(prompt), prompt).not.toMatchObject({ kind: 'query', query: { relationship: 'may belay at' } });
    expect(read('Where may Kit Lowe belay?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'may belay at', subject: 'Kit Lowe' },
    });
  });
});
