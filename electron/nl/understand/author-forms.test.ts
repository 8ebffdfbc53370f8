import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { buildVocabulary } from '../vocabulary/build';
import { interpret } from './interpret';

const read = (map: string, prompt: string) =>
  interpret(prompt, buildVocabulary(corpusMap(map)), { now: Date.UTC(2026, 4, 13), referents: { lastSubject: new Map() } });

describe("the author's question forms, said other ways", () => {
  it('read an amount stated with the verb of a "How much is/was …?" form', () => {
    expect(read('generated:tuning/insurance', '£800 is claimed on Claim 41')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Claim 41', relationship: 'claimed amount', object: 800, certainty: 100 }] },
    });
    expect(read('generated:tuning/property', 'Probably £12,000 was spent on the Granary.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Granary', relationship: 'renovation spend', object: 12000, certainty: 75 }] },
    });
    // The form itself is still the question.
    expect(read('generated:tuning/property', 'How much was spent on the Granary?')).toMatchObject({
      kind: 'query',
      query: { subject: 'Granary', relationship: 'renovation spend' },
    });
  });

  it('take a possessive where the form has an article, and another tense of its auxiliary', () => {
    expect(read('generated:tuning/pensions', 'How much does Ottilie have in her pension?')).toMatchObject({
      kind: 'query',
      query: { subject: 'Ottilie', relationship: 'pension pot' },
    });
    expect(read('generated:tuning/pensions', 'How much did Ottilie have in the pension?')).toMatchObject({
      kind: 'query',
      query: { subject: 'Ottilie', relationship: 'pension pot' },
    });
  });
});
