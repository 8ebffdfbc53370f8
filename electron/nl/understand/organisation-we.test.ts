/**
 * "we" in a which-question about the map's things is the user's organisation: "Which jars do we
 * store in Pantry 2?" asks which jars are stored there.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="jar" type="string" />
  <concept name="pantry" type="string" />
  <concept name="cook" type="string" />
  <concinst name="Quince Jam" type="jar" />
  <concinst name="Pantry 2" type="pantry" />
  <concinst name="Ines" type="cook" />
  <rel name="ripens in" subject="jar" object="pantry" plural="false" askable="all">
    <firstForm>Does %S ripen in %O?</firstForm>
    <secondFormObject>Where does %S ripen?</secondFormObject>
    <secondFormSubject>Which jars ripen in %O?</secondFormSubject>
  </rel>
  <rel name="is labelled by" subject="jar" object="cook" plural="false" askable="all">
    <firstForm>Is %S labelled by %O?</firstForm>
    <secondFormObject>Who labels %S?</secondFormObject>
    <secondFormSubject>Which jars does %O label?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe("'we' as the user's organisation", () => {
  it('asks of the things themselves', () => {
    for (const prompt of [
      'Which jars do we ripen in Pantry 2?',
      'Which jars have we got in Pantry 2?',
      'What jars do we have in Pantry 2?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'ripens in', object: 'Pantry 2' } });
  });

  it('leaves "we" unread where the map has the verb done to the things', () => {
    expect(read('Which jars do we label?')).not.toMatchObject({ kind: 'query' });
  });
});

const dated = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="field" type="string" />
  <concept name="day" type="date" />
  <concinst name="Long Acre" type="field" />
  <rel name="ploughing date" subject="field" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When will %S be ploughed?</secondFormObject>
  </rel>
</rbl:kb>`);

describe("'we' doing something to a known thing on a date", () => {
  it('records the date of that action', () => {
    for (const prompt of [
      "We're ploughing Long Acre on 2 October 2027.",
      "We'll plough Long Acre on 2 October 2027.",
      'We are going to plough Long Acre on 2 October 2027.',
    ])
      expect(dated(prompt), prompt).toMatchObject({
        kind: 'statements',
        facts: { valid: [{ subject: 'Long Acre', relationship: 'ploughing date', object: '2027-10-02' }] },
      });
  });

  it('records nothing for an action the map has no date of', () => {
    expect(dated("We're fencing Long Acre on 2 October 2027.")).not.toMatchObject({ kind: 'statements' });
  });
});
