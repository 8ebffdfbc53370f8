/**
 * A date said with the words of one date relationship but not its name: "Leela sits her *exam* on 2
 * November 2027" ("exam date"), "Fenton Junction is being *exhibited* on the 14th of June 2027"
 * ("When is %S next exhibited?"), "The Owls are *booked* to play on 14 February 2027" ("booking
 * date"), "Atlas 1 is *due* back on the 14th of January 2027". A statement made only of a known
 * subject, words and a date closing it is the subject's date relationship whose name or question
 * forms hold those words (a word, its verb or its action's noun). Every other word must add nothing:
 * "be"/"have" and the other auxiliaries, determiners, particles, a light verb ("sit", "take",
 * "have" an exam) or another word of that relationship; so "Leela *cancelled* her exam on…" is
 * never an exam date. Several relationships fit: each is a rival (the reader asks, error 108).
 */
import type { Relationship } from '../../engine';
import { ambiguousSlashDate, parseDate } from '../text/dates';
import { verbBases, verbsOfNoun } from '../text/derive';
import { AUXILIARIES, basesOf } from '../text/inflect';
import { parseNumber } from '../text/numbers';
import { spanText, type Token } from '../text/tokens';
import { phraseWordsOf } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { ARTICLES, NEGATIONS, POSSESSIVE_DETERMINERS, SUBJECT_PRONOUNS, WH_WORDS } from './lexicon';
import type { ClauseSetting, Reading } from './readings';
import { findOccurrences } from './occurrences';
import { resolutionScore, resolveSubject } from './resolve';

/** Words that say nothing of which date: auxiliaries, determiners, particles, framing adverbs (general English). */
const FRAMING = new Set([
  ...AUXILIARIES,
  ...ARTICLES,
  "'s",
  'be',
  'being',
  'been',
  'going',
  'to',
  ...POSSESSIVE_DETERMINERS,
  'back',
  'up',
  'out',
  'off',
  'in',
  'for',
  'on',
  'at',
  'by',
  'now',
  'also',
  'again',
  'currently',
  'still',
  'next',
  'all',
]);

/** Light verbs: their object says what happens ("sit/take/have an exam", "hold a show"); general English. */
const LIGHT_VERBS = new Set(['have', 'take', 'sit', 'do', 'hold', 'get', 'make', 'give', 'go', 'come', 'attend', 'run', 'happen']);

/** Words of a date relationship that say no event ("date", "when", "what"). */
const NO_EVENT = new Set(['date', 'day', 'time', 'when', 'what', 'which', 'on', 'is', 'was', 'will', 'be', 'next', 'last', 'first']);

/** A word with the forms it may stand for: itself, its verb bases and the verbs its noun is made of. */
function stems(word: string): Set<string> {
  return new Set([word, ...basesOf(word), ...verbBases(word), ...verbsOfNoun(word)]);
}

const eventWordsCache = new WeakMap<Relationship, ReadonlySet<string>>();

/** The stems of a date relationship's own words: its name's and its question forms' content words. */
function eventWords(relationship: Relationship): ReadonlySet<string> {
  let found = eventWordsCache.get(relationship);
  if (!found) {
    const content = phraseWordsOf(relationship)
      .flat()
      .filter((word) => !NO_EVENT.has(word) && !FRAMING.has(word) && !WH_WORDS.has(word) && word.length > 2);
    found = new Set(content.flatMap((word) => [...stems(word)]));
    eventWordsCache.set(relationship, found);
  }
  return found;
}

function isDate(vocabulary: Vocabulary, relationship: Relationship): boolean {
  return vocabulary.map.concepts.get(relationship.object)?.type === 'date';
}

/** The end of the subject at the sentence's start: a pronoun, or a known name (with its article). */
function subjectEnd(vocabulary: Vocabulary, tokens: readonly Token[], from: number, to: number): number | undefined {
  if (SUBJECT_PRONOUNS.has(tokens[from]?.text ?? '') && tokens[from].text !== 'i' && tokens[from].text !== 'you') return from + 1;
  const opening = ARTICLES.has(tokens[from]?.text ?? '') ? [from, from + 1] : [from];
  const names = vocabulary.instances
    .spot(tokens, from, to)
    .filter((mention) => mention.distance === 0 && opening.includes(mention.from))
    .sort((a, b) => b.to - a.to);
  return names[0]?.to;
}

