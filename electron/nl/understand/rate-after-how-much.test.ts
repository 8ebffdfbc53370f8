/** "How much per month is the Hot Desk plan?": a rate said straight after "how much" is read at the end. */
import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { buildVocabulary } from '../vocabulary/build';
import { interpret } from './interpret';

const vocabulary = buildVocabulary(corpusMap('coworking'));
const read = (prompt: string) =>
  interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), pending: [], referents: { lastSubject: new Map() } });

describe('a rate after "how much"', () => {
  it('asks the rate', () => {
    for (const prompt of ['How much per month is the Hot Desk plan?', 'How much a month is Hot Desk?', 'How much is Hot Desk per month?'])
      expect(read(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'monthly rate', subject: 'Hot Desk' } });
  });
});
