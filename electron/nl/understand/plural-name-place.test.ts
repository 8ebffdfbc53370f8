/** "Which singers are *sopranos at the church*?", "Who are the altos?": a name said in the plural, a closing place phrase set aside. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="singer" type="string" />
  <concept name="part" type="string" />
  <concept name="choir" type="string" />
  <concinst name="Mair" type="singer" />
  <concinst name="Owen" type="singer" />
  <concinst name="Soprano" type="part" />
  <concinst name="Alto" type="part" />
  <concinst name="Holy Cross" type="choir" />
  <rel name="sings part" subject="singer" object="part" plural="false" askable="all">
    <firstForm>Does %S sing %O?</firstForm>
    <secondFormObject>What part does %S sing?</secondFormObject>
    <secondFormSubject>Who sings %O?</secondFormSubject>
  </rel>
  <rel name="sings in" subject="singer" object="choir" plural="false" askable="all">
    <secondFormSubject>Who sings in %O?</secondFormSubject>
  </rel>
  <rel name="trains" subject="singer" object="singer" plural="true" askable="all">
    <firstForm>Does %S train %O?</firstForm>
    <secondFormObject>Who does %S train?</secondFormObject>
    <secondFormSubject>Who trains %O?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe('which <noun> are <a name in the plural> <a place phrase>', () => {
  it('asks which things have that name as their value', () => {
    for (const prompt of ['Which singers are sopranos at the church?', 'Which singers are altos in the village?'])
      expect(read(prompt), prompt).toMatchObject({
        kind: 'query',
        query: { relationship: 'sings part', object: prompt.includes('alto') ? 'Alto' : 'Soprano' },
      });
  });

  it('never sets aside a phrase naming something of the map, nor reads the plural as a new name', () => {
    for (const prompt of ['Which singers are sopranos at Holy Cross?', 'Which singers are sopranos in the choir?']) {
      expect(read(prompt), prompt).not.toMatchObject({ kind: 'query', query: { relationship: 'trains' } });
      expect(read(prompt), prompt).not.toMatchObject({ kind: 'query', query: { relationship: 'sings part' } });
    }
  });
});

describe('who are <a name in the plural>', () => {
  it('asks which things have that name as their value', () => {
    for (const prompt of ['Who are the sopranos?', 'Who are the sopranos at the church?', 'Who are sopranos?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'sings part', object: 'Soprano' } });
  });

  it('is only the plural: "Who is Mair?" never asks who trains her', () => {
    expect(read('Who is Mair?')).not.toMatchObject({ kind: 'query' });
    expect(read('Who are Mair?')).not.toMatchObject({ kind: 'query' });
  });
});
