/** "Who wants *Roses*?": a known name said in the plural is that name. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="client" type="string" />
  <concept name="design" type="string" />
  <concept name="style" type="string" />
  <concinst name="Kit" type="client" />
  <concinst name="Blackwork" type="style" />
  <concinst name="Dot" type="style" />
  <concinst name="Rose" type="design" />
  <concinst name="Fox" type="design" />
  <rel name="wants" subject="client" object="design" plural="true" askable="all" canAdd="none">
    <firstForm>Does %S want the %O?</firstForm>
    <secondFormObject>Which designs does %S want?</secondFormObject>
    <secondFormSubject>Who wants the %O?</secondFormSubject>
  </rel>
  <rel name="design style" subject="design" object="style" plural="false" canAdd="none" />
</rbl:kb>`);

describe('a known name in the plural', () => {
  it('is the name, in a question and in a statement', () => {
    expect(read('Who wants Roses?')).toMatchObject({ kind: 'query', query: { relationship: 'wants', object: 'Rose' } });
    expect(read('Kit wants Foxes.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Kit', relationship: 'wants', object: 'Fox' }] },
    });
  });

  it('is no other name', () => {
    expect(read('Who wants Roseses?')).not.toMatchObject({ kind: 'query' });
  });
});

describe('which <noun> are <a name in the plural>', () => {
  it('asks which things have that name as their value, never takes the plural as a new name', () => {
    expect(read('Which designs are Dots?')).toMatchObject({ kind: 'query', query: { relationship: 'design style', object: 'Dot' } });
  });

  it('names no new client with the plural of a style', () => {
    expect(read('Which designs does Dots want?')).not.toMatchObject({ kind: 'query', query: { subject: 'Dots' } });
  });
});
