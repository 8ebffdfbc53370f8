/**
 * "What's the deposit *that's been* paid on Order 3?": a relative clause on a noun with an article,
 * its relative pronoun and "be" left out, reads as the reduced clause people also say ("the deposit
 * paid on Order 3"), which the map's forms and noun phrases already read. Only before a participle,
 * so "the van that Gus drives" (an object relative) keeps its words.
 */
import { looksLikeParticiple } from '../text/inflect';
import type { Token } from '../text/tokens';
import { ARTICLES, FINITE_BE } from './lexicon';

const RELATIVES = new Set(['that', 'which']);
const HAVE = new Set(['has', 'have', 'had']);
/** How many words a noun phrase may have between its article and the relative pronoun. */
const NOUN_WORDS = 3;

/** How many words of "be" follow at `index`: "is", "was", "has been", "will be"; 0 for none. */
function beLength(tokens: readonly Token[], index: number): number {
  const word = tokens[index]?.text ?? '';
  // "that's been paid": the contraction's "is" stands for "has" before "been".
  if (FINITE_BE.has(word)) return ['being', 'been'].includes(tokens[index + 1]?.text ?? '') ? 2 : 1;
  if ((HAVE.has(word) || word === 'will') && tokens[index + 1]?.text === (word === 'will' ? 'be' : 'been')) return 2;
  return 0;
}

/** Whether an article opens the noun phrase that ends just before `index`. */
function afterNounPhrase(tokens: readonly Token[], index: number): boolean {
  for (let back = index - 2; back >= 0 && back >= index - 1 - NOUN_WORDS; back--) {
    if (tokens[back].punctuation) return false;
    if (ARTICLES.has(tokens[back].text)) return true;
  }
  return false;
}

/** The tokens with each such relative pronoun and its "be" left out. */
export function reduceRelativeClauses(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (RELATIVES.has(token.text) && !token.punctuation && index > 0 && afterNounPhrase(tokens, index)) {
      const be = beLength(tokens, index + 1);
      if (be > 0 && looksLikeParticiple(tokens[index + 1 + be]?.text ?? '')) {
        index += be;
        continue;
      }
    }
    out.push(token);
  }
  return out;
}
