/**
 * "Which blooms *go into* Order 30?", "What hops *go in* Pale Ale?": "go in/into" says that one thing
 * is part of another, as "be in" does ("What hops *are in* Pale Ale?"), which the reader already
 * reads through the concepts' nouns. Only where the map does not use "go" itself.
 */
import type { Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';

const GO: ReadonlyMap<string, string> = new Map([
  ['go', 'are'],
  ['goes', 'is'],
  ['went', 'were'],
]);
const INTO = new Set(['in', 'into', 'inside']);

/** The tokens with "go in/into" said as "be in". */
export function containmentAsBe(tokens: readonly Token[], vocabulary: Vocabulary): Token[] {
  if (!tokens.some((token, index) => GO.has(token.text) && INTO.has(tokens[index + 1]?.text ?? ''))) return [...tokens];
  if ([...GO.keys()].some((word) => vocabulary.mapWords.has(word))) return [...tokens];
  return tokens.map((token, index) => {
    const be = GO.get(token.text);
    if (be !== undefined && INTO.has(tokens[index + 1]?.text ?? '')) return { ...token, text: be };
    if (INTO.has(token.text) && GO.has(tokens[index - 1]?.text ?? '')) return { ...token, text: 'in' };
    return token;
  });
}
