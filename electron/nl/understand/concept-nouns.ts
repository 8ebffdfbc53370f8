/**
 * A concept's noun said of an instance at the other end of a relationship: "Who are Mr Fenwick's
 * *pupils*?", "Which are the *dogs* of Ann?" ask for the subjects of the one relationship that
 * links that concept (pupil) to the instance's (teacher) — "is taught by" with object Mr Fenwick.
 * Only when no relationship is named in the sentence, and only when exactly one relationship links
 * the two concepts in that direction (several: the reader asks which).
 */
import type { Relationship } from '../../engine';
import type { Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { ARTICLES, WH_WORDS } from './lexicon';
import type { ClauseSetting, Reading } from './readings';

const POSSESSIVE = new Set(["'s", "'"]);
const NOUN_LINKS = new Set(['of', 'for']);
/** Words that may stand between "which <noun>" and the instance: "Which hives *have* Varroa?", "…*are on the* Student plan?". */
const LINK_WORDS = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'be', 'been', 'the', 'a', 'an', ...PREPOSITIONS]);

interface Said {
  readonly instance: string;
  readonly concept: string;
  readonly noun: string;
  /** Where the concept's noun was said. */
  readonly from: number;
  readonly to: number;
  /** Where the instance's own concept noun follows it ("the Student *plan*"): no relationship named there. */
  readonly tail?: number;
  /** The preposition linking noun and instance when it is the relationship's own ("the ringers *at* Holy Cross"). */
  readonly preposition?: string;
  /** "Who are the skips?": no noun said, so any concept but the instance's own may be the one asked for. */
  readonly anySubject?: true;
}

/** The concept noun of up to three words that starts at `at`, if any. */
function conceptAt(vocabulary: Vocabulary, tokens: readonly Token[], at: number, to: number): { concept: string; end: number } | undefined {
  for (let length = Math.min(3, to - at); length >= 1; length--) {
    const concept = vocabulary.conceptWords.get(
      tokens
        .slice(at, at + length)
        .map((token) => token.text)
        .join(' '),
    );
    if (concept !== undefined) return { concept, end: at + length };
  }
  return undefined;
}

/** "X's <noun>" or "the <noun> of X": the instance and the concept named. */
function saidOf(vocabulary: Vocabulary, tokens: readonly Token[], from: number, to: number): Said | undefined {
  for (const mention of vocabulary.instances.spot(tokens, from, to).filter((found) => found.distance === 0)) {
    if (POSSESSIVE.has(tokens[mention.to]?.text ?? '')) {
      const noun = conceptAt(vocabulary, tokens, mention.to + 1, to);
      if (noun && noun.concept !== mention.entry.concept)
        return { instance: mention.entry.name, concept: mention.entry.concept, noun: noun.concept, from: mention.to + 1, to: noun.end };
    }
    let link = mention.from - 1;
    while (link > from && ARTICLES.has(tokens[link].text)) link--;
    // "the pupils of X", and "the ringers *at* Holy Cross" with the closing preposition of a name.
    const linkWord = tokens[link]?.text ?? '';
    if (link > from && (NOUN_LINKS.has(linkWord) || PREPOSITIONS.has(linkWord))) {
      const preposition = NOUN_LINKS.has(linkWord) ? {} : { preposition: linkWord };
      for (let start = Math.max(from, link - 3); start < link; start++) {
        const noun = conceptAt(vocabulary, tokens, start, link);
        if (noun && noun.end === link && noun.concept !== mention.entry.concept)
          return {
            instance: mention.entry.name,
            concept: mention.entry.concept,
            noun: noun.concept,
            from: start,
            to: link,
            ...preposition,
          };
      }
    }
  }
  return undefined;
}

/** Prepositions that open a phrase saying where, not which: "skips *at* the club", "members *in* the village". */
const PLACE_PREPOSITIONS = new Set(['at', 'in', 'on', 'around', 'within']);

/**
 * "Which curlers are skips *at the club*?": where a closing phrase of place starts (a place
 * preposition, articles and words naming no instance or concept of the map), else `to`. A phrase
 * naming something of the map ("at Stoneham", "on the team") is never set aside.
 */
function placeTail(vocabulary: Vocabulary, tokens: readonly Token[], from: number, to: number): number {
  let end = to;
  while (end > from && tokens[end - 1].punctuation) end--;
  for (let at = from; at < end - 1; at++) {
    if (!PLACE_PREPOSITIONS.has(tokens[at].text)) continue;
    let word = at + 1;
    while (word < end && ARTICLES.has(tokens[word].text)) word++;
    if (word >= end) continue;
    const rest = tokens.slice(word, end);
    if (rest.length > 3 || rest.some((token) => token.punctuation || WH_WORDS.has(token.text) || vocabulary.conceptWords.has(token.text)))
      continue;
    if (vocabulary.instances.spot(tokens, at, end).some((found) => found.distance === 0)) continue;
    return at;
  }
  return to;
}

/** "Which horses are *Cobs*?": the words after the link words, one name said in the plural (a closing place phrase set aside). */
function pluralMention(
  vocabulary: Vocabulary,
  tokens: readonly Token[],
  from: number,
  to: number,
): { readonly entry: { readonly name: string; readonly concept: string }; readonly from: number; readonly to: number } | undefined {
  let start = from;
  while (start < to && LINK_WORDS.has(tokens[start].text)) start++;
  let end = placeTail(vocabulary, tokens, start + 1, to);
  while (end > start && tokens[end - 1].punctuation) end--;
  const named = end > start ? vocabulary.instances.exactAnyConcept(tokens.slice(start, end).map((token) => token.text)) : [];
  return named.length === 1 ? { entry: named[0], from: start, to: end } : undefined;
}

