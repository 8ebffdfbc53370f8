import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { buildVocabulary } from '../vocabulary/build';
import { interpret } from './interpret';
import { statementFor } from './suggestions';

const read = (map: string, prompt: string) =>
  interpret(prompt, buildVocabulary(corpusMap(map)), { now: Date.UTC(2026, 4, 13), referents: { lastSubject: new Map() } });

describe('a prompt the reader does not understand', () => {
  it("says what it recognised and offers questions in the map's words, phrased as questions", () => {
    const got = read('harbour', 'Osprey blah?');
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.suggestedChatResponse).toContain("I recognised 'Osprey' (boat)");
    // A form the author wrote, a passive name asked with its own "be", a noun name asked with "of".
    expect(got.error.quickReplies).toEqual([
      'Which berth is Osprey moored at?',
      'What is Osprey owned by?',
      'What is the annual fee of Osprey?',
    ]);
  });

  it('asks which is meant when a noun fits several relationships, with a quick reply for each', () => {
    const got = read('harbour', "What is the Osprey's fee?");
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.code).toBe(108);
    expect(got.error.quickReplies).toEqual(
      expect.arrayContaining([
        'What is the annual fee of Osprey?',
        'What is the monthly levy of Osprey?',
        'What is the deposit paid of Osprey?',
      ]),
    );
  });
});

describe('a statement restated in quick replies', () => {
  it('reads back as exactly its fact, at its certainty, for every relationship of the development maps', () => {
    const names = readdirSync(new URL('../test-support/maps/', import.meta.url)).map((file) => file.replace(/\.rbl$/, ''));
    let checked = 0;
    for (const name of names) {
      const map = corpusMap(name);
      const vocabulary = buildVocabulary(map);
      for (const relationship of map.relationships.values()) {
        const subject = map.instances.get(relationship.subject)?.keys().next().value;
        const type = map.concepts.get(relationship.object)?.type;
        const object =
          type === 'number'
            ? 42
            : type === 'truth'
              ? true
              : type === 'date'
                ? '2025-03-14'
                : map.instances.get(relationship.object)?.keys().next().value;
        if (subject === undefined || object === undefined) continue;
        for (const certainty of [100, 75]) {
          const said = statementFor(relationship, subject, object, certainty);
          if (said === undefined) continue;
          const got = interpret(said, vocabulary, { now: Date.UTC(2026, 4, 13), referents: { lastSubject: new Map() } });
          expect(got.kind === 'statements' ? got.facts.valid : got, `${name}: "${said}"`).toEqual([
            { subject, relationship: relationship.name, object, certainty },
          ]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});
