/**
 * Verb synonyms from WordNet (the generated `wordnet-verbs.ts`): verbs whose most frequent sense is
 * the same ("lease" for "rent", "practise" for "rehearse"). Light verbs that mean little on their
 * own ("do", "make", "get", "put"…) are never taken for another verb.
 */
import { WORDNET_ATTRIBUTES } from './wordnet-attributes';
import { WORDNET_NOUNS } from './wordnet-nouns';
import { WORDNET_PERSON_NOUNS } from './wordnet-person-nouns';
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
