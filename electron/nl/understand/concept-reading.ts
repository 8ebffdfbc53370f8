/**
 * Reading a question by its concepts: "Which falconer looks after Ashby?" where the map has no
 * "looks after" but only one relationship joins a bird to a falconer ("is handled by"). Used only
 * when nothing else read the prompt, only for questions (a statement never injects a fact the user
 * did not say), and the reply says the assumption in the map's words ("I took 'looks after' to mean
 * 'is handled by'") so the user can see it. Several relationships fitting is asked (error 108);
 * none leaves the ordinary miss.
 *
 * A question qualifies when it asks with who/which/what about one known instance (or yes/no about
 * two), every other word is either a little word or a word the map uses nowhere else, and the
 * question word names the other end: "which <concept>" that concept, "who" a concept the map itself
 * asks "Who…?" about or whose noun is a kind of person (WordNet), a bare "what" a thing that is no
 * person. A word of any relationship of the map ("Who runs the Hawk Walk?" beside "next runs on"),
 * the antonym of a word of the relationship meant ("Who sold…?" for "bought"), a verb of feeling
 * ("hates") or of undoing, refusing, avoiding or losing ("cancelled", "skipped"), a negation, a number, a second sentence, a clause or comparison, a noun where the verb
 * should be, or a name half-recognised leaves the prompt unread.
 */
