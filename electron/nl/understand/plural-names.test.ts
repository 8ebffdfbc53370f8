/** "Who wants *Roses*?": a known name said in the plural is that name. */
import { describe, expect, it } from 'vitest';
import { loadMap } from '../../engine';
import { buildVocabulary } from '../vocabulary/build';
import { interpret } from './interpret';

const loaded = loadMap(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="client" type="string" />
  <concept name="design" type="string" />
  <concinst name="Kit" type="client" />
  <concinst name="Rose" type="design" />
  <concinst name="Fox" type="design" />
  <rel name="wants" subject="client" object="design" plural="true" askable="all" canAdd="none">
    <firstForm>Does %S want the %O?</firstForm>
    <secondFormObject>Which designs does %S want?</secondFormObject>
    <secondFormSubject>Who wants the %O?</secondFormSubject>
  </rel>
</rbl:kb>`);
if (!loaded.map || !loaded.ok) throw new Error('test map does not load');
const vocabulary = buildVocabulary(loaded.map);
const read = (prompt: string) =>
  interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), pending: [], referents: { lastSubject: new Map() } });

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
