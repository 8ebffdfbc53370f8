/**
 * Turning a span of the prompt into a subject or an object of a relationship: an instance of the
 * right concept (typos forgiven), a typed value (number, date, truth), a pronoun's referent, or a
 * new name — or a reason why not.
 */
import type { InputValue } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import { COMMON_WORDS } from '../text/common-words';
import { singularsOf } from '../text/derive';
import { ambiguousSlashDate, humanDate, isTimeAdverbial, parseDate } from '../text/dates';
import { parseMeasure } from '../text/numbers';
import { periodOf } from '../text/synonyms';
import { wordnetAttributes } from '../text/wordnet';
import { parseTruth } from '../text/truth';
import { typoDistance } from '../text/distance';
import { AUXILIARIES, looksLikeParticiple, pluralOf } from '../text/inflect';
import { words, type Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { InstanceMatch } from '../vocabulary/instances';
import type { Vocabulary } from '../vocabulary/types';
import { ARTICLES, FIRST_PERSON, SUBJECT_PRONOUNS, THIRD_PERSON, UNKNOWN_SUBJECTS, WH_WORDS } from './lexicon';
import { DEFAULT_SPEAKER, type Referents } from './types';
import { UNIT_NAMES } from './unit-names';

export type Resolution =
  | {
      readonly ok: true;
      readonly value: InputValue;
      /** How it was found; decides how much the reading is trusted. */
      readonly how: 'instance' | 'typo' | 'typed' | 'pronoun' | 'new';
      readonly text: string;
    }
  | {
      readonly ok: false;
      readonly reason: 'wrong-type' | 'unknown' | 'not-a-name' | 'ambiguous';
      readonly text: string;
      readonly message: string;
      /** The values the text may mean, when it means more than one ("3/4/2025"). */
      readonly choices?: readonly InputValue[];
    };

/** Points a resolution adds to a reading; failures take points away. */
export function resolutionScore(resolution: Resolution | undefined): number {
  if (!resolution) return 0;
  // A name that reads two ways is a good reading to ask about, better than one that fails outright.
  if (!resolution.ok) return resolution.reason === 'wrong-type' ? -30 : resolution.reason === 'ambiguous' ? -5 : -20;
  switch (resolution.how) {
    case 'instance':
    case 'typed':
      return 10;
    case 'typo':
      return 8;
    case 'pronoun':
      return 6;
    case 'new':
      return 3;
  }
}

/** A span of tokens with its original text. */
export interface Span {
  readonly tokens: readonly Token[];
  readonly text: string;
  /** The clause's next few tokens, so a name cut short by what follows is seen ("Night" of "Night Session date?"). */
  readonly following?: readonly Token[];
}

/** Whether the span's words open a name the map knows that goes on into the words after it. */
function cutsKnownName(vocabulary: Vocabulary, span: Span): boolean {
  if (!span.following || span.following.length === 0) return false;
  const tokens = [...span.tokens, ...span.following];
  return vocabulary.instances
    .spot(tokens, 0, tokens.length)
    .some((found) => found.distance === 0 && found.from < span.tokens.length && found.to > span.tokens.length);
}

const measureContexts = new WeakMap<Relationship, ReadonlySet<string>>();

/** The words an amount of this relationship may be said with: its name's and its object concept's ("3 parcels", "hours of labour"). */
function measureContext(vocabulary: Vocabulary, relationship: Relationship): ReadonlySet<string> {
  let context = measureContexts.get(relationship);
  if (!context) {
    const concept = vocabulary.map.concepts.get(relationship.object)?.name ?? relationship.object;
    // …and the map's concept nouns: "holds 6 *horses*" counts things the map knows of.
    context = new Set([
      ...words(relationship.name),
      ...words(concept),
      ...[...vocabulary.conceptWords.keys()].filter((key) => !key.includes(' ')),
    ]);
    measureContexts.set(relationship, context);
  }
  return context;
}

function wordsOf(span: Span, vocabulary?: Vocabulary): string[] {
  const list = span.tokens.filter((token) => !token.punctuation).map((token) => token.text);
  while (list.length > 1 && ARTICLES.has(list[0]) && !vocabulary?.instances.namesExactly(list)) list.shift();
  // "Order 7's": the possessive belongs to the phrase around the name, not to the name.
  if (list.length > 1 && list[list.length - 1] === "'s") list.pop();
  return list;
}

function article(concept: string): string {
  return /^[aeiou]/i.test(concept) ? `an ${concept}` : `a ${concept}`;
}

const DISTRIBUTIVES = new Set(['each', 'every', 'per']);
/** Words that lead into an amount after a verb ("weighs *in at*", "came *out at*", "went *up to*"). */
const AMOUNT_LEADS = new Set(['in', 'out', 'at', 'up', 'to']);
const BE_OR_HAVE = new Set(['is', 'are', 'was', 'were', 'am', 'has', 'have', 'had']);

/** Pronouns that stand for something already said ("in *them*", "for *it*"). */
const OBJECT_PRONOUNS = new Set(['it', 'them', 'him', 'itself', 'themselves']);
/** Units of measure, short and written out ("km", "mins", "kilometres"): general English, never a name. */
const UNIT_WORDS = new Set(Object.entries(UNIT_NAMES).flatMap(([short, names]) => [short, ...names]));

/** A span that can stand as a new name: a few words, none of them everyday English or a number. */

function looksLikeName(list: readonly string[], vocabulary: Vocabulary): boolean {
  if (list.length === 0 || list.length > 4) return false;
  if (list.some((word) => WH_WORDS.has(word) || /^-?\d/.test(word))) return false;
  // "is £1,250", "weather is lovely": words with a verb of their own say something; they name nothing.
  if (list.some((word) => BE_OR_HAVE.has(word))) return false;
  // "the Student plan *each month*": words that count something per unit are no part of a name.
  if (list.length > 1 && list.some((word) => DISTRIBUTIVES.has(word))) return false;
  // "…and *it hums loudly*": a subject pronoun and more words are a clause.
  if (list.length > 1 && SUBJECT_PRONOUNS.has(list[0])) return false;
  // "*Mia's years of* experience": a span ending in a preposition is cut short of its noun; it names nothing.
  if (list.length > 1 && PREPOSITIONS.has(list[list.length - 1])) return false;
  // "Which curlers are *skips at Stoneham*?": a known name said in the plural opens a phrase about
  // that thing (the position Skip), never a new name.
  if (
    list.length > 1 &&
    !vocabulary.instances.namesExactly(list.slice(0, 1)) &&
    vocabulary.instances.exactAnyConcept(list.slice(0, 1)).length > 0
  )
    return false;
  // "drums *in them*": an object pronoun points back at something said; it is never part of a name.
  if (list.length > 1 && list.some((word) => OBJECT_PRONOUNS.has(word))) return false;
  // "rides in *mins*": a unit of measure said alone is how the value is counted, not who it is about.
  if (list.length === 1 && UNIT_WORDS.has(list[0])) return false;
  if (list.length === 1 && (COMMON_WORDS.has(list[0]) || vocabulary.conceptWords.has(list[0]) || vocabulary.mapWords.has(list[0])))
    return false;
  return !list.every((word) => COMMON_WORDS.has(word) || vocabulary.mapWords.has(word));
}

/** Clean name text from the span: quotes and trailing punctuation dropped, leading article dropped. */
function nameText(span: Span): string {
  return span.text
    .replace(/^["'(]+|["'),.!?;:]+$/g, '')
    .replace(/^(the|a|an)\s+/i, '')
    .replace(/['’]s$/i, '')
    .trim();
}

/**
 * The words without the concept's own noun around the name: "the coach Rita", "the Gold plan",
 * "the tickets INC-1" read as "Rita", "Gold", "INC-1". Undefined when there is none.
 */
function withoutConceptNoun(vocabulary: Vocabulary, concept: string, list: readonly string[]): string[] | undefined {
  for (let length = Math.min(3, list.length - 1); length >= 1; length--) {
    const head = list.slice(0, length).join(' ');
    if (vocabulary.conceptWords.get(head) === concept) return list.slice(length).filter((word, index) => index > 0 || !ARTICLES.has(word));
    const tail = list.slice(list.length - length).join(' ');
    if (vocabulary.conceptWords.get(tail) === concept) return list.slice(0, list.length - length);
  }
  return undefined;
}

/**
 * "the Kingston Black *variety*", "Bramley *apples*" for an "apple variety": a name of the concept
 * followed by one word of the concept's name (or its plural) is that name; the word only says what
 * the name is. The name must then be exact, never a typo.
 */
function namedWithConceptWord(vocabulary: Vocabulary, concept: string, phrase: readonly string[]): InstanceMatch | undefined {
  if (phrase.length < 2) return undefined;
  const conceptNames = words(concept).flatMap((word) => [word, pluralOf(word)]);
  if (!conceptNames.includes(phrase[phrase.length - 1])) return undefined;
  const match = vocabulary.instances.lookup(phrase.slice(0, -1), new Set([concept]));
  return match?.distance === 0 ? match : undefined;
}

/** "Who wants *Roses*?": a name said in the plural, its last word's singular the name exactly. */
function pluralOfName(vocabulary: Vocabulary, concept: string, phrase: readonly string[]): InstanceMatch | undefined {
  const last = phrase[phrase.length - 1];
  if (last === undefined || !/s$/.test(last)) return undefined;
  for (const singular of singularsOf(last)) {
    if (singular === last) continue;
    const match = vocabulary.instances.lookup([...phrase.slice(0, -1), singular], new Set([concept]));
    if (match?.distance === 0) return match;
  }
  return undefined;
}

function instanceOf(vocabulary: Vocabulary, concept: string, phrase: readonly string[], text: string): Resolution | undefined {
  const whole = vocabulary.instances.lookup(phrase, new Set([concept]));
  // "the Off Peak *plan*": the name said exactly beside its concept's noun beats a typo of the whole
  // phrase ("Off Peak Plus").
  const bare = whole?.distance === 0 ? undefined : withoutConceptNoun(vocabulary, concept, phrase);
  const bareExact = bare && bare.length > 0 ? vocabulary.instances.lookup(bare, new Set([concept])) : undefined;
  const exact = bareExact?.distance === 0 ? bareExact : whole;
  const list = bare && bare.length > 0 && (!whole || exact === bareExact) ? bare : phrase;
  const match =
    exact ??
    vocabulary.instances.lookup(list, new Set([concept])) ??
    namedWithConceptWord(vocabulary, concept, phrase) ??
    pluralOfName(vocabulary, concept, list);
  if (match) return { ok: true, value: match.entry.name, how: match.distance === 0 ? 'instance' : 'typo', text };
  const elsewhere = vocabulary.instances.exactAnyConcept(list);
  if (elsewhere.length > 0) {
    return {
      ok: false,
      reason: 'wrong-type',
      text,
      message: `'${elsewhere[0].name}' is ${article(elsewhere[0].concept)}, not ${article(concept)}`,
    };
  }
  return undefined;
}

/** "*Des* Noor need step-free access?": a first word one letter off an auxiliary ("does") opens a question, not a name. */
const LONG_AUXILIARIES = [...AUXILIARIES].filter((auxiliary) => auxiliary.length >= 3);

function auxiliaryTypo(word: string): boolean {
  if (word.length < 3 || AUXILIARIES.has(word)) return false;
  return LONG_AUXILIARIES.some((auxiliary) => typoDistance(word, auxiliary, 1) <= 1);
}

/**
 * "Ayo coached" in "Is Ayo coached by Bram?", "birth of Olu" in "the place of birth of Olu": a known
 * name written capitalised, with lower-case words before or after it that the reader could not
 * place. Those words are no part of a name, so the span is not a new name.
 */
function nameWithLeftovers(
  vocabulary: Vocabulary,
  concept: string,
  span: Span,
): { name: string; rest: string; after: boolean; ownArticle?: true } | undefined {
  const tokens = span.tokens.filter((token) => !token.punctuation);
  const offset = span.tokens[0]?.start ?? 0;
  const raw = (token: Token): string => span.text.slice(token.start - offset, token.end - offset);
  let first = 0;
  while (first < tokens.length - 1 && ARTICLES.has(tokens[first].text)) first++;
  // "Dose Rex need…?": the prompt's first word is capitalised as a sentence opens, not as a name,
  // when it is a word of the map or of everyday English.
  const lower = (list: readonly Token[]): boolean =>
    list.every(
      (token) =>
        /^[a-z]/.test(raw(token)) ||
        (token.start === 0 && (vocabulary.mapWords.has(token.text) || COMMON_WORDS.has(token.text) || auxiliaryTypo(token.text))),
    );
  const known = (list: readonly Token[]): string | undefined => {
    if (!list.some((token) => /[A-Z]/.test(raw(token)))) return undefined;
    const match = vocabulary.instances.lookup(
      list.map((token) => token.text),
      new Set([concept]),
    );
    return match && match.distance === 0 ? match.entry.name : undefined;
  };
  for (let cut = first + 1; cut < tokens.length; cut++) {
    const [before, after] = [tokens.slice(first, cut), tokens.slice(cut)];
    const trailing = lower(after) ? known(before) : undefined;
    if (trailing) return { name: trailing, rest: after.map(raw).join(' '), after: true };
    // "*The Lanterns* cancel": a name that opens with an article, looked up with it, and the words
    // after it left unread (never an apposition: the article is the name's own).
    const withArticle = first > 0 && lower(after) ? known(tokens.slice(0, cut)) : undefined;
    if (withArticle) return { name: withArticle, rest: after.map(raw).join(' '), after: true, ownArticle: true };
    const leading = lower(before) ? known(after) : undefined;
    if (leading) return { name: leading, rest: before.map(raw).join(' '), after: false };
  }
  return undefined;
}

/**
 * "Ian qualified to work" in "Is Ian qualified to work on Deadbolt locks?": the exact known name of
 * an instance of another concept, written capitalised, then lower-case words the reader could not
 * place. That is the other thing and a clause about it, never a new name of this concept.
 */
function otherNameWithWords(vocabulary: Vocabulary, concept: string, span: Span): { name: string; rest: string } | undefined {
  const tokens = span.tokens.filter((token) => !token.punctuation);
  const offset = span.tokens[0]?.start ?? 0;
  const raw = (token: Token): string => span.text.slice(token.start - offset, token.end - offset);
  let first = 0;
  while (first < tokens.length - 1 && ARTICLES.has(tokens[first].text)) first++;
  // From the first word after the articles, or from the article of a name that opens with its own ("The Lanterns").
  const mention = vocabulary.instances
    .spot(tokens, 0, tokens.length)
    .find(
      (found) =>
        (found.from === first || (found.from === 0 && first > 0)) &&
        found.distance === 0 &&
        found.to < tokens.length &&
        found.entry.concept !== concept,
    );
  if (!mention || !/[A-Z]/.test(raw(tokens[first]))) return undefined;
  const rest = tokens.slice(mention.to);
  return rest.every((token) => /^[a-z]/.test(raw(token))) ? { name: mention.entry.name, rest: rest.map(raw).join(' ') } : undefined;
}

/** Whether words end with an article and then the exact name of an instance of any concept. */
function endsWithKnownAfterArticle(vocabulary: Vocabulary, list: readonly string[]): boolean {
  for (let at = 1; at < list.length - 1; at++) {
    if (!ARTICLES.has(list[at])) continue;
    const match = vocabulary.instances.lookup(list.slice(at + 1));
    if (match && match.distance === 0) return true;
  }
  return false;
}

/** A name in quotes is said as written ("Who teaches "Ayo Bello"?"): it is never read as a shorter known one. */
function quoted(span: Span): boolean {
  return /^\s*["“][^"”]+["”]\s*[?.!]?\s*$/.test(span.text);
}

/**
 * The exact known name of the concept that opens a span (after its articles) and has words after
 * it, with the span's words: "Hall" in "Hall B", "Lemon" in "a lemon cake".
 */
function openingName(vocabulary: Vocabulary, concept: string, span: Span) {
  const tokens = span.tokens.filter((token) => !token.punctuation);
  let first = 0;
  while (first < tokens.length - 1 && ARTICLES.has(tokens[first].text)) first++;
  const mention = vocabulary.instances
    .spot(tokens, first, tokens.length, new Set([concept]))
    .find((found) => found.from === first && found.distance === 0 && found.to < tokens.length);
  return { tokens, mention };
}

/**
 * A known name of the concept that opens a span read as a new name ("Hall" in "Hall B", "Lemon" in
 * "lemon cake"): the span may mean that one, or a new one the map does not know. Undefined when
 * the span names no known instance at its start.
 */
function knownOpening(vocabulary: Vocabulary, concept: string, span: Span): string | undefined {
  if (quoted(span)) return undefined;
  const { tokens, mention } = openingName(vocabulary, concept, span);
  // What follows must be more name ("Q", "cake", "B"), not words the reader could place.
  const rest = mention ? tokens.slice(mention.to).map((token) => token.text) : [];
  const namePart =
    rest.length > 0 && rest.every((word) => !COMMON_WORDS.has(word) && !vocabulary.mapWords.has(word) && !WH_WORDS.has(word));
  return mention && namePart ? mention.entry.name : undefined;
}

/**
 * "the *bike* Green Roadster": "the", one lower-case word the map does not use, then a known name:
 * the word is a noun for the thing named (its own concept's noun is read the same way elsewhere).
 * Not a participle or gerund ("the coached Ayo"), and only after "the".
 */
function nounBeforeName(
  vocabulary: Vocabulary,
  concept: string,
  span: Span,
  leftovers: { name: string; rest: string; after: boolean },
): boolean {
  if (leftovers.after || !/^[a-z]+$/.test(leftovers.rest) || /(ed|ing)$/.test(leftovers.rest)) return false;
  // A word of the map is no such noun, unless its question forms use it for this concept ("Which *bike* does %S own?")
  // or it is the concept's own noun ("the *route* Green Slab").
  const ownNoun = concept.toLowerCase().split(/\s+/).pop() === leftovers.rest;
  if (
    PREPOSITIONS.has(leftovers.rest) ||
    (vocabulary.mapWords.has(leftovers.rest) && !formNouns(vocabulary, concept).has(leftovers.rest) && !ownNoun)
  )
    return false;
  const first = span.tokens.find((token) => !token.punctuation);
  return first?.text === 'the' || ownNoun;
}

/**
 * "the Order 3 *arrangement*": "the", a known name, then one lower-case noun the map does not use
 * (or uses for that concept): the noun says what the thing named is, as a noun before it does. Not
 * a participle or gerund ("the Red Van broken"), an -ly word, a preposition or an adjective that
 * measures something ("the Red Van late").
 */
function nounAfterName(
  vocabulary: Vocabulary,
  concept: string,
  span: Span,
  leftovers: { name: string; rest: string; after: boolean },
): boolean {
  const noun = leftovers.rest;
  if (!leftovers.after || !/^[a-z]+$/.test(noun) || /(ing|ly)$/.test(noun) || looksLikeParticiple(noun)) return false;
  if (PREPOSITIONS.has(noun) || COMMON_WORDS.has(noun) || wordnetAttributes(noun).length > 0) return false;
  if (vocabulary.mapWords.has(noun) && !formNouns(vocabulary, concept).has(noun)) return false;
  return span.tokens.find((token) => !token.punctuation)?.text === 'the';
}

/**
 * "the *village of* Upton Magna": the concept's own name, then "of", before a known name of that
 * concept says what the thing named is.
 */
function conceptNounOfName(vocabulary: Vocabulary, concept: string, leftovers: { rest: string; after: boolean }): boolean {
  const said = /^(?:the |a )?(.+) of$/.exec(leftovers.rest.toLowerCase());
  return !leftovers.after && said !== null && vocabulary.conceptWords.get(said[1]) === concept;
}

/**
 * "made from Pinot Noir *grapes*": a known name, then the noun the map's own questions ask this
 * concept with ("Which *grapes* is %S made from?"), or the concept's own name, with or without "the".
 */
function formNounAfterName(vocabulary: Vocabulary, concept: string, leftovers: { rest: string; after: boolean }): boolean {
  const noun = leftovers.rest.toLowerCase();
  if (!leftovers.after || !/^[a-z]+$/.test(noun)) return false;
  return formNouns(vocabulary, concept).has(noun) || vocabulary.conceptWords.get(noun) === concept;
}

/** Words worked out once per map and concept: the map does not change under a vocabulary. */
function perConcept(compute: (vocabulary: Vocabulary, concept: string) => ReadonlySet<string>) {
  const cache = new WeakMap<Vocabulary, Map<string, ReadonlySet<string>>>();
  return (vocabulary: Vocabulary, concept: string): ReadonlySet<string> => {
    let byConcept = cache.get(vocabulary);
    if (!byConcept) cache.set(vocabulary, (byConcept = new Map()));
    let found = byConcept.get(concept);
    if (!found) byConcept.set(concept, (found = compute(vocabulary, concept)));
    return found;
  };
}

/** Nouns the map's question forms ask a concept with: "Which *bike* does %S own?" (the object's), "Which *bikes* are…%O" (the subject's). */
const formNouns = perConcept((vocabulary, concept) => {
  const nouns = new Set<string>();
  for (const relationship of vocabulary.map.relationships.values()) {
    const asked: [string | undefined, string][] = [
      [relationship.questions.secondFormObject, relationship.object],
      [relationship.questions.secondFormSubject, relationship.subject],
    ];
    for (const [form, of] of asked) {
      const noun = form === undefined || of !== concept ? undefined : /^\s*(?:which|what)\s+([a-z]+)\s/i.exec(form)?.[1];
      if (noun) nouns.add(noun.toLowerCase());
    }
  }
  return nouns;
});

/** The nouns the map names a concept's instances with: its own name and the names of relationships to it ("cake flavour"). */
const aboutWords = perConcept((vocabulary, concept) => {
  const names = [concept, ...[...vocabulary.map.relationships.values()].filter((rel) => rel.object === concept).map((rel) => rel.name)];
  return new Set(names.flatMap((name) => words(name)).filter((word) => !COMMON_WORDS.has(word) && !PREPOSITIONS.has(word)));
});

/**
 * A known name followed by a noun the map uses for its concept: "a lemon cake" is the flavour
 * "Lemon" when the map speaks of a "cake flavour", as "the Gold policy" is the policy "Gold".
 */
function describedInstance(vocabulary: Vocabulary, concept: string, span: Span): Resolution | undefined {
  if (quoted(span)) return undefined;
  const { tokens, mention } = openingName(vocabulary, concept, span);
  if (!mention) return undefined;
  const nouns = aboutWords(vocabulary, concept);
  const rest = tokens.slice(mention.to).map((token) => token.text);
  if (rest.length > 2 || !rest.every((word) => nouns.has(word) || nouns.has(word.replace(/s$/, '')))) return undefined;
  return { ok: true, value: mention.entry.name, how: 'instance', text: span.text };
}

/**
 * A known instance followed only by a date or time words ("Tomasz yesterday", "Priya on 3 May 2025",
 * "Lab 12 tonight"). Only whether the words say when matters, so `now` may be any instant.
 */
function datedInstance(vocabulary: Vocabulary, concept: string, span: Span, now: number): Resolution | undefined {
  const tokens = span.tokens;
  let first = 0;
  while (first < tokens.length - 1 && ARTICLES.has(tokens[first].text)) first++;
  const mention = vocabulary.instances
    .spot(tokens, first, tokens.length, new Set([concept]))
    .find((found) => found.from === first && found.distance === 0 && found.to < tokens.length);
  if (!mention || !isTimeAdverbial(tokens.slice(mention.to), now)) return undefined;
  return { ok: true, value: mention.entry.name, how: 'instance', text: span.text };
}

/** Words before a date that only say it is set (general English): "due on", "expected on", "now on", "back on". */
const DATE_FRAMES = new Set(['due', 'expected', 'scheduled', 'planned', 'set', 'now', 'back', 'on', 'for']);

/** A span that reads as a known name or as a new one: the reader asks which. */
function eitherName(known: string, said: string, concept: string, text: string): Resolution {
  return {
    ok: false,
    reason: 'ambiguous',
    text,
    message: `'${said}' could be ${known} or a new ${concept} '${said}'`,
    // Quoted, the new name reads back as itself (see `quoted`).
    choices: [known, `"${said}"`],
  };
}

/**
 * "*A firing in* Electric 10 costs £11.75" for "cost per firing": the unit of a "per <unit>" name,
 * said before the subject (after an article or "one/each") with a preposition, is how the amount is
 * counted. Returns how many words it takes, or 0.
 */
function unitBefore(relationship: Relationship, list: readonly string[]): number {
  const name = words(relationship.name);
  const per = name.indexOf('per');
  if (per < 0 || per !== name.length - 2) return 0;
  const at = ['one', 'each', 'every', 'per'].includes(list[0] ?? '') ? 1 : 0;
  const unit = name[per + 1];
  if (list[at] !== unit && list[at] !== `${unit}s`) return 0;
  return UNIT_LINKS.has(list[at + 1] ?? '') && list.length > at + 2 ? at + 2 : 0;
}
const UNIT_LINKS = new Set(['in', 'at', 'on', 'for', 'of', 'with']);

/** The unit a name counts its amount by: "rent per *year*", "*monthly* fee" (month). */
function unitOfName(relationship: Relationship): string | undefined {
  const name = words(relationship.name);
  const per = name.indexOf('per');
  if (per >= 0 && per === name.length - 2) return name[per + 1];
  for (const word of name) {
    const period = periodOf(word);
    if (period) return period;
  }
  return undefined;
}

/**
 * "What is the rent for Church Field *each year*?" for "rent per year": the name's unit said after
 * the subject (per/a/an/each/every and the unit) is how the amount is counted. Returns how many
 * words it takes at the end, or 0.
 */
function unitAfter(relationship: Relationship, list: readonly string[]): number {
  const unit = unitOfName(relationship);
  const [per, said] = list.slice(-2);
  if (unit === undefined || list.length < 3 || !['per', 'a', 'an', 'each', 'every'].includes(per ?? '')) return 0;
  return said === unit ? 2 : 0;
}

/** Resolves a subject span for a relationship. `pronounDefault` overrides referents (answers). */
export function resolveSubject(
  vocabulary: Vocabulary,
  relationship: Relationship,
  span: Span,
  referents: Referents | undefined,
  pronounDefault?: string,
): Resolution {
  const list = wordsOf(span, vocabulary);
  const text = span.text;
  if (list.length === 1 && FIRST_PERSON.has(list[0])) {
    return { ok: true, value: pronounDefault ?? referents?.speaker ?? DEFAULT_SPEAKER, how: 'pronoun', text };
  }
  if (list.length === 1 && THIRD_PERSON.has(list[0])) {
    const referent = pronounDefault ?? referents?.lastSubject.get(relationship.subject) ?? referents?.lastAny;
    if (referent !== undefined) return { ok: true, value: referent, how: 'pronoun', text };
    return { ok: false, reason: 'unknown', text, message: `I could not tell who '${text}' is` };
  }
  // A value standing as the subject: "£30 is paid by Marisol" read the other way round.
  const subjectType = vocabulary.map.concepts.get(relationship.subject)?.type ?? 'string';
  if (subjectType === 'number' || subjectType === 'truth') {
    // "*a* £50 deposit has been paid on it": the article belongs to the phrase, not to the amount.
    const from = span.tokens.findIndex((token) => !ARTICLES.has(token.text));
    const value = from > 0 ? { tokens: span.tokens.slice(from), text: span.text.replace(/^\s*(the|a|an)\s+/i, '') } : span;
    return resolveObject(vocabulary, { ...relationship, object: relationship.subject }, value, 0, false);
  }
  const found = instanceOf(vocabulary, relationship.subject, list, text);
  if (found) return found;
  const counted = unitBefore(relationship, list);
  const closing = unitAfter(relationship, list);
  if (counted > 0 || closing > 0) {
    const inner = list.slice(counted, list.length - closing);
    // "the Student *plan* each month": the concept's own noun after the name.
    const conceptNoun = relationship.subject
      .toLowerCase()
      .split(/\s+/)
      .includes(inner[inner.length - 1] ?? '');
    const perUnit =
      instanceOf(vocabulary, relationship.subject, inner, text) ??
      (conceptNoun && inner.length > 1 ? instanceOf(vocabulary, relationship.subject, inner.slice(0, -1), text) : undefined);
    if (perUnit) return perUnit;
  }
  const described = describedInstance(vocabulary, relationship.subject, span);
  if (described) return described;
  // "Who is hosting Lab 12 *tonight*?": time words closing the subject say when, not which.
  const dated = datedInstance(vocabulary, relationship.subject, span, 0);
  if (dated) return dated;
  const leftovers = nameWithLeftovers(vocabulary, relationship.subject, span);
  // "Pepper the cat": a name with "the" and one common noun after it is an apposition, still the name.
  if (leftovers?.after && !leftovers.ownArticle && /^the [a-z]+$/.test(leftovers.rest))
    return { ok: true, value: leftovers.name, how: 'instance', text };
  if (
    leftovers &&
    !leftovers.ownArticle &&
    (nounBeforeName(vocabulary, relationship.subject, span, leftovers) || nounAfterName(vocabulary, relationship.subject, span, leftovers))
  )
    return { ok: true, value: leftovers.name, how: 'instance', text };
  if (leftovers)
    return {
      ok: false,
      reason: 'not-a-name',
      text,
      message: `I did not understand '${leftovers.rest}' with '${leftovers.name}'`,
    };
  const known = knownOpening(vocabulary, relationship.subject, span);
  if (known) return eitherName(known, nameText(span), relationship.subject, text);
  if (quoted(span) && list.length > 0 && list.length <= 4) return { ok: true, value: nameText(span), how: 'new', text };
  const other = otherNameWithWords(vocabulary, relationship.subject, span);
  if (other) return { ok: false, reason: 'not-a-name', text, message: `I did not understand '${other.rest}' with '${other.name}'` };
  // "Hiring the Saddle costs £5": words, an article, then a name the map knows is about that thing,
  // never a new name of another concept.
  if (looksLikeName(list, vocabulary) && !endsWithKnownAfterArticle(vocabulary, list) && !cutsKnownName(vocabulary, span))
    return { ok: true, value: nameText(span), how: 'new', text };
  return { ok: false, reason: 'not-a-name', text, message: `'${text}' does not read as ${article(relationship.subject)}` };
}

/** Whether a subject span asks "who?" ("anyone", "someone"). */
export function isUnknownSubject(span: Span): boolean {
  const list = wordsOf(span);
  return list.length === 1 && UNKNOWN_SUBJECTS.has(list[0]);
}

/**
 * "Rose Lodge is a listed *building*" for "is listed" asked "Is %S a listed building?": the words
 * after the name are the rest of the relationship's own yes/no question, so the fact is plainly true.
 */
function restOfOwnForm(relationship: Relationship, span: Span): boolean {
  const said = span.tokens.filter((token) => !token.punctuation && !ARTICLES.has(token.text)).map((token) => token.text);
  if (said.length === 0) return false;
  return Object.values(relationship.questions).some((form) => {
    if (typeof form !== 'string' || form.includes('%O')) return false;
    const formWords = words(form.replace(/%S/g, ' '));
    const nameWords = words(relationship.name);
    return said.every((word) => formWords.includes(word) && !nameWords.includes(word));
  });
}

/**
 * Resolves an object span. `allowNew`: a string value not among the instances is accepted (the
 * relationship lets answerers add values).
 */
export function resolveObject(vocabulary: Vocabulary, relationship: Relationship, span: Span, now: number, allowNew: boolean): Resolution {
  const list = wordsOf(span, vocabulary);
  const text = span.text;
  const type = vocabulary.map.concepts.get(relationship.object)?.type ?? 'string';
  switch (type) {
    case 'number': {
      // "Comet weighs *in at* 480 kg", "Red Rye comes *out at* 5.8%": the words before the amount only frame it,
      // as do an article and the relationship's own noun ("has paid *a* £120 deposit", "*a deposit of* £120").
      const own = new Set([...words(relationship.name), 'of']);
      const frames = (word: string): boolean => AMOUNT_LEADS.has(word) || ARTICLES.has(word) || own.has(word);
      let first = 0;
      while (first < span.tokens.length - 1 && frames(span.tokens[first].text)) first++;
      const value =
        parseMeasure(span.tokens, measureContext(vocabulary, relationship)) ??
        (first > 0 ? parseMeasure(span.tokens.slice(first), measureContext(vocabulary, relationship)) : undefined);
      return value === undefined
        ? { ok: false, reason: 'wrong-type', text, message: `'${relationship.name}' needs a number, not '${text}'` }
        : { ok: true, value, how: 'typed', text };
    }
    case 'date': {
      const both = ambiguousSlashDate(span.tokens, now);
      if (both)
        return {
          ok: false,
          reason: 'ambiguous',
          text,
          message: `'${text}' could be ${humanDate(both[0])} or ${humanDate(both[1])}`,
          choices: both,
        };
      // "Dark Shed's harvest is *due on* 3 May": words that only say a date is set frame it.
      let framed = 0;
      while (framed < span.tokens.length - 1 && DATE_FRAMES.has(span.tokens[framed].text)) framed++;
      const value = parseDate(span.tokens, now) ?? (framed > 0 ? parseDate(span.tokens.slice(framed), now) : undefined);
      return value === undefined
        ? { ok: false, reason: 'wrong-type', text, message: `'${relationship.name}' needs a date, not '${text}'` }
        : { ok: true, value, how: 'typed', text };
    }
    case 'truth': {
      // "Kofi signed the waiver *last week*": words that only say when leave the fact plainly true.
      const value = parseTruth(span.tokens) ?? (isTimeAdverbial(span.tokens, now) || restOfOwnForm(relationship, span) ? true : undefined);
      return value === undefined
        ? { ok: false, reason: 'wrong-type', text, message: `'${relationship.name}' needs yes or no, not '${text}'` }
        : { ok: true, value, how: 'typed', text };
    }
    case 'string': {
      const found = instanceOf(vocabulary, relationship.object, list, text);
      if (found) return found;
      // "assigned to Tomasz yesterday": a date closing the value says when, not which.
      const dated = datedInstance(vocabulary, relationship.object, span, now);
      if (dated) return dated;
      const apposition = nameWithLeftovers(vocabulary, relationship.object, span);
      if (apposition?.after && !apposition.ownArticle && /^the [a-z]+$/.test(apposition.rest))
        return { ok: true, value: apposition.name, how: 'instance', text };
      if (
        apposition &&
        !apposition.ownArticle &&
        (nounBeforeName(vocabulary, relationship.object, span, apposition) ||
          conceptNounOfName(vocabulary, relationship.object, apposition) ||
          formNounAfterName(vocabulary, relationship.object, apposition) ||
          nounAfterName(vocabulary, relationship.object, span, apposition))
      )
        return { ok: true, value: apposition.name, how: 'instance', text };
      const known = knownOpening(vocabulary, relationship.object, span);
      if (known && allowNew) return eitherName(known, nameText(span), relationship.object, text);
      if (allowNew && (looksLikeName(list, vocabulary) || (quoted(span) && list.length > 0 && list.length <= 4)))
        return { ok: true, value: nameText(span), how: 'new', text };
      return {
        ok: false,
        reason: 'unknown',
        text,
        message: `'${nameText(span) || text}' is not ${article(relationship.object)} this map knows${known ? ` (did you mean ${known}?)` : ''}`,
        ...(known ? { choices: [known] } : {}),
      };
    }
  }
}