import type { Relationship } from '../../engine';
import { basesOf, looksLikeParticiple, verbStart } from '../text/inflect';
import { ARTICLES, BE_OR_S, FINITE_BE, NEGATIONS, POSSESSIVE_DETERMINERS, TRAILING_FILLERS } from './lexicon';
import { isFeelingVerb, isPersonNoun, isPrivativeVerb, verbAntonyms } from '../text/wordnet';
import type { Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import { NL_ERROR_CODES, type UnderstandingError } from './errors';
import { questionFor } from './suggestions';
import { needsUnsaidModal } from './unsaid-modals';
import type { NLQuery } from './types';

/** What a concept reading found: one query with the assumption said, or several to ask between. */
type ConceptReading =
  | { readonly kind: 'one'; readonly query: NLQuery; readonly assumption: string }
  | { readonly kind: 'several'; readonly error: UnderstandingError };

/** Auxiliaries that open a yes/no question or stand between the question word and the verb. */
const AUXILIARIES = new Set([...FINITE_BE, "'s", 'does', 'do', 'did', 'has', 'have', 'had', 'can', 'could', 'will', 'would']);
const AUXILIARY_TAIL = new Set(['be', 'been', 'being']);

/** Little words that say no relationship: prepositions, particles, determiners, pronouns, fillers. */
const LITTLE_WORDS = new Set([
  ...ARTICLES,
  ...AUXILIARY_TAIL,
  // The possessive after a name ("Sea Otter's"), which marks the next word as a noun.
  "'s",
  "'",
  ...TRAILING_FILLERS.flatMap((filler) => filler.split(' ')),
  'after',
  'up',
  'on',
  'for',
  'in',
  'at',
  'to',
  'with',
  'by',
  'of',
  'about',
  'over',
  'out',
  'off',
  'into',
  'from',
  'down',
  'back',
  'this',
  'that',
  'these',
  'those',
  ...POSSESSIVE_DETERMINERS,
  'there',
  'here',
  'right',
]);

/** Forms of "be" ("'s" is also "has", whose verb is a participle too). */

/** Words that say more than a verb: people, another clause, a comparison. */
const CLAUSE_WORDS = new Set([
  'i',
  'me',
  'you',
  'we',
  'us',
  'he',
  'she',
  'they',
  'him',
  'them',
  'it',
  'whether',
  'if',
  'who',
  'whom',
  'what',
  'which',
  'when',
  'where',
  'why',
  'how',
  'than',
  'more',
  'less',
  'most',
  'least',
  'or',
  'and',
]);

/** Words before a noun that mark it as one. */
const NOUN_MARKERS = new Set([...ARTICLES, "'s", ...POSSESSIVE_DETERMINERS]);

/** The word forms a relationship is said with in the map (its own forms and question forms, never derived ones). */
function wordsOfRelationship(vocabulary: Vocabulary, relationship: Relationship): Set<string> {
  const entry = vocabulary.relationships.find((each) => each.relationship === relationship);
  const found = new Set<string>();
  if (!entry) return found;
  for (const form of entry.forms) if (!form.fromConcept && !form.derived) for (const word of form.words) found.add(word);
  for (const template of entry.templates) for (const word of template.words) if ('literal' in word) found.add(word.literal);
  return found;
}

/** Whether a concept is one the question word "who" asks for. */
function isWhoConcept(vocabulary: Vocabulary, concept: string): boolean {
  const head = concept.toLowerCase().split(/\s+/).pop() ?? '';
  if (isPersonNoun(head)) return true;
  for (const relationship of vocabulary.map.relationships.values()) {
    const forms = relationship.questions;
    if (relationship.object === concept && /^\s*who(m)?\b/i.test(forms.secondFormObject ?? '')) return true;
    if (relationship.subject === concept && /^\s*who(m)?\b/i.test(forms.secondFormSubject ?? '')) return true;
  }
  return false;
}

/** A concept whose instances are things named by strings (not numbers, dates or truths). */
function isThingConcept(vocabulary: Vocabulary, concept: string): boolean {
  return vocabulary.map.concepts.get(concept)?.type === 'string';
}

/** The concept named by the words at `at` ("falconer", "grow rooms"), longest first, with its length. */
function conceptAt(vocabulary: Vocabulary, words: readonly string[], at: number): { concept: string; length: number } | undefined {
  for (let length = Math.min(3, words.length - at); length >= 1; length--) {
    const concept = vocabulary.conceptWords.get(words.slice(at, at + length).join(' '));
    if (concept !== undefined) return { concept, length };
  }
  return undefined;
}

type Asked = { readonly kind: 'who' } | { readonly kind: 'what' } | { readonly kind: 'concept'; readonly concept: string };

/** Prepositions that end the name of a relationship to a place ("is kept in", "is moored at"). */
const PLACE_ENDINGS = new Set(['in', 'at', 'into', 'inside', 'within', 'near']);

/**
 * Whether the question word fits the concept at the asked end of a relationship: "who" never asks
 * for a place ("Who looks after Rex?" is not the ward Rex is kept in, though a "ward" can be a person).
 */
function fits(vocabulary: Vocabulary, asked: Asked, concept: string, relationship: Relationship, askedIsObject: boolean): boolean {
  if (!isThingConcept(vocabulary, concept)) return false;
  const place = askedIsObject && PLACE_ENDINGS.has(relationship.name.toLowerCase().split(/\s+/).pop() ?? '');
  if (asked.kind === 'who') return !place && isWhoConcept(vocabulary, concept);
  if (asked.kind === 'what') return !isWhoConcept(vocabulary, concept);
  return asked.concept === concept;
}

/**
 * A question the map's words did not read, read by its concepts; undefined when it does not
 * qualify or no relationship fits.
 */
export function readByConcepts(vocabulary: Vocabulary, prompt: string, tokens: readonly Token[]): ConceptReading | undefined {
  const wordTokens = tokens.filter((token) => !token.punctuation);
  const words = wordTokens.map((token) => token.text);
  if (words.length < 3) return undefined;
  if (words.some((word) => NEGATIONS.has(word))) return undefined;
  // One question only: no sentence before it, none after ("Ashby is lovely. Who looks after him?").
  const lastWord = tokens.lastIndexOf(wordTokens[wordTokens.length - 1]);
  if (tokens.some((token, index) => index < lastWord && token.punctuation && /[.?!;:]/.test(token.text))) return undefined;
  // A person, a clause or a comparison said around it ("Can you tell me whether…", "Is Ashby
  // heavier than Sable?") is more than a verb the map does not use.
  if (words.some((word, index) => index > 0 && CLAUSE_WORDS.has(word))) return undefined;
  const mentions = vocabulary.instances.spot(wordTokens, 0, wordTokens.length);
  if (mentions.some((mention) => mention.distance > 0)) return undefined;
  const used = new Set<number>();
  for (const mention of mentions) for (let index = mention.from; index < mention.to; index++) used.add(index);
  // A number outside the names is a value: no question about an unknown verb alone.
  if (words.some((word, index) => !used.has(index) && /\d/.test(word))) return undefined;

  let asked: Asked | undefined;
  // Where the auxiliaries after the question word (and its concept noun) start.
  let after = 0;
  const first = words[0];
  if (first === 'who' || first === 'whom') {
    asked = { kind: 'who' };
    after = 1;
  } else if (first === 'which' || first === 'what') {
    const named = conceptAt(vocabulary, words, 1);
    if (named) {
      asked = { kind: 'concept', concept: named.concept };
      after = 1 + named.length;
    } else if (first === 'what' && AUXILIARIES.has(words[1])) {
      asked = { kind: 'what' };
      after = 1;
    } else return undefined;
  } else if (!AUXILIARIES.has(first)) return undefined;
  for (let index = 0; index < after; index++) used.add(index);
  let lastAuxiliary: string | undefined;
  for (let index = after; index < words.length && !used.has(index); index++) {
    if (!AUXILIARIES.has(words[index]) && !AUXILIARY_TAIL.has(words[index])) break;
    used.add(index);
    lastAuxiliary = words[index];
  }

  const instances = mentions.map((mention) => mention.entry);
  if (asked ? instances.length !== 1 : instances.length !== 2) return undefined;
  if (!asked && instances[0].concept === instances[1].concept && instances[0].name === instances[1].name) return undefined;

  // The words left: the concept noun beside a name ("the Hill Loop layout") and little words say nothing.
  const ownConcepts = new Set(instances.map((instance) => instance.concept));
  const left: number[] = [];
  for (let index = 0; index < words.length; index++) {
    if (used.has(index) || LITTLE_WORDS.has(words[index])) continue;
    const named = conceptAt(vocabulary, words, index);
    if (named && ownConcepts.has(named.concept)) {
      index += named.length - 1;
      continue;
    }
    left.push(index);
  }
  if (left.length === 0) return undefined;
  // The unknown word must be a verb: after an article or a possessive it is a noun the map does not
  // know ("What is the venue of the concert of Grade 5 Cello?"), which says nothing of a relationship.
  const before = left[0] - 1;
  if (before >= 0 && !used.has(before) && NOUN_MARKERS.has(words[before])) return undefined;
  // After a "be" the verb is a participle or in -ing ("Who is hosting…", "Is Ian qualified…"), not
  // an adjective ("Is Ashby heavier…").
  const verb = words[left[0]];
  if (lastAuxiliary !== undefined && BE_OR_S.has(lastAuxiliary) && !looksLikeParticiple(verb) && !/ing$/.test(verb)) return undefined;

  const candidates: { relationship: Relationship; subject?: string; object?: string }[] = [];
  for (const relationship of vocabulary.map.relationships.values()) {
    if (asked) {
      const [instance] = instances;
      if (relationship.subject === instance.concept && fits(vocabulary, asked, relationship.object, relationship, true))
        candidates.push({ relationship, subject: instance.name });
      if (relationship.object === instance.concept && fits(vocabulary, asked, relationship.subject, relationship, false))
        candidates.push({ relationship, object: instance.name });
    } else {
      if (!isThingConcept(vocabulary, relationship.object)) continue;
      for (const [one, other] of [instances, [...instances].reverse()])
        if (relationship.subject === one.concept && relationship.object === other.concept)
          candidates.push({ relationship, subject: one.name, object: other.name });
    }
  }
  // "Who coaches Robin Hale?": the name after the verb is its object, so whoever is asked does it.
  const agentAsked = asked !== undefined && mentions[0].from > left[0] && !words.includes('by');
  const voiced = agentAsked
    ? candidates.filter((candidate) => saysAgent(vocabulary, candidate.relationship, candidate.subject !== undefined))
    : candidates;
  // As elsewhere, a relationship named with a modal the question does not say ("can drive on",
  // "could be handled by") gives way to one that needs none.
  const plain = voiced.filter((candidate) => !needsUnsaidModal(candidate.relationship, tokens));
  const fitting = plain.length > 0 ? plain : voiced;
  if (fitting.length === 0) return undefined;

  // A word the map says a relationship with leaves the prompt to the map's own words (even the one
  // meant: "Is the coached Amara taught by Hugo?" was not read by them); nor is the opposite of the
  // relationship's own verb a synonym of it ("Who sold X?" for "bought").
  const leftWords = left.map((index) => words[index]);
  const leftForms = new Set(leftWords.flatMap((word) => [word, ...basesOf(word)]));
  // A feeling is no relationship of a map: "Which falconer hates Ashby?" is not who handles it.
  if ([...leftForms].some((form) => isFeelingVerb(form))) return undefined;
  // Nor is undoing, refusing, avoiding or losing one: "Which order did Cafe Lune *cancel*?" is not
  // the order it placed, "Who skipped the Hawk Walk?" not who runs it.
  if ([...leftForms].some((form) => isPrivativeVerb(form)) || saysPhrasalPrivative(words, left)) return undefined;
  const chosen = new Set(fitting.map((candidate) => candidate.relationship));
  for (const relationship of vocabulary.map.relationships.values()) {
    const own = wordsOfRelationship(vocabulary, relationship);
    if (leftWords.some((word) => own.has(word))) return undefined;
    if (!chosen.has(relationship)) continue;
    const opposite = [...own].flatMap((word) => basesOf(word).flatMap((base) => verbAntonyms(base)));
    if (opposite.some((word) => leftForms.has(word))) return undefined;
  }

  const said = saidPhrase(prompt, wordTokens, left);
  if (fitting.length === 1) {
    const [{ relationship, subject, object }] = fitting;
    const query: NLQuery = {
      relationship: relationship.name,
      ...(subject !== undefined ? { subject } : {}),
      ...(object !== undefined ? { object } : {}),
    };
    return { kind: 'one', query, assumption: `I took '${said}' to mean '${relationship.name}'.` };
  }
  const names = fitting.map(
    ({ relationship, subject, object }) => `'${relationship.name}'${subject !== undefined ? ` of ${subject}` : ` (${object ?? ''})`}`,
  );
  const quickReplies = fitting.flatMap((candidate) => {
    const question = questionFor(candidate.relationship, candidate.subject, candidate.object);
    return question ? [question] : [];
  });
  return {
    kind: 'several',
    error: {
      code: NL_ERROR_CODES.ambiguous,
      message: `'${said}' is not a word of the map; the question fits ${fitting.length} readings: ${names.join('; ')}`,
      suggestedChatResponse: `I don't know '${said}', but it could mean ${names.join(' or ')}. Which do you mean?`,
      ...(quickReplies.length > 0 ? { quickReplies } : {}),
    },
  };
}

/** "Which order did Cafe Lune *turn down*?", "Who *walked out on* Ayo?": a phrasal verb of refusing or leaving, from a word left on. */
function saysPhrasalPrivative(words: readonly string[], left: readonly number[]): boolean {
  return left.some((at) =>
    [1, 2].some((more) => {
      if (at + more >= words.length) return false;
      const rest = words.slice(at + 1, at + 1 + more).join('_');
      return [words[at], ...basesOf(words[at])].some((base) => isPrivativeVerb(`${base}_${rest}`));
    }),
  );
}

/**
 * Whether a reading's named end is the one acted on, as the object of an active question ("Who
 * coaches X?"): X is the subject of a "by" passive ("is taught by") or the object of an active verb
 * ("maintains"); a name that is neither (a noun, "is qualified to teach") fits either way.
 */
function saysAgent(vocabulary: Vocabulary, relationship: Relationship, namedIsSubject: boolean): boolean {
  const entry = vocabulary.relationships.find((each) => each.relationship === relationship);
  if (!entry || entry.nounLike) return true;
  const name = relationship.name.toLowerCase().split(/\s+/);
  if (name[name.length - 1] === 'by') return namedIsSubject;
  // "maintains", and "has booked" or "can drive on": the verb after "have" or a modal is active.
  const start = verbStart(name[0]);
  if (start.kind === 'verb' || (start.kind === 'aux' && start.aux !== 'be' && name.length > 1)) return !namedIsSubject;
  return true;
}

/** The prompt's own words from the first word left to the end of its run ("looks after", "is working on"). */
function saidPhrase(prompt: string, wordTokens: readonly Token[], left: readonly number[]): string {
  const start = left[0];
  let end = start;
  while (end + 1 < wordTokens.length && (left.includes(end + 1) || LITTLE_WORDS.has(wordTokens[end + 1].text))) end++;
  // A run ends on its last content word or particle, never on an article ("looks after the").
  while (end > start && ARTICLES.has(wordTokens[end].text)) end--;
  return prompt.slice(wordTokens[start].start, wordTokens[end].end);
}
