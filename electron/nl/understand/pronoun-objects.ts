/**
 * "Mia paid a deposit. Has Tom paid *one*?", "Olu's subscription is £30 and Olu has paid *it*": a
 * pronoun after the verb of a yes/no name that holds its noun ("has paid deposit") stands for that
 * noun when the prompt said it before. Only for truth relationships, whose noun is part of the name;
 * elsewhere "it" is a thing named before (`understand/resolve.ts`).
 */
import { AUXILIARIES } from '../text/inflect';
import type { Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';

const PRONOUNS = new Set(['it', 'one']);

/** Nouns that close a truth relationship's form after a verb: "paid" → "deposit". */
function nounsAfterVerbs(vocabulary: Vocabulary): Map<string, Set<string>> {
  const nouns = new Map<string, Set<string>>();
  for (const entry of vocabulary.relationships) {
    if (vocabulary.map.concepts.get(entry.relationship.object)?.type !== 'truth') continue;
    for (const form of entry.forms) {
      if (form.derived || form.fromConcept || form.words.length < 2) continue;
      const [verb, noun] = form.words.slice(-2);
      // "is sterilised" holds no noun: "Is *it* ready…?" keeps its "it".
      if (AUXILIARIES.has(verb) || verb === 'be' || verb === 'been') continue;
      if (!nouns.has(verb)) nouns.set(verb, new Set());
      nouns.get(verb)?.add(noun);
    }
  }
  return nouns;
}

const cache = new WeakMap<Vocabulary, Map<string, Set<string>>>();

/** The tokens with each such pronoun said as its noun (offsets kept). */
export function pronounObjects(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  if (!tokens.some((token) => PRONOUNS.has(token.text))) return tokens;
  let nouns = cache.get(vocabulary);
  if (!nouns) cache.set(vocabulary, (nouns = nounsAfterVerbs(vocabulary)));
  return tokens.map((token, index) => {
    if (!PRONOUNS.has(token.text) || index === 0) return token;
    const said = new Set(tokens.slice(0, index - 1).map((earlier) => earlier.text));
    const noun = [...(nouns.get(tokens[index - 1].text) ?? [])].find((candidate) => said.has(candidate));
    return noun ? { ...token, text: noun } : token;
  });
}
