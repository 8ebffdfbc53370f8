/**
 * "Which cheeses *do we* mature in Cellar 1?", "Which roofs *have we got* in Ashwell?": in a question
 * about the map's things, "we" is the user's own organisation, which the map never names. The
 * question is asked of the things themselves: "Which cheeses mature in Cellar 1?", "Which roofs are
 * in Ashwell?". Only when the question word is followed by the name of one of the map's concepts.
 */
import { basesOf } from '../text/inflect';
import { words, type Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';

const QUESTION_WORDS = new Set(['which', 'what']);
const DO = new Set(['do', 'did']);
const HAVE = new Set(['have', "'ve"]);

/** The end of a concept's name said from `from` ("cheeses", "cave rooms"), or -1. */
function conceptNameEnd(vocabulary: Vocabulary, tokens: readonly Token[], from: number): number {
  for (let length = 3; length >= 1; length--) {
    const phrase = tokens.slice(from, from + length);
    if (
      phrase.length === length &&
      !phrase.some((token) => token.punctuation) &&
      vocabulary.conceptWords.has(phrase.map((token) => token.text).join(' '))
    )
      return from + length;
  }
  return -1;
}

export function organisationWe(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  if (!QUESTION_WORDS.has(tokens[0]?.text ?? '')) return tokens;
  const at = conceptNameEnd(vocabulary, tokens, 1);
  if (at < 0) return tokens;
  const [first, second, third, fourth] = tokens.slice(at, at + 4).map((token) => token.text);
  const are = (from: Token): Token => ({ ...from, text: 'are' });
  // "have we got in", "do we have in", "have we in": the things there are "in" it.
  if (HAVE.has(first) && second === 'we' && third === 'got' && PREPOSITIONS.has(fourth ?? ''))
    return [...tokens.slice(0, at), are(tokens[at]), ...tokens.slice(at + 3)];
  if (DO.has(first) && second === 'we' && third === 'have' && PREPOSITIONS.has(fourth ?? ''))
    return [...tokens.slice(0, at), are(tokens[at]), ...tokens.slice(at + 3)];
  if (HAVE.has(first) && second === 'we' && PREPOSITIONS.has(third ?? ''))
    return [...tokens.slice(0, at), are(tokens[at]), ...tokens.slice(at + 2)];
  // "do we mature": the verb said of the things themselves, unless the map has it done to them
  // ("Which customers do we visit?" with "visits" of a customer: "we" is then who visits, unread).
  const concept = vocabulary.conceptWords.get(
    tokens
      .slice(1, at)
      .map((token) => token.text)
      .join(' '),
  );
  const doneTo = (verb: string): boolean =>
    vocabulary.relationships.some(
      ({ relationship }) =>
        relationship.object === concept &&
        words(relationship.name).some((word) => basesOf(verb).includes(word) || basesOf(word).some((base) => basesOf(verb).includes(base))),
    );
  if (DO.has(first) && second === 'we' && third !== undefined && !tokens[at + 2].punctuation && !doneTo(third))
    return [...tokens.slice(0, at), ...tokens.slice(at + 2)];
  return tokens;
}
