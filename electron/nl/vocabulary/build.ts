/** Builds the vocabulary of a loaded map: once per map, shared by every session on it. */
import type { KnowledgeMap, Relationship } from '../../engine';
import { pluralOf } from '../text/inflect';
import { words } from '../text/tokens';
import { COMMON_WORDS } from '../text/common-words';
import { nounSynonymsOf } from '../text/wordnet';
import { InstanceIndex } from './instances';
import { derivedFormsOf } from './derived-forms';
import { isNounLike, PREPOSITIONS, surfaceFormsOf } from './relationship-forms';
import { templatesOf } from './templates';
import type { RelationshipEntry, SurfaceForm, Vocabulary } from './types';

/**
 * English nouns that only classify the noun before them: a "lock type" is named by "lock" alone
 * ("Job 4 *lock*?", "What lock does Job 4 involve?").
 */
const CLASSIFIER_NOUNS = new Set(['type', 'kind', 'sort', 'category', 'class', 'variety', 'style', 'model']);

/** A concept's name and, when it ends in a classifier noun, the words before it ("lock type": "lock"). */
function conceptNames(name: string): string[][] {
  const list = words(name);
  if (list.length >= 2 && CLASSIFIER_NOUNS.has(list[list.length - 1])) return [list, list.slice(0, -1)];
  return list.length > 0 ? [list] : [];
}

/**
 * Other nouns for concepts named by one word, from WordNet ("blooms" for "flower", "client" for
 * "customer"): only nouns the map does not use anywhere (names, question forms, concepts,
 * instances), and only a noun that stands for one concept of the map — two candidates, none.
 */
function wordnetConceptNouns(map: KnowledgeMap): Map<string, string[]> {
  const used = new Set<string>();
  for (const relationship of map.relationships.values()) {
    for (const word of words(relationship.name)) used.add(word);
    for (const text of Object.values(relationship.questions)) for (const word of words(String(text ?? ''))) used.add(word);
  }
  for (const concept of map.concepts.values()) for (const word of words(concept.name)) used.add(word);
  for (const concept of map.instances.values())
    for (const instance of concept.values()) for (const word of words(instance.name)) used.add(word);
  const concepts = new Map<string, Set<string>>();
  for (const concept of map.concepts.values())
    for (const list of conceptNames(concept.name))
      if (list.length === 1)
        for (const noun of nounSynonymsOf(list[0]))
          // A gerund ("going" for "departure") is read as its verb; everyday words keep their own use.
          if (!used.has(noun) && !used.has(pluralOf(noun)) && !COMMON_WORDS.has(noun) && !noun.endsWith('ing'))
            concepts.set(noun, (concepts.get(noun) ?? new Set()).add(concept.name));
  const out = new Map<string, string[]>();
  for (const [noun, named] of concepts)
    if (named.size === 1) for (const concept of named) out.set(concept, [...(out.get(concept) ?? []), noun]);
  return out;
}

/**
 * The object concept's name and the head of a noun name as nouns for the relationship ("What is
 * Biscuit's *diet*?", "Main Stage *tier*?", "Marisol's *budget*" for "yearly budget"), singular and
 * plural, unless the relationship's own name already is that noun.
 */
function conceptNounForms(
  map: KnowledgeMap,
  relationship: Relationship,
  own: readonly SurfaceForm[],
  otherNouns: ReadonlyMap<string, readonly string[]>,
): SurfaceForm[] {
  const concept = map.concepts.get(relationship.object);
  const names = concept ? conceptNames(concept.name) : [];
  const phrases = names.flatMap((list) => [list, [...list.slice(0, -1), pluralOf(list[list.length - 1])]]);
  // WordNet's other nouns for the concept are synonyms: used only where the map's own words are not.
  const synonyms = new Set((concept ? (otherNouns.get(concept.name) ?? []) : []).flatMap((noun) => [noun, pluralOf(noun)]));
  for (const noun of synonyms) phrases.push([noun]);
  // The head of a noun name of several words: "Marisol's *budget*" for "yearly budget", also when
  // the head could be a verb but the name reads as a noun phrase ("the *costs* of X" for "rent costs").
  const name = words(relationship.name);
  const nounName =
    isNounLike(relationship.name) ||
    (own.some((form) => form.kind === 'noun' && !form.fromConcept) && !name.some((word) => PREPOSITIONS.has(word)));
  if (nounName && name.length >= 2) phrases.push([name[name.length - 1]], [pluralOf(name[name.length - 1])]);
  const taken = new Set(own.map((form) => form.words.join(' ')));
  return phrases
    .filter((phrase) => {
      const key = phrase.join(' ');
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    })
    .map((phrase) => ({
      words: phrase,
      kind: 'noun' as const,
      fromConcept: true,
      ...(phrase.length === 1 && synonyms.has(phrase[0]) ? { derived: 'synonym' as const } : {}),
    }));
}

