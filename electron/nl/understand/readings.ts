/**
 * Readings of one clause: given where a relationship occurs, who or what is the subject, what is
 * the object, and is it a question or a statement. Each reading is scored; the caller keeps the best.
 */
import type { Relationship } from '../../engine';
import { AUXILIARIES, looksLikeParticiple } from '../text/inflect';
import { parseDate } from '../text/dates';
import { parseNumber } from '../text/numbers';
import { isPersonNoun } from '../text/wordnet';
import { COUNT_NOUNS, LENGTH_WORDS, PER_WORDS } from '../text/synonyms';
import { spanText, tokenize, words, type Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { auxClass, leftContext, rightContext, type LeftContext } from './context';
import { ARTICLES, BE_FORMS, FINITE_BE, LIST_SEPARATORS, THIRD_PERSON } from './lexicon';
import type { Occurrence } from './occurrences';
import { isUnknownSubject, resolutionScore, resolveObject, resolveSubject, type Resolution, type Span } from './resolve';
import type { Referents } from './types';

/** A clause read as a query or a statement. Unknown ends are `undefined` (asked for). */
export interface Reading {
  readonly kind: 'query' | 'statement';
  readonly relationship: Relationship;
  readonly subject?: Resolution | undefined;
  readonly objects: readonly Resolution[];
  readonly negated: boolean;
  readonly score: number;
  /** Why the reading cannot be used; `map` when the map cannot answer, `phrasing` otherwise. */
  readonly failure?: { readonly kind: 'map' | 'phrasing'; readonly message: string };
}

/** What a clause reader needs besides the tokens. */
export interface ClauseSetting {
  readonly vocabulary: Vocabulary;
  readonly prompt: string;
  readonly tokens: readonly Token[];
  readonly now: number;
  readonly referents?: Referents;
  /** Answers: pronouns stand for the pending question's subject. */
  readonly pronounDefault?: string;
  /** The sentence ends with "?". */
  readonly questionMark: boolean;
  /** The subject of the previous clause, for "Tom lives in France and *was born in England*". */
  readonly previousSubject?: Resolution;
  readonly clauseIndex: number;
}

const HAVE_WORDS = new Set(['has', 'have', 'had']);
/** Prepositions that attach a noun-phrase relationship to its subject. */
const NOUN_PREPOSITIONS = new Set(['of', 'for', 'on', 'about', 'at', 'in', 'by']);

function isNameOf(setting: ClauseSetting): (words: readonly string[]) => boolean {
  return (words) => setting.vocabulary.instances.namesExactly(words);
}

function span(setting: ClauseSetting, from: number, to: number): Span {
  return {
    tokens: setting.tokens.slice(from, to),
    text: spanText(setting.prompt, setting.tokens, from, to),
    following: setting.tokens.slice(to, to + 4),
  };
}

/** Splits an object range into list items unless the whole range names one thing. */
function objectSpans(setting: ClauseSetting, relationship: Relationship, from: number, to: number): Span[] {
  const whole = span(setting, from, to);
  const tokens = setting.tokens;
  const hasSeparator = tokens
    .slice(from, to)
    .some((token) => LIST_SEPARATORS.has(token.text) && token.text !== 'as' && token.text !== 'well');
  if (!hasSeparator) return [whole];
  const single = resolveObject(setting.vocabulary, relationship, whole, setting.now, false);
  if (single.ok && single.how !== 'new') return [whole];
  const spans: Span[] = [];
  let start = from;
  for (let index = from; index <= to; index++) {
    if (index === to || LIST_SEPARATORS.has(tokens[index].text)) {
      // "England and *in* Atlantis": the relationship's preposition repeated before an item.
      while (start < index - 1 && PREPOSITIONS.has(tokens[start].text)) start++;
      if (index > start) spans.push(span(setting, start, index));
      start = index + 1;
    }
  }
  return spans.length > 0 ? spans : [whole];
}

function objectType(setting: ClauseSetting, relationship: Relationship): string {
  return setting.vocabulary.map.concepts.get(relationship.object)?.type ?? 'string';
}

function failed(kind: 'query' | 'statement', relationship: Relationship, failure: Reading['failure'], score = -100): Reading {
  return { kind, relationship, objects: [], negated: false, score, ...(failure ? { failure } : {}) };
}

/** The first failing resolution, as a reading failure. */
function resolutionFailure(resolutions: readonly (Resolution | undefined)[]): Reading['failure'] | undefined {
  for (const resolution of resolutions) {
    if (resolution && !resolution.ok) return { kind: resolution.reason === 'not-a-name' ? 'phrasing' : 'map', message: resolution.message };
  }
  return undefined;
}

function finish(
  kind: Reading['kind'],
  relationship: Relationship,
  base: number,
  subject: Resolution | undefined,
  objects: readonly Resolution[],
  negated: boolean,
  bonus = 0,
): Reading {
  const score =
    base +
    bonus +
    resolutionScore(subject) +
    objects.reduce((sum, object) => sum + resolutionScore(object), 0) / Math.max(1, objects.length);
  const failure = resolutionFailure([subject, ...objects]);
  return { kind, relationship, ...(subject ? { subject } : {}), objects, negated, score, ...(failure ? { failure } : {}) };
}

function resolveObjects(setting: ClauseSetting, relationship: Relationship, from: number, to: number, allowNew: boolean): Resolution[] {
  return objectSpans(setting, relationship, from, to).map((item) =>
    resolveObject(setting.vocabulary, relationship, item, setting.now, allowNew),
  );
}

/**
 * How well the question word fits the value asked for: "When…" asks for a date, "How much/many…"
 * for a number, "Who…" for a thing or person (general English; a small nudge between readings).
 */
function whFit(setting: ClauseSetting, relationship: Relationship, left: LeftContext): number {
  const type = objectType(setting, relationship);
  if (left.wh === 'when') return type === 'date' ? 2 : -3;
  // "How many lessons…" counts: a count ("number of lessons") fits better than another number of lessons.
  if (left.wh === 'how' && left.whNoun[0] === 'many' && type === 'number')
    return words(relationship.name).some((word) => COUNT_NOUNS.has(word)) ? 3 : 2;
  if (left.wh === 'how' && (left.whNoun[0] === 'much' || left.whNoun[0] === 'many')) return type === 'number' ? 2 : -3;
  // "How long…" asks for a length of time: a number named or measured as one ("lesson length", minutes).
  if (left.wh === 'how' && left.whNoun[0] === 'long') {
    if (type !== 'number') return -3;
    const named = [...words(relationship.name), ...words(relationship.object)];
    return named.some((word) => LENGTH_WORDS.has(word)) ? 2 : -1;
  }
  if (left.wh === 'who' || left.wh === 'whom') return type === 'number' || type === 'date' ? -3 : 0;
  // "Which *routes* did Ann climb?": the noun asked for names the relationship's object concept
  // ("has climbed" a route), not another relationship sharing the verb ("hours per week" climbed).
  if ((left.wh === 'which' || left.wh === 'what') && left.whNoun.length > 0)
    return setting.vocabulary.conceptWords.get(left.whNoun.join(' ')) === relationship.object ? 2 : 0;
  return 0;
}

/**
 * "Which *towers* has Mick rung?" asks for towers: a relationship whose object is a value of another
 * kind (a number of quarter peals) cannot answer it, however well its words match. Says why, or
 * undefined when the noun names no concept or one of the object's kind.
 */
/** English nouns of a time or a stretch of time: a thing of a concept so named may answer "When…?". */
const TIME_NOUNS = new Set([
  'day',
  'date',
  'time',
  'slot',
  'session',
  'week',
  'weekday',
  'month',
  'season',
  'year',
  'hour',
  'shift',
  'term',
  'period',
  'morning',
  'afternoon',
  'evening',
  'night',
]);

/**
 * "When does Sam dive at Blue Hole?" asks for a time: a relationship whose value is a plain thing
 * (a dive site) or an amount cannot answer it, unless the thing's concept is a time ("day") or its
 * names are dates or days, or the amount is named as a clock time or a year. Says why, or undefined when the question may be about the relationship.
 */
function whenMismatch(setting: ClauseSetting, relationship: Relationship, left: LeftContext): string | undefined {
  const type = objectType(setting, relationship);
  if (left.wh !== 'when' || (type !== 'string' && type !== 'number')) return undefined;
  // A number says when only as a clock time or a year ("opening hour", "start time"), never as a
  // length of time ("hours per week": plural units are amounts, and a rate's unit is no time).
  const nameWords = words(relationship.name).filter((_, index, all) => !PER_WORDS.includes(all[index - 1] ?? ''));
  const named = type === 'number' ? [...nameWords, ...words(relationship.object)] : words(relationship.object);
  if (named.some((word) => TIME_NOUNS.has(word))) return undefined;
  if (type === 'number') return `'when' asks for a time, and '${relationship.name}' gives an amount`;
  const names = [...(setting.vocabulary.map.instances.get(relationship.object)?.keys() ?? [])];
  if (names.some((name) => parseDate(tokenize(String(name)), setting.now) !== undefined)) return undefined;
  return `'when' asks for a time, and '${relationship.name}' gives a ${relationship.object}`;
}

function askedConceptMismatch(setting: ClauseSetting, relationship: Relationship, left: LeftContext): string | undefined {
  if ((left.wh !== 'which' && left.wh !== 'what') || left.whNoun.length === 0) return undefined;
  const noun = left.whNoun.join(' ');
  const named = setting.vocabulary.conceptWords.get(noun);
  const namedType = named === undefined ? undefined : setting.vocabulary.map.concepts.get(named)?.type;
  const type = objectType(setting, relationship);
  if (named === undefined || named === relationship.object || namedType === type) return undefined;
  const gives = type === 'date' ? 'a date' : type === 'truth' ? 'yes or no' : `a ${type}`;
  return `'${left.wh} ${noun}' asks for ${noun}, but '${relationship.name}' gives ${gives}`;
}

function isQuestion(setting: ClauseSetting, left: LeftContext, subjectEmpty: boolean): boolean {
  if (setting.questionMark || left.wh !== undefined || left.questionLead) return true;
  // A leading auxiliary inverts a question ("Does Ada…"), except in a follow-on clause with no
  // subject ("…and *has* lived in Spain"), where it belongs to the verb.
  return left.leadingAux !== undefined && !(subjectEmpty && setting.clauseIndex > 0);
}

const ANY = new Set(['any', 'anything', 'anyone', 'anybody', 'some', 'something', 'someone', 'somebody']);

/** Whether `[from, to)` says "any" value of the relationship: "any" (or "some") and at most the object concept's noun. */
function anyOf(setting: ClauseSetting, relationship: Relationship, from: number, to: number): boolean {
  const said = setting.tokens.slice(from, to).filter((token) => !token.punctuation);
  if (said.length === 0 || !ANY.has(said[0].text)) return false;
  const rest = said.slice(1).map((token) => token.text);
  return rest.length === 0 || setting.vocabulary.conceptWords.get(rest.join(' ')) === relationship.object;
}

/** Reads a clause around a verb-like occurrence (`full`, `split`, `bare`). */
function verbReading(setting: ClauseSetting, occurrence: Occurrence, clauseFrom: number, clauseTo: number): Reading | undefined {
  const relationship = occurrence.entry.relationship;
  const left = leftContext(setting.tokens, clauseFrom, occurrence.from, isNameOf(setting));
  const right = rightContext(setting.tokens, occurrence.to, clauseTo);
  const aux = left.leadingAux ?? left.trailingAux;
  let bonus = 0;
  const [subjectFrom, saidTo] = left.subject;
  // "Where is the Osprey *being* moored?", "Has it *been* moored…": the passive's own "be" closes the
  // subject in a question; it is no part of the name.
  const passiveBe =
    occurrence.form.requiresAux === 'be' && saidTo - subjectFrom > 1 && (left.leadingAux !== undefined || left.wh !== undefined);
  const subjectTo = passiveBe && ['being', 'been'].includes(setting.tokens[saidTo - 1].text) ? saidTo - 1 : saidTo;
  const subjectEmpty = subjectFrom >= subjectTo;
  if (occurrence.form.requiresAux) {
    const required = occurrence.form.requiresAux;
    // "When will Order 58 *be* delivered?": a modal before the subject, "be" after it.
    const modalBe = required === 'be' && auxClass(left.trailingAux) === 'be';
    // "Sourdough is baked on Monday and provided by Hartley Mill": the "is" of the clause before.
    const sharedBe = required === 'be' && aux === undefined && subjectEmpty && setting.clauseIndex > 0 && !!setting.previousSubject;
    // "Anna belay certified?", "Nosema notifiable?": a terse yes/no question leaves out the "is" of
    // a truth name said by its adjective or participle.
    const terseBe =
      required === 'be' &&
      aux === undefined &&
      setting.questionMark &&
      left.wh === undefined &&
      !left.negated &&
      !subjectEmpty &&
      right.object[0] >= right.object[1] &&
      objectType(setting, relationship) === 'truth';
    if (auxClass(aux) !== required && !modalBe && !sharedBe && !terseBe) return undefined;
    if (!sharedBe && !terseBe) bonus += 2; // the auxiliary is part of the name: count it as matched
  }
  const [objectFrom, objectTo] = right.object;
  // "lives" (bare) followed by "in": the full form "lives in" reads this clause, not the bare one.
  if (occurrence.form.kind === 'bare' && objectFrom < objectTo && PREPOSITIONS.has(setting.tokens[objectFrom].text)) return undefined;
  const objectEmpty = objectFrom >= objectTo || right.asked;
  const question = isQuestion(setting, left, subjectEmpty);
  const allowNewObject = relationship.canAdd.object;
  const vocabulary = setting.vocabulary;
  const base = occurrence.weight;

  if (question) {
    if (left.wh !== undefined && subjectEmpty) {
      // "Who lives in France?", "Which people speak French?"
      // "Which vans are ready?", "Who needs a warning?": a truth relationship asks who it holds for.
      if (objectEmpty && objectType(setting, relationship) === 'truth') {
        const held: Resolution = { ok: true, value: !left.negated, how: 'typed', text: '' };
        return finish('query', relationship, base, undefined, [held], false, bonus + 5);
      }
      if (objectEmpty)
        return failed('query', relationship, {
          kind: 'phrasing',
          message: `I could not tell what the question about '${relationship.name}' is about`,
        });
      const objects = resolveObjects(setting, relationship, objectFrom, objectTo, false);
      return finish('query', relationship, base, undefined, objects, false, bonus + 5);
    }
    if (subjectEmpty) {
      if (setting.previousSubject && setting.clauseIndex > 0) {
        const objects = objectEmpty ? [] : resolveObjects(setting, relationship, objectFrom, objectTo, false);
        return finish('query', relationship, base, setting.previousSubject, objects, left.negated, bonus);
      }
      return failed('query', relationship, {
        kind: 'phrasing',
        message: `I could not tell who the question about '${relationship.name}' is about`,
      });
    }
    const subjectSpan = span(setting, subjectFrom, subjectTo);
    const subject = isUnknownSubject(subjectSpan)
      ? undefined
      : resolveSubject(vocabulary, relationship, subjectSpan, setting.referents, setting.pronounDefault);
    if (left.wh !== undefined) {
      // "How many *hours* did Crate 5 take?" asks for a number, or a count of things the relationship
      // gives ("How many *languages* does Ada speak?"); hours are neither of "taken to" a depot.
      const counted = left.whNoun.slice(1).join(' ');
      const type = objectType(setting, relationship);
      if (left.wh === 'how' && (left.whNoun[0] === 'many' || left.whNoun[0] === 'much') && counted !== '' && type !== 'number') {
        if (vocabulary.conceptWords.get(counted) !== relationship.object)
          return failed('query', relationship, {
            kind: 'phrasing',
            message: `'how ${left.whNoun.join(' ')}' is no question about '${relationship.name}'`,
          });
      }
      // "Which country does Ada live in?", "Where does Ada live?": the object is asked for.
      const mismatch = askedConceptMismatch(setting, relationship, left) ?? whenMismatch(setting, relationship, left);
      if (mismatch) return failed('query', relationship, { kind: 'phrasing', message: mismatch });
      const fit = whFit(setting, relationship, left);
      return finish('query', relationship, base, subject, [], false, bonus + 5 - (objectEmpty ? 0 : 4) + fit);
    }
    // "Does Ann own *any vans*?", "Has Dana placed *any*?": any value at all, so the values are asked for.
    const anyValue = !objectEmpty && anyOf(setting, relationship, objectFrom, objectTo);
    const objects = objectEmpty || anyValue ? [] : resolveObjects(setting, relationship, objectFrom, objectTo, false);
    if (!subject && objects.length === 0)
      return failed('query', relationship, { kind: 'phrasing', message: 'A question needs a subject or an object' });
    // A bare form ("live" for "live in") rarely takes an object; prefer full forms when one is given.
    const barePenalty = occurrence.form.kind === 'bare' && objects.length > 0 ? 4 : 0;
    return finish('query', relationship, base, subject, objects, left.negated, bonus - barePenalty);
  }

  // A statement.
  let subject: Resolution | undefined;
  if (subjectEmpty) {
    if (!setting.previousSubject)
      return failed('statement', relationship, { kind: 'phrasing', message: `I could not tell who '${relationship.name}' is about` });
    subject = setting.previousSubject;
  } else {
    subject = resolveSubject(vocabulary, relationship, span(setting, subjectFrom, subjectTo), setting.referents, setting.pronounDefault);
  }
  const truth = objectType(setting, relationship) === 'truth';
  let objects: Resolution[];
  if (objectEmpty) {
    if (!truth)
      return failed(
        'statement',
        relationship,
        {
          kind: 'phrasing',
          message: `I could not tell what '${relationship.name}' relates ${subject.ok ? String(subject.value) : 'it'} to`,
        },
        base - 50,
      );
    objects = [{ ok: true, value: true, how: 'typed', text: '' }];
  } else {
    objects = resolveObjects(setting, relationship, objectFrom, objectTo, allowNewObject);
  }
  if (left.negated) {
    if (!truth) {
      return {
        ...finish('statement', relationship, base, subject, objects, true, bonus),
        failure: { kind: 'phrasing', message: `A negative statement ("not ${relationship.name}") cannot be recorded as a fact` },
      };
    }
    objects = objects.map((object) => (object.ok && typeof object.value === 'boolean' ? { ...object, value: !object.value } : object));
  }
  const barePenalty = occurrence.form.kind === 'bare' ? 4 : 0;
  return finish('statement', relationship, base, subject, objects, left.negated, bonus - barePenalty);
}

/**
 * "the Loft (is) in the Low": an instance of the object concept closing the words before a
 * noun relationship, after a subject and a preposition or "be". Returns [subject end, value from, value to].
 */
function valueBeforeNoun(
  setting: ClauseSetting,
  relationship: Relationship,
  from: number,
  to: number,
  adjacent = false,
  /** A yes/no question may close on a number value ("Is the total price for Night Owls 137.50?"). */
  numberValue = false,
): [number, number, number] | undefined {
  const tokens = setting.tokens;
  // "Is the total price for Night Owls *137.50*?": a number closing a known name of the subject.
  if (numberValue && to - from >= 2 && objectType(setting, relationship) === 'number' && parseNumber([tokens[to - 1]]) !== undefined) {
    const named = setting.vocabulary.instances
      .spot(tokens, from, to - 1, new Set([relationship.subject]))
      .some((found) => found.to === to - 1 && found.distance === 0);
    // "Studio 2" is a name of its own, never "Studio" and 2.
    const whole = setting.vocabulary.instances.spot(tokens, from, to).some((found) => found.to === to && found.distance === 0);
    if (named && !whole) return [to - 1, to - 1, to];
  }
  const mention = setting.vocabulary.instances
    .spot(tokens, from, to, new Set([relationship.object]))
    .find((found) => found.to === to && found.distance === 0);
  if (!mention) return undefined;
  let end = mention.from;
  while (
    end > from &&
    (ARTICLES.has(tokens[end - 1].text) || PREPOSITIONS.has(tokens[end - 1].text) || FINITE_BE.has(tokens[end - 1].text))
  )
    end--;
  return end > from && (adjacent || end < mention.from) ? [end, mention.from, mention.to] : undefined;
}

/**
 * Where a number stands between "have" and a noun relationship whose value is a number ("Order 58
 * has *24* loaves"): the number's token index, or undefined.
 */
function countedValue(setting: ClauseSetting, relationship: Relationship, left: LeftContext, derived: boolean): number | undefined {
  const [from, to] = left.subject;
  const tokens = setting.tokens;
  if (left.wh !== undefined || to - from < 3 || objectType(setting, relationship) !== 'number') return undefined;
  // "Noor has 11 lessons" counts lessons: a noun derived from another kind of number ("lessons" of
  // "lesson length") is not a count of them.
  if (derived && !words(relationship.name).some((word) => COUNT_NOUNS.has(word))) return undefined;
  if (!HAVE_WORDS.has(tokens[to - 2].text) || parseNumber([tokens[to - 1]]) === undefined) return undefined;
  return to - 1;
}

/**
 * The subject of the clause before, when a follow-on clause opens with only an article before a
 * noun name of a relationship that thing has ("…and *the* call-out fee was £55"); else undefined.
 */
function followingSubject(setting: ClauseSetting, relationship: Relationship, from: number, to: number): Resolution | undefined {
  const previous = setting.previousSubject;
  if (setting.clauseIndex === 0 || !previous?.ok || to - from > 1 || (to > from && setting.tokens[from].text !== 'the')) return undefined;
  return setting.vocabulary.map.instances.get(relationship.subject)?.has(String(previous.value)) ? previous : undefined;
}

/** Whether a count ("number of lessons", "dose count") counts things other than `noun`. */
function countsOther(relationship: Relationship, noun: string): boolean {
  const name = words(relationship.name);
  if (!name.some((word) => COUNT_NOUNS.has(word))) return false;
  const counted = name.filter((word) => !COUNT_NOUNS.has(word) && word !== 'of');
  const said = [noun, noun.replace(/e?s$/, ''), noun.replace(/s$/, '')];
  return counted.length > 0 && !counted.some((word) => said.includes(word) || said.includes(word.replace(/s$/, '')));
}

/** Reads a clause around a noun-phrase name: "the national language of Spain is Spanish". */
function nounReading(setting: ClauseSetting, occurrence: Occurrence, clauseFrom: number, clauseTo: number): Reading | undefined {
  const relationship = occurrence.entry.relationship;
  const tokens = setting.tokens;
  const left = leftContext(tokens, clauseFrom, occurrence.from, isNameOf(setting));
  const right = rightContext(tokens, occurrence.to, clauseTo);
  let [subjectFrom, subjectTo] = left.subject;
  const [rightFrom, rightTo] = right.object;
  let subjectRange: [number, number] | undefined;
  let objectRange: [number, number] | undefined;
  const countAt = countedValue(setting, relationship, left, occurrence.form.derived !== undefined);
  const follows = followingSubject(setting, relationship, subjectFrom, subjectTo);
  if (follows && left.wh === undefined && !setting.questionMark && rightFrom + 1 < rightTo && FINITE_BE.has(tokens[rightFrom].text)) {
    // "Job 7 took 3.5 hours and *the call-out fee was £55*": the clause before's subject, named by the article.
    const objects = resolveObjects(setting, relationship, rightFrom + 1, rightTo, relationship.canAdd.object);
    return finish('statement', relationship, occurrence.weight, follows, objects, left.negated, 2);
  }
  if (occurrence.form.trailing) {
    // "How much is the Pro plan per month?": the period closes a question about the subject.
    const asks = setting.questionMark || left.wh !== undefined || left.leadingAux !== undefined || left.questionLead;
    if (!asks || subjectFrom >= subjectTo || rightFrom < rightTo) return undefined;
    // Up to the period, so a name ending in an article stays whole ("How much is Room A a day?").
    let end = occurrence.from;
    while (end > subjectTo && tokens[end - 1].punctuation) end--;
    subjectRange = [subjectFrom, Math.max(end, subjectTo)];
  } else if (countAt !== undefined) {
    // "Order 58 has 24 loaves", "Does Kai have 3 children?": the number before the counted noun.
    subjectRange = [subjectFrom, countAt - 1];
    // "…has 10 frames *and hums loudly*": what follows a list word is another item (read or reported), never dropped.
    const more = rightFrom < rightTo && LIST_SEPARATORS.has(tokens[rightFrom].text);
    objectRange = [countAt, more ? rightTo : subjectTo];
  } else if (left.wh !== undefined && rightFrom < rightTo && AUXILIARIES.has(tokens[rightFrom].text)) {
    // "What severity does INC-101 have?"
    let end = rightTo;
    // "What severity does INC-101 have?", "What diet is Pepper on?"
    while (
      end > rightFrom + 2 &&
      (['have', 'has', 'had', 'got', 'get'].includes(tokens[end - 1].text) || PREPOSITIONS.has(tokens[end - 1].text))
    )
      end--;
    let start = rightFrom + 1;
    // "What diet is there for Biscuit?"
    if (tokens[start]?.text === 'there' && start + 2 < end && PREPOSITIONS.has(tokens[start + 1].text)) start += 2;
    // "How many loaves are in Order 58?"
    else if (FINITE_BE.has(tokens[rightFrom].text) && start + 1 < end && PREPOSITIONS.has(tokens[start].text)) start += 1;
    subjectRange = [start, end];
    subjectFrom = subjectTo = 0;
  } else if (
    rightFrom + 1 < rightTo &&
    tokens[rightFrom].text === 'of' &&
    (auxClass(left.trailingAux) === 'have' ||
      (subjectFrom >= subjectTo && setting.clauseIndex > 0 && setting.previousSubject !== undefined))
  ) {
    // "Kai has a yearly salary of £42,000 (and rent costs of £700)": the value follows "of".
    if (subjectFrom >= subjectTo) {
      const objects = resolveObjects(setting, relationship, rightFrom + 1, rightTo, relationship.canAdd.object);
      return finish('statement', relationship, occurrence.weight, setting.previousSubject, objects, left.negated, 2);
    }
    subjectRange = [subjectFrom, subjectTo];
    objectRange = [rightFrom + 1, rightTo];
  } else if (rightFrom < rightTo && NOUN_PREPOSITIONS.has(tokens[rightFrom].text)) {
    // "the repair route of/for/on INC-1": the preposition belongs to the noun, the subject follows.
    let be = rightFrom + 1;
    while (be < rightTo && !FINITE_BE.has(tokens[be].text)) be++;
    subjectRange = [rightFrom + 1, be];
    if (be < rightTo) objectRange = [be + 1, rightTo];
    else {
      // "Is the severity of INC-1 Low?": the value closes the question.
      const split = valueBeforeNoun(setting, relationship, rightFrom + 1, rightTo, true, left.wh === undefined);
      if (split) {
        subjectRange = [rightFrom + 1, split[0]];
        objectRange = [split[1], split[2]];
      }
    }
    if (subjectFrom < subjectTo) objectRange = [subjectFrom, subjectTo];
  } else if (subjectTo - subjectFrom >= 2 && tokens[subjectTo - 1].text === "'s") {
    subjectRange = [subjectFrom, subjectTo - 1];
    if (rightFrom < rightTo && FINITE_BE.has(tokens[rightFrom].text)) objectRange = [rightFrom + 1, rightTo];
    // "£3,400 is the Osprey's annual fee": the value first, then "be", then the possessive.
    const be = tokens.findIndex((token, index) => index > subjectFrom && index < subjectTo - 2 && FINITE_BE.has(token.text));
    if (be > 0 && !objectRange && left.wh === undefined) {
      subjectRange = [be + 1, subjectTo - 1];
      objectRange = [subjectFrom, be];
    }
  } else if (
    subjectFrom < subjectTo &&
    rightFrom >= rightTo &&
    left.wh === undefined &&
    valueBeforeNoun(setting, relationship, subjectFrom, subjectTo)
  ) {
    // "Is the Loft in the Low price band?": the value stands before the noun, the subject before it.
    const split = valueBeforeNoun(setting, relationship, subjectFrom, subjectTo) as [number, number, number];
    subjectRange = [subjectFrom, split[0]];
    objectRange = [split[1], split[2]];
  } else if (subjectFrom < subjectTo && rightFrom >= rightTo && left.wh === undefined && setting.questionMark) {
    // "Order 7 repair route?", asked tersely.
    subjectRange = [subjectFrom, subjectTo];
  } else if (
    subjectFrom < subjectTo &&
    rightFrom >= rightTo &&
    setting.questionMark &&
    (left.wh === 'when' || left.wh === 'what') &&
    left.whNoun.length === 0 &&
    FINITE_BE.has(left.leadingAux ?? '') &&
    left.trailingAux === undefined
  ) {
    // "When's the Dark Shed harvest?": the name before the noun is its subject, as in "Dark Shed harvest?".
    subjectRange = [subjectFrom, subjectTo];
  } else if (subjectFrom < subjectTo && rightFrom < rightTo && !right.asked) {
    // "Spain national language Spanish", said tersely.
    subjectRange = [subjectFrom, subjectTo];
    objectRange = [FINITE_BE.has(tokens[rightFrom].text) ? rightFrom + 1 : rightFrom, rightTo];
  } else return undefined;
  [subjectFrom, subjectTo] = subjectRange;
  if (subjectFrom >= subjectTo) return undefined;
  const subject = resolveSubject(
    setting.vocabulary,
    relationship,
    span(setting, subjectFrom, subjectTo),
    setting.referents,
    setting.pronounDefault,
  );
  const question = setting.questionMark || left.wh !== undefined || left.questionLead || left.leadingAux !== undefined;
  const asked = left.wh !== undefined || right.asked || !objectRange || objectRange[0] >= objectRange[1];
  if (question) {
    // "How many *minutes* do Ayo's lessons last?" asks no count of lessons ("number of lessons").
    if (left.wh === 'how' && left.whNoun[0] === 'many' && left.whNoun.length === 2 && countsOther(relationship, left.whNoun[1]))
      return failed('query', relationship, {
        kind: 'phrasing',
        message: `'how many ${left.whNoun[1]}' is no count of '${relationship.name}'`,
      });
    const notWhen = whenMismatch(setting, relationship, left);
    if (notWhen) return failed('query', relationship, { kind: 'phrasing', message: notWhen });
    const objects = asked || !objectRange ? [] : resolveObjects(setting, relationship, objectRange[0], objectRange[1], false);
    // "How long are Ayo's lessons?", "When is Order 41's delivery?": the question word picks between
    // nouns shared by several relationships.
    const fit = left.wh === 'how' || left.wh === 'when' ? whFit(setting, relationship, left) : 0;
    return finish('query', relationship, occurrence.weight, subject, objects, false, 2 + fit);
  }
  if (!objectRange || objectRange[0] >= objectRange[1]) return undefined;
  const objects = resolveObjects(setting, relationship, objectRange[0], objectRange[1], relationship.canAdd.object);
  return finish('statement', relationship, occurrence.weight, subject, objects, left.negated, 2);
}

/**
 * "Grace has a *VIP* ticket" for "has ticket": the value of a "have" name, said just before its noun,
 * with "have" before it. Undefined when the words are not so.
 */
function valueBeforeHaveNoun(setting: ClauseSetting, occurrence: Occurrence, from: number, to: number): Reading | undefined {
  const { tokens, vocabulary } = setting;
  let end = to;
  while (end > occurrence.to && tokens[end - 1].punctuation) end--;
  if (occurrence.form.requiresAux !== 'have' || occurrence.to !== end) return undefined;
  const relationship = occurrence.entry.relationship;
  const mention = vocabulary.instances
    .spot(tokens, from, occurrence.from, new Set([relationship.object]))
    .find((found) => found.to === occurrence.from && found.distance === 0);
  if (!mention) return undefined;
  let have = mention.from - 1;
  while (have > from && ARTICLES.has(tokens[have].text)) have--;
  if (have <= from || !HAVE_WORDS.has(tokens[have].text)) return undefined;
  const left = leftContext(tokens, from, have, isNameOf(setting));
  if (left.wh !== undefined || left.leadingAux !== undefined || setting.questionMark) return undefined;
  const [subjectFrom, subjectTo] = left.subject;
  if (subjectFrom >= subjectTo) return undefined;
  const subject = resolveSubject(
    vocabulary,
    relationship,
    span(setting, subjectFrom, subjectTo),
    setting.referents,
    setting.pronounDefault,
  );
  const object: Resolution = { ok: true, value: mention.entry.name, how: 'instance', text: mention.entry.name };
  return finish('statement', relationship, occurrence.weight, subject, [object], left.negated, 2);
}

/** All readings of the clause `[from, to)` for one occurrence. */
/**
 * "Who is Kirsty's *coach*?": a verb said after a possessive as one word that is also a person
 * (WordNet: "coach", "guide", "host") names who does the verb, so the possessor is the one it is
 * done to: read the other way round from the form.
 */
function namesDoerAfterPossessive(setting: ClauseSetting, occurrence: Occurrence): boolean {
  if (occurrence.form.kind !== 'full' || occurrence.to - occurrence.from !== 1) return false;
  const before = setting.tokens[occurrence.from - 1]?.text;
  return (before === "'s" || before === "'") && isPersonNoun(setting.tokens[occurrence.from].text.toLowerCase());
}

export function readingsOf(setting: ClauseSetting, occurrence: Occurrence, from: number, to: number): Reading[] {
  if (namesDoerAfterPossessive(setting, occurrence)) {
    if (!occurrence.form.reversed) return reversedReading(setting, occurrence, from, to);
    const reading = verbReading(setting, occurrence, from, to);
    return reading ? [reading] : [];
  }
  if (occurrence.form.reversed) {
    // "Job 7 is booked in…": an active verb's past after "be" is the passive, never the other direction.
    const before = setting.tokens[occurrence.from - 1]?.text ?? '';
    if (occurrence.form.kind === 'full' && BE_FORMS.has(before) && looksLikeParticiple(setting.tokens[occurrence.from].text)) return [];
    return reversedReading(setting, occurrence, from, to);
  }
  const before = valueBeforeHaveNoun(setting, occurrence, from, to);
  if (before) return [before];
  const reading = occurrence.form.kind === 'noun' ? nounReading(setting, occurrence, from, to) : verbReading(setting, occurrence, from, to);
  // "Marsh Radio's deposit is £200" may be the deposit asked for, not the one paid: such forms only ask.
  if (reading?.kind === 'statement' && occurrence.form.askOnly) return [];
  return reading ? [reading] : [];
}

/**
 * The other direction of a verb ("Does Rita coach Kai?" for "Kai is coached by Rita"): read with
 * the relationship's ends swapped, then the subject and the object swapped back.
 */
function reversedReading(setting: ClauseSetting, occurrence: Occurrence, from: number, to: number): Reading[] {
  const real = occurrence.entry.relationship;
  const mirrored: Relationship = {
    ...real,
    subject: real.object,
    object: real.subject,
    canAdd: { subject: real.canAdd.object, object: real.canAdd.subject },
  };
  const reading = verbReading(setting, { ...occurrence, entry: { ...occurrence.entry, relationship: mirrored } }, from, to);
  if (!reading) return [];
  const [said, ...rest] = reading.objects;
  // "Who drives *it*?": the prompt's object is the relationship's subject, so a pronoun there stands for a subject.
  const subject =
    said && !said.ok && THIRD_PERSON.has(said.text.toLowerCase())
      ? resolveSubject(
          setting.vocabulary,
          real,
          { tokens: tokenize(said.text), text: said.text },
          setting.referents,
          setting.pronounDefault,
        )
      : said;
  // The prompt's subject is the relationship's object: a name it does not know is new only where answers may add one.
  const object = reading.subject;
  if (object?.ok && object.how === 'new' && !(reading.kind === 'statement' && real.canAdd.object))
    return [
      failed(reading.kind, real, {
        kind: 'map',
        message: `'${object.text}' is not ${/^[aeiou]/i.test(real.object) ? 'an' : 'a'} ${real.object} this map knows`,
      }),
    ];
  // One reading has one subject: "Rita coaches Kai and Ben" keeps the rest as failures of its own.
  if (rest.length > 0)
    return [failed(reading.kind, real, { kind: 'phrasing', message: `I can read '${real.name}' for one ${real.subject} at a time` })];
  // The mirrored reading's subject is the real object: drop it, then take the real subject if there is one.
  const { subject: _mirroredSubject, failure, ...others } = reading;
  // The pronoun's failure is gone once it is read as a subject; any other failure stays.
  const healed = subject !== said && subject?.ok && (!reading.subject || reading.subject.ok);
  return [
    {
      ...others,
      ...(failure && !healed ? { failure } : {}),
      ...(healed ? { score: reading.score + resolutionScore(subject) - resolutionScore(said) } : {}),
      relationship: real,
      ...(subject ? { subject } : {}),
      objects: reading.subject ? [reading.subject] : [],
    },
  ];
}
