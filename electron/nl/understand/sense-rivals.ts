/**
 * "How much does the Saddle cost to hire an hour?" where the map has both "repair cost" and "hire
 * fee per hour" of tack: the word "cost" names one and is a synonym of the other, so the literal
 * match alone must not decide. Among the relationships of the same subject whose names hold a noun
 * of the same sense (cost, fee, price…), the one whose other words (action, unit) are said wins;
 * when none or several are said equally, every such reading is a rival and the reader asks.
 */
import type { Relationship } from '../../engine';
import { basesOf } from '../text/inflect';
import { periodOf, sensesOfNoun, sensesOfVerb, verbSynonyms, type Sense } from '../text/synonyms';
import type { Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import type { Reading } from './readings';
import { ARTICLES, POSSESSIVE_DETERMINERS } from './lexicon';

/** Name words that only join the others ("hire fee *per* hour"). */
const JOINING_WORDS = new Set(['per', 'of', 'a', 'an', 'the', 'each', 'for', 'to', 'in', 'on', 'by']);

function nameWords(relationship: Relationship): string[] {
  return relationship.name.toLowerCase().split(/[\s-]+/);
}

/** The senses of the name's nouns ("fee" in "hire fee per hour") and verbs ("costs"). */
function nameSenses(relationship: Relationship): Set<Sense> {
  return new Set(
    nameWords(relationship).flatMap((word) => [...sensesOfNoun(word), ...basesOf(word).flatMap((base) => sensesOfVerb(base))]),
  );
}

/** Whether a name word is of one of the senses (as a noun or, "costs", as a verb). */
function isOfSense(word: string, senses: ReadonlySet<Sense>): boolean {
  return [...sensesOfNoun(word), ...basesOf(word).flatMap((base) => sensesOfVerb(base))].some((sense) => senses.has(sense));
}

/** The words of a name besides its sense nouns and joining words: what tells it from its rivals. */
function distinctWords(relationship: Relationship, senses: ReadonlySet<Sense>): string[] {
  return nameWords(relationship).filter((word) => !JOINING_WORDS.has(word) && !isOfSense(word, senses));
}

/** Words before a noun that mark it as one ("*the* fee", "Mira's fee"), unlike the verb in "what does X cost". */
const NOUN_MARKERS = new Set([...ARTICLES, "'s", "'", ...POSSESSIVE_DETERMINERS, 'whose']);

/** The nouns the prompt says as nouns. */
function saidNouns(tokens: readonly Token[]): Set<string> {
  const nouns = new Set<string>();
  tokens.forEach((token, index) => {
    if (index > 0 && NOUN_MARKERS.has(tokens[index - 1].text)) nouns.add(token.text);
  });
  return nouns;
}

/** The prompt's words, a hyphenated one also as its parts, as names are split ("call-out fee"). */
function wordsOf(tokens: readonly Token[]): string[] {
  return tokens.flatMap(({ text }) => (text.includes('-') ? [text, ...text.split('-').filter((part) => part.length > 0)] : [text]));
}

/** Every form of the prompt's words a name word can match: bases, same-sense verbs, period nouns. */
function saidForms(tokens: readonly Token[]): Set<string> {
  const said = new Set<string>();
  for (const text of wordsOf(tokens)) {
    for (const base of [text, ...basesOf(text)]) {
      said.add(base);
      for (const synonym of verbSynonyms(base)) said.add(synonym);
    }
    if (text.endsWith('s')) said.add(text.slice(0, -1));
  }
  return said;
}

function isSaid(word: string, said: ReadonlySet<string>): boolean {
  return said.has(word) || basesOf(word).some((base) => said.has(base)) || said.has(periodOf(word) ?? '');
}

/**
 * The reading to keep and its rivals, for a query with no object said or a statement of a value.
 * Undefined when the rule does not apply (the ordinary choice stands).
 */
export function senseChoice(
  vocabulary: Vocabulary,
  tokens: readonly Token[],
  chosen: Reading,
): { readonly chosen: Reading; readonly rivals: readonly Reading[] } | undefined {
  // A query asks the value; a statement gives it (the rivals share the value's concept, so it fits each).
  if ((chosen.kind === 'query' && chosen.objects.length > 0) || chosen.failure) return undefined;
  const senses = nameSenses(chosen.relationship);
  if (senses.size === 0) return undefined;
  const kin = vocabulary.relationships
    .map(({ relationship }) => relationship)
    .filter(
      (relationship) =>
        relationship.subject === chosen.relationship.subject &&
        relationship.object === chosen.relationship.object &&
        [...nameSenses(relationship)].some((sense) => senses.has(sense)),
    );
  if (kin.length < 2) return undefined;
  // Only the senses the names share ("repair" is its own sense but tells nothing apart).
  const shared = new Set([...senses].filter((sense) => kin.filter((relationship) => nameSenses(relationship).has(sense)).length > 1));
  const said = saidForms(tokens);
  // "What is Mira's *fee*?": the name's own noun, said as a noun, tells it from a synonym's name.
  const nouns = saidNouns(tokens);
  const literal = new Set(wordsOf(tokens).flatMap((text) => [text, ...basesOf(text)]));
  const scored = kin.map((relationship) => {
    const words = distinctWords(relationship, shared);
    const ownNoun = nameWords(relationship).some((word) => !words.includes(word) && nouns.has(word));
    const saidCount = words.filter((word) => isSaid(word, said)).length + (ownNoun ? 1 : 0);
    // Said whole: every word that tells it apart, and one of its own words as written ("costs" by "cost").
    const whole =
      words.every((word) => isSaid(word, said)) &&
      nameWords(relationship).some((word) => literal.has(word) || basesOf(word).some((base) => literal.has(base)));
    return { relationship, said: saidCount, whole };
  });
  // More of its own words said wins; with as many said, a name said whole beats one with words left out.
  const better = (a: (typeof scored)[number], b: (typeof scored)[number]): number => b.said - a.said || Number(b.whole) - Number(a.whole);
  scored.sort(better);
  const top = scored.filter((entry) => better(entry, scored[0]) === 0);
  const as = (relationship: Relationship): Reading => ({ ...chosen, relationship });
  const keep = top.find((entry) => entry.relationship === chosen.relationship) ?? top[0];
  return { chosen: as(keep.relationship), rivals: top.filter((entry) => entry !== keep).map((entry) => as(entry.relationship)) };
}