/**
 * Statements "<subject> <words of one date relationship> <date>." read as that relationship; and,
 * where no relationship is named by its own words, the questions "<aux> <subject> <words> <date>?"
 * ("Is Leela sitting her exam on 2 November 2027?") and "When <aux> <subject> <words>?" ("When
 * does Leela sit her exam?").
 */
export function eventDateReadings(setting: ClauseSetting, from: number, to: number): Reading[] {
  const { vocabulary, tokens } = setting;
  let end = to;
  while (end > from && tokens[end - 1].punctuation) end--;
  const first = tokens[from]?.text ?? '';
  const asksWhen = setting.questionMark && first === 'when' && AUXILIARIES.has(tokens[from + 1]?.text ?? '');
  const asksWhether = setting.questionMark && AUXILIARIES.has(first);
  if (setting.questionMark && !asksWhen && !asksWhether) return [];
  if (!setting.questionMark && (WH_WORDS.has(first) || AUXILIARIES.has(first))) return [];
  if (setting.questionMark && namesOwnWay(vocabulary, tokens.slice(from, end))) return [];
  const subjectFrom = asksWhen ? from + 2 : asksWhether ? from + 1 : from;
  const said = subjectEnd(vocabulary, tokens, subjectFrom, end);
  if (said === undefined) return [];
  if (asksWhen) return readingsFor(setting, subjectFrom, said, end, undefined);
  // The date closes the sentence: the earliest start from which the rest is one date.
  let dateFrom = -1;
  for (let at = said + 1; at < end; at++) {
    if (tokens.slice(at, end).some((token) => token.punctuation && token.text !== ',')) continue;
    if (parseDate(tokens.slice(at, end), setting.now) !== undefined) {
      dateFrom = at;
      break;
    }
  }
  // "3/4/2025" reads two ways: the ordinary reading asks which.
  if (dateFrom < 0 || ambiguousSlashDate(tokens.slice(dateFrom, end), setting.now)) return [];
  return readingsFor(setting, subjectFrom, said, dateFrom, end);
}

/** Whether a relationship is named by its own words (not derived, not its concept's noun): its own reading stands. */
function namesOwnWay(vocabulary: Vocabulary, tokens: readonly Token[]): boolean {
  return findOccurrences(vocabulary, tokens).some((occurrence) => occurrence.form.derived === undefined && !occurrence.form.fromConcept);
}

/** The readings of a subject `[from, said)`, event words `[said, dateFrom)` and a date `[dateFrom, end)` (none asked: `end` undefined). */
function readingsFor(setting: ClauseSetting, from: number, said: number, dateFrom: number, end: number | undefined): Reading[] {
  const { vocabulary, tokens } = setting;
  const value = end === undefined ? undefined : (parseDate(tokens.slice(dateFrom, end), setting.now) as string);
  const between = tokens.slice(said, dateFrom);
  if (between.length === 0 || between.length > 7) return [];
  if (between.some((token) => token.punctuation || NEGATIONS.has(token.text) || token.text === "n't" || parseNumber([token]) !== undefined))
    return [];
  if (vocabulary.instances.spot(tokens, said, dateFrom).some((mention) => mention.distance === 0)) return [];
  const subjectSpan = { tokens: tokens.slice(from, said), text: spanText(setting.prompt, tokens, from, said) };
  const fitting = vocabulary.relationships
    .map((entry) => entry.relationship)
    .filter((relationship) => isDate(vocabulary, relationship))
    .map((relationship) => ({
      relationship,
      subject: resolveSubject(vocabulary, relationship, subjectSpan, setting.referents, setting.pronounDefault),
    }))
    .filter(({ subject }) => subject.ok && subject.how !== 'new');
  const chosen = fitting.filter(({ relationship }) => {
    const own = eventWords(relationship);
    const saidWords = between.map((token) => token.text);
    // One word at least says the event; every other word frames it, is a light verb or is the relationship's own.
    const events = saidWords.filter((word) => [...stems(word)].some((stem) => own.has(stem)));
    const rest = saidWords.filter(
      (word) => !events.includes(word) && !FRAMING.has(word) && ![...stems(word)].some((stem) => LIGHT_VERBS.has(stem)),
    );
    return events.length > 0 && rest.length === 0;
  });
  return chosen.map(({ relationship, subject }) => ({
    kind: setting.questionMark ? ('query' as const) : ('statement' as const),
    relationship,
    subject,
    objects:
      value === undefined || end === undefined
        ? []
        : [{ ok: true as const, value, how: 'typed' as const, text: spanText(setting.prompt, tokens, dateFrom, end) }],
    negated: false,
    score: 5 + resolutionScore(subject) + 10,
  }));
}