/**
 * Abbreviations the author wrote in capitals in one relationship's question forms ("What is the
 * strength of %S, in percent *ABV*?") as nouns for it ("What's the ABV of Red Rye?"). An
 * abbreviation in the forms of several relationships, or one that is a word of a name, a concept
 * or a relationship's name, is no cue: the reader does not guess between them.
 */
function abbreviationNouns(map: KnowledgeMap): Map<Relationship, string[]> {
  const taken = new Set<string>();
  for (const relationship of map.relationships.values()) for (const word of words(relationship.name)) taken.add(word);
  for (const concept of map.concepts.values()) for (const word of words(concept.name)) taken.add(word);
  for (const concept of map.instances.values())
    for (const instance of concept.values()) for (const word of words(instance.name)) taken.add(word);
  const owners = new Map<string, Set<Relationship>>();
  for (const relationship of map.relationships.values())
    for (const text of Object.values(relationship.questions))
      for (const [capitals] of String(text ?? '').matchAll(/\b[A-Z]{2,6}\b/g)) {
        const word = capitals.toLowerCase();
        if (!taken.has(word) && !COMMON_WORDS.has(word)) owners.set(word, (owners.get(word) ?? new Set()).add(relationship));
      }
  const out = new Map<Relationship, string[]>();
  for (const [word, relationships] of owners)
    if (relationships.size === 1) for (const relationship of relationships) out.set(relationship, [...(out.get(relationship) ?? []), word]);
  return out;
}

/** Reads a map's relationships, question forms, concepts and instances into a {@link Vocabulary}. */
export function buildVocabulary(map: KnowledgeMap): Vocabulary {
  const abbreviations = abbreviationNouns(map);
  const otherNouns = wordnetConceptNouns(map);
  const relationships: RelationshipEntry[] = [...map.relationships.values()].map((relationship) => {
    const own = surfaceFormsOf(relationship);
    const forms = [...own, ...conceptNounForms(map, relationship, own, otherNouns)];
    const cues: SurfaceForm[] = (abbreviations.get(relationship) ?? []).map((word) => ({
      words: [word],
      kind: 'noun',
      derived: 'synonym',
    }));
    return {
      relationship,
      forms: [...forms, ...derivedFormsOf(map, relationship, forms), ...cues],
      templates: templatesOf(relationship),
      nounLike: isNounLike(relationship.name),
    };
  });
  const mapWords = new Set<string>();
  for (const entry of relationships) {
    for (const form of entry.forms) if (!form.fromConcept && !form.derived) for (const word of form.words) mapWords.add(word);
    for (const template of entry.templates) for (const word of template.words) if ('literal' in word) mapWords.add(word.literal);
  }
  const conceptWords = new Map<string, string>();
  for (const concept of map.concepts.values()) {
    for (const list of [...conceptNames(concept.name), ...(otherNouns.get(concept.name) ?? []).map((noun) => [noun])]) {
      const last = list[list.length - 1];
      // A concept named so in full keeps its name: "lock" is "lock type" only where no concept is "lock".
      for (const phrase of [list, [...list.slice(0, -1), pluralOf(last)]])
        if (!conceptWords.has(phrase.join(' ')) || list.length === words(concept.name).length)
          conceptWords.set(phrase.join(' '), concept.name);
      for (const word of list) mapWords.add(word);
    }
  }
  // Words of relationships and everyday English never match an instance by typo ("lives" is not "Olives").
  const protectedWords = new Set<string>([...mapWords, ...COMMON_WORDS]);
  return { map, relationships, instances: new InstanceIndex(map, protectedWords), conceptWords, mapWords };
}
