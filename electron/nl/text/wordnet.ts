/**
 * Verb synonyms from WordNet (the generated `wordnet-verbs.ts`): verbs whose most frequent sense is
 * the same ("lease" for "rent", "practise" for "rehearse"). Light verbs that mean little on their
 * own ("do", "make", "get", "put"…) are never taken for another verb.
 */
import { WORDNET_ATTRIBUTES } from './wordnet-attributes';
import { WORDNET_NOUNS } from './wordnet-nouns';
import { WORDNET_PERSON_NOUNS } from './wordnet-person-nouns';
import { WORDNET_FEELING_VERBS, WORDNET_PRIVATIVE_VERBS, WORDNET_VERB_ANTONYMS } from './wordnet-verb-guards';
import { WORDNET_VERB_GROUPS } from './wordnet-verbs';

const LIGHT_VERBS = new Set(['be', 'do', 'make', 'get', 'go', 'have', 'put', 'set', 'take', 'give', 'come', 'let', 'say', 'tell', 'call']);

let groups: Map<string, readonly string[]> | undefined;

function groupsByVerb(): Map<string, readonly string[]> {
  if (groups) return groups;
  groups = new Map();
  for (const line of WORDNET_VERB_GROUPS.split('\n')) {
    const verbs = line.split(' ').filter((verb) => verb !== '' && !LIGHT_VERBS.has(verb));
    if (verbs.length > 1) for (const verb of verbs) groups.set(verb, verbs);
  }
  return groups;
}

/** Other verbs whose most frequent sense is this verb's (base forms); empty for light verbs. */
export function wordnetSynonyms(verb: string): string[] {
  if (LIGHT_VERBS.has(verb)) return [];
  return (groupsByVerb().get(verb) ?? []).filter((other) => other !== verb);
}

let attributes: Map<string, readonly string[]> | undefined;

/**
 * The nouns of the attribute an adjective's most frequent WordNet sense measures ("hot" →
 * temperature, "hard" → difficulty, "fast" → speed), from the generated `wordnet-attributes.ts`;
 * empty when WordNet names none.
 */
export function wordnetAttributes(adjective: string): readonly string[] {
  return attributeTable().get(adjective) ?? [];
}

/** Every adjective WordNet gives an attribute for (words the reader knows as English). */
export function measuringAdjectives(): readonly string[] {
  return [...attributeTable().keys()];
}

function attributeTable(): Map<string, readonly string[]> {
  if (!attributes) {
    attributes = new Map();
    for (const line of WORDNET_ATTRIBUTES.split('\n')) {
      const [word, ...nouns] = line.split(' ').filter((part) => part !== '');
      if (word && nouns.length > 0) attributes.set(word, nouns);
    }
  }
  return attributes;
}

let nounSenses: Map<string, readonly string[]> | undefined;

/**
 * The nouns that share one of the most frequent WordNet senses with `noun` in both directions
 * ("flower" and "bloom": each is among the other's everyday senses), from the generated
 * `wordnet-nouns.ts`. One-way links are left out: "club" has a sense "order" (a society), but no
 * everyday sense of "order" is a club.
 */
export function nounSynonymsOf(noun: string): readonly string[] {
  if (!nounSenses) {
    const built = new Map<string, readonly string[]>();
    for (const line of WORDNET_NOUNS.split('\n')) {
      const [word, ...senses] = line.split(' ').filter((part) => part !== '');
      if (word !== undefined && senses.length > 0) built.set(word, senses);
    }
    nounSenses = built;
  }
  const table = nounSenses;
  return (table.get(noun) ?? []).filter((other) => table.get(other)?.includes(noun));
}

let personNouns: ReadonlySet<string> | undefined;

/**
 * Whether a noun (singular) names a kind of person in its most frequent WordNet sense ("player",
 * "guest"), from the generated `wordnet-person-nouns.ts`; "person" itself too.
 */
export function isPersonNoun(noun: string): boolean {
  personNouns ??= new Set(['person', ...WORDNET_PERSON_NOUNS.split(/\s+/).filter((word) => word !== '')]);
  return personNouns.has(noun);
}

let antonyms: Map<string, string[]> | undefined;

/**
 * The verbs WordNet gives as antonyms of a verb (base form) in any of its senses ("sell" for
 * "buy"), from the generated `wordnet-verb-guards.ts`; empty when it gives none.
 */
export function verbAntonyms(verb: string): readonly string[] {
  if (!antonyms) {
    const built = new Map<string, string[]>();
    for (const line of WORDNET_VERB_ANTONYMS.split('\n')) {
      const [one, other] = line.split(' ');
      if (one === undefined || other === undefined || one === '') continue;
      built.set(one, [...(built.get(one) ?? []), other]);
      built.set(other, [...(built.get(other) ?? []), one]);
    }
    antonyms = built;
  }
  return antonyms.get(verb) ?? [];
}

let feelings: ReadonlySet<string> | undefined;

/**
 * Whether every everyday sense of a verb (base form) is a feeling ("hate", "adore", "worry"),
 * from the generated `wordnet-verb-guards.ts`.
 */
export function isFeelingVerb(verb: string): boolean {
  feelings ??= new Set(WORDNET_FEELING_VERBS.split(/\s+/).filter((word) => word !== ''));
  return feelings.has(verb);
}

let privatives: ReadonlySet<string> | undefined;

/**
 * Whether a verb (base form) chiefly means undoing, refusing, avoiding, losing, leaving out or
 * putting off ("cancel", "reject", "skip", "miss"), from the generated `wordnet-verb-guards.ts`.
 */
export function isPrivativeVerb(verb: string): boolean {
  privatives ??= new Set(WORDNET_PRIVATIVE_VERBS.split(/\s+/).filter((word) => word !== ''));
  return privatives.has(verb);
}

let tableWords: ReadonlySet<string> | undefined;

/** Whether any of the generated WordNet tables holds the word (an English word the reader must keep as said). */
export function inWordnetTables(word: string): boolean {
  tableWords ??= new Set(
    [WORDNET_VERB_GROUPS, WORDNET_NOUNS, WORDNET_PERSON_NOUNS, WORDNET_ATTRIBUTES].flatMap((table) =>
      table.split(/\s+/).filter((part) => part !== ''),
    ),
  );
  return tableWords.has(word);
}