/**
 * "Which *hives* have Varroa?", "Which *climbers* are on the Student plan?": the concept asked for
 * by "which/what <noun>", linked to one instance by nothing but "be", "have", prepositions and
 * articles (and the instance's own concept noun after it). The relationship from the noun's concept
 * to the instance's is then the one meant.
 */
function askedOf(vocabulary: Vocabulary, tokens: readonly Token[], from: number, to: number): Said | undefined {
  if (tokens[from]?.text === 'who') return whoArePlural(vocabulary, tokens, from, to);
  if (tokens[from]?.text !== 'which' && tokens[from]?.text !== 'what') return undefined;
  const noun = conceptAt(vocabulary, tokens, from + 1, to);
  if (!noun) return undefined;
  const mentions = vocabulary.instances.spot(tokens, noun.end, to).filter((found) => found.distance === 0);
  const mention = mentions.length === 0 ? pluralMention(vocabulary, tokens, noun.end, to) : mentions.length === 1 ? mentions[0] : undefined;
  if (!mention) return undefined;
  const between = tokens.slice(noun.end, mention.from);
  if (between.length === 0 || !between.every((token) => LINK_WORDS.has(token.text))) return undefined;
  const after = tokens.slice(mention.to, placeTail(vocabulary, tokens, mention.to, to));
  const ownNoun = new Set(mention.entry.concept.split(' '));
  if (!after.every((token) => token.punctuation || ownNoun.has(token.text))) return undefined;
  if (noun.concept === mention.entry.concept) return undefined;
  return {
    instance: mention.entry.name,
    concept: mention.entry.concept,
    noun: noun.concept,
    from: from + 1,
    to: noun.end,
    tail: mention.to,
  };
}

/**
 * "Who are the skips (at the club)?": "who are" and a name said in the plural asks which things have
 * that name as their value, as "Which curlers are skips?" does. Only the plural: "Who is Ann?" asks
 * about Ann herself, never who is linked to her.
 */
function whoArePlural(vocabulary: Vocabulary, tokens: readonly Token[], from: number, to: number): Said | undefined {
  const verb = tokens[from + 1]?.text;
  if (verb !== 'are' && verb !== 'were') return undefined;
  if (vocabulary.instances.spot(tokens, from + 1, to).some((found) => found.distance === 0)) return undefined;
  const mention = pluralMention(vocabulary, tokens, from + 1, to);
  if (!mention) return undefined;
  const after = tokens.slice(mention.to, placeTail(vocabulary, tokens, mention.to, to));
  if (!after.every((token) => token.punctuation)) return undefined;
  return {
    instance: mention.entry.name,
    concept: mention.entry.concept,
    noun: mention.entry.concept,
    from: from + 1,
    to: from + 1,
    tail: mention.to,
    anySubject: true,
  };
}

/**
 * Readings of a question naming a concept's noun of an instance (the subjects asked for); empty
 * when none fits, or when a relationship is named outside the noun (`named`: where relationships occur).
 */
export function conceptNounReadings(
  setting: ClauseSetting,
  from: number,
  to: number,
  named: readonly { readonly from: number; readonly to: number; readonly byConcept: boolean }[],
): Reading[] {
  const { tokens, vocabulary } = setting;
  const asks = setting.questionMark || tokens.slice(from, to).some((token) => WH_WORDS.has(token.text));
  if (!asks) return [];
  const said = saidOf(vocabulary, tokens, from, to) ?? askedOf(vocabulary, tokens, from, to);
  if (!said) return [];
  // "Who are the bookings of X?" where "bookings" is also a verb form of "booked amount": the noun is what is said.
  const inTail = (place: { readonly from: number }) => said.tail !== undefined && place.from >= said.tail;
  if (named.some((place) => !place.byConcept && !inTail(place) && (place.from < said.from || place.to > said.to))) return [];
  const linking: Relationship[] = vocabulary.relationships
    .map((entry) => entry.relationship)
    .filter(
      (relationship) =>
        (said.anySubject ? relationship.subject !== said.concept : relationship.subject === said.noun) &&
        relationship.object === said.concept,
    )
    .filter((relationship) => said.preposition === undefined || relationship.name.split(' ').at(-1) === said.preposition);
  const subject = askedAbout(setting, from, said);
  return linking.map((relationship) => ({
    kind: 'query',
    relationship,
    ...(subject ? { subject: { ok: true, value: subject, how: 'instance', text: subject } as const } : {}),
    objects: [{ ok: true, value: said.instance, how: 'instance', text: said.instance }],
    negated: false,
    score: 30,
  }));
}

/**
 * "Is *Moira* the engineer for the Night Session?": a yes/no question that names one of the noun's
 * own instances before it asks whether that one is linked, not who is. Undefined for "Who is…",
 * or when no such name is said.
 */
function askedAbout(setting: ClauseSetting, from: number, said: Said): string | undefined {
  const { tokens, vocabulary } = setting;
  if (tokens.slice(from, said.from).some((token) => WH_WORDS.has(token.text))) return undefined;
  const names = vocabulary.instances
    .spot(tokens, from, said.from)
    .filter((found) => found.distance === 0 && found.entry.concept === said.noun);
  return names.length === 1 ? names[0].entry.name : undefined;
}
