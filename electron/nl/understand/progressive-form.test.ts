/** "Who is coaching Ann on the court?" for the form "Who coaches %S on the court?". */
import { describe, expect, it } from 'vitest';
import { loadMap } from '../../engine';
import { buildVocabulary } from '../vocabulary/build';
import { interpret } from './interpret';

const loaded = loadMap(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="player" type="string" />
  <rel name="is coached by" subject="player" object="player" plural="false" askable="all">
    <secondFormObject>Who coaches %S on the court?</secondFormObject>
  </rel>
  <concinst name="Ann" type="player" />
  <concinst name="Bea" type="player" />
</rbl:kb>`);
if (!loaded.map || !loaded.ok) throw new Error('test map does not load');
const vocabulary = buildVocabulary(loaded.map);
const read = (prompt: string) =>
  interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), pending: [], referents: { lastSubject: new Map() } });

describe("the progressive for a form's simple present", () => {
  it('asks the same question', () => {
    for (const prompt of ['Who coaches Ann on the court?', 'Who is coaching Ann on the court?', "Who's coaching Ann on the court?"])
      expect(read(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'is coached by', subject: 'Ann' } });
  });
});
