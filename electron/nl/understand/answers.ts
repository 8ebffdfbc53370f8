/**
 * Reading a prompt as the answer to the pending question(s): yes/no for first-form questions, one
 * value or several (plural) for second-form ones, "I don't know" as a skip where skipping is
 * allowed, and the certainty said with it when the question takes one.
 */
import type { AnswerInput, InputValue, Question } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import { COMMON_WORDS } from '../text/common-words';
import { findCertainties } from '../text/certainty';
import { parseDate } from '../text/dates';
import { convertDuration, timeUnitIn } from '../text/durations';
import { digitsValue, parseNumber } from '../text/numbers';
import { readYesNo } from '../text/truth';
import { spanText, words as words_, type Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import { NL_ERROR_CODES, type UnderstandingError } from './errors';
import { LIST_SEPARATORS, NONE_PHRASES, SKIP_PHRASES } from './lexicon';
import { findOccurrences } from './occurrences';
import type { PromptReading } from './sentences';
import { answerChoices } from './suggestions';

type AnswerReading =
  | { readonly kind: 'answers'; readonly answers: AnswerInput[] }
  | { readonly kind: 'error'; readonly error: UnderstandingError }
  | { readonly kind: 'none' };

const HESITATIONS = new Set(['um', 'er', 'erm', 'uh', 'hmm', 'well', 'oh', 'so', 'ah', 'actually', 'honestly']);
/** Openings of a value answer that carry nothing: "it is France", "the answer is 34". */
const VALUE_OPENINGS = [
  'my answer is',
  'the answer is',
  'answer is',
  'i would say',
  'i say',
  'it is',
  'that is',
  'they are',
  'it was',
  'i am',
  'she is',
  'he is',
  'those are',
  'these are',
  'the',
  'a',
  'an',
];

function phraseWords(list: readonly string[]): string[][] {
  return list.map((phrase) => phrase.split(' ')).sort((a, b) => b.length - a.length);
}
const SKIPS = phraseWords(SKIP_PHRASES);
const NONES = phraseWords(NONE_PHRASES);
const OPENINGS = phraseWords(VALUE_OPENINGS);

function plainWords(tokens: readonly Token[]): string[] {
  return tokens.filter((token) => !token.punctuation && !HESITATIONS.has(token.text)).map((token) => token.text);
}

function isWhole(wordsOfPrompt: readonly string[], phrases: readonly string[][]): boolean {
  const joined = wordsOfPrompt.join(' ');
  return phrases.some((phrase) => phrase.join(' ') === joined);
}

function canSkip(question: Question): boolean {
  return question.allowUnknown || question.knownAnswers.length > 0;
}

function skipOf(question: Question): AnswerInput {
  return {
    relationship: question.relationship,
    ...(question.subject !== undefined ? { subject: question.subject } : {}),
    ...(question.object !== undefined && question.object !== null && question.type !== 'Second Form Object'
      ? { object: question.object }
      : {}),
    unanswered: true,
  };
}

/** A question's certainty: what was said when it takes one, otherwise 100. */
function certaintyFor(question: Question, said: number | undefined): number {
  return question.allowCF && said !== undefined ? said : 100;
}

interface Extraction {
  readonly values: InputValue[];
  readonly used: Set<number>;
}

/** Instances of a concept mentioned in the free tokens. */
function instanceValues(vocabulary: Vocabulary, tokens: readonly Token[], used: ReadonlySet<number>, concept: string): Extraction {
  const values: InputValue[] = [];
  const taken = new Set<number>();
  let start = 0;
  // Spot within runs of tokens not used by another question.
  for (let index = 0; index <= tokens.length; index++) {
    if (index === tokens.length || used.has(index)) {
      for (const mention of vocabulary.instances.spot(tokens, start, index, new Set([concept]))) {
        if (!values.includes(mention.entry.name)) values.push(mention.entry.name);
        for (let at = mention.from; at < mention.to; at++) taken.add(at);
      }
      start = index + 1;
    }
  }
  return { values, used: taken };
}

/**
 * Free-text values for a question that accepts new ones: the prompt minus openings, split into
 * items. When the prompt restates the relationship ("Zoe lives there", "she speaks Swahili"), the
 * value is what stands on the asked side of it.
 */
function freeValues(
  vocabulary: Vocabulary,
  tokens: readonly Token[],
  prompt: string,
  relationship: Relationship,
  plural: boolean,
  asksObject: boolean,
): InputValue[] {
  const said = findOccurrences(vocabulary, tokens).filter((occurrence) => occurrence.entry.relationship === relationship);
  if (said.length > 0) {
    const [from, to] = asksObject ? [said[0].to, tokens.length] : [0, said[0].from];
    const text = spanText(prompt, tokens, from, to)
      .replace(/[.!?]+$/, '')
      .trim();
    const words = text.split(/\s+/);
    if (text !== '' && words.length <= 5 && !words.every((word) => COMMON_WORDS.has(word.toLowerCase()))) return [text];
  }
  const free = tokens.map((token, index) => ({ token, index })).filter(({ token }) => !HESITATIONS.has(token.text));
  let first = 0;
  for (let moved = true; moved;) {
    moved = false;
    for (const opening of OPENINGS) {
      if (opening.every((word, offset) => free[first + offset]?.token.text === word)) {
        first += opening.length;
        moved = true;
        break;
      }
    }
  }
  // "Ada lives in Narnia": keep what follows the relationship's own words.
  const nameWords = relationship.name.toLowerCase().split(/\s+/);
  const last = nameWords[nameWords.length - 1];
  const after = free.findIndex(({ token }, position) => position >= first && token.text === last);
  if (after >= 0 && after + 1 < free.length) first = after + 1;
  const items: { from: number; to: number }[] = [];
  let from = first;
  for (let position = first; position <= free.length; position++) {
    const separator =
      position < free.length && (free[position].token.punctuation || (plural && LIST_SEPARATORS.has(free[position].token.text)));
    if (position === free.length || separator) {
      if (position > from) items.push({ from: free[from].index, to: free[position - 1].index + 1 });
      from = position + 1;
    }
  }
  const values = items
    .map((item) => spanText(prompt, tokens, item.from, item.to))
    .filter(
      (text) =>
        text.length > 0 && text.split(/\s+/).length <= 5 && !text.split(/\s+/).every((word) => COMMON_WORDS.has(word.toLowerCase())),
    );
  return plural ? values : values.slice(0, 1);
}

/**
 * "about 3 weeks" for a question kept in days: the number in the question's unit of time (the
 * value as said when the units do not convert, or no unit follows it).
 */
function inWantedUnit(extraction: Extraction, tokens: readonly Token[], wanted: string | undefined): Extraction {
  if (wanted === undefined || extraction.values.length !== 1 || typeof extraction.values[0] !== 'number') return extraction;
  const last = Math.max(...extraction.used);
  const said = timeUnitIn(tokens.slice(last, last + 2).map((token) => token.text));
  const converted = said === undefined ? undefined : convertDuration(extraction.values[0], said, wanted);
  return converted === undefined ? extraction : { ...extraction, values: [converted] };
}

function numberValues(tokens: readonly Token[], used: ReadonlySet<number>): Extraction {
  const free = tokens.filter((_, index) => !used.has(index));
  const whole = parseNumber(free);
  if (whole !== undefined) return { values: [whole], used: new Set(tokens.map((_, index) => index).filter((index) => !used.has(index))) };
  for (let index = 0; index < tokens.length; index++) {
    if (used.has(index)) continue;
    const value = digitsValue(tokens[index].text);
    if (value !== undefined && !tokens[index].text.endsWith('%')) return { values: [value], used: new Set([index]) };
  }
  // Number words inside a sentence: "she is thirty four".
  for (let from = 0; from < tokens.length; from++) {
    for (let to = Math.min(tokens.length, from + 4); to > from; to--) {
      const value = parseNumber(tokens.slice(from, to));
      if (value !== undefined && !tokens.slice(from, to).some((_, offset) => used.has(from + offset))) {
        return { values: [value], used: new Set(Array.from({ length: to - from }, (_, offset) => from + offset)) };
      }
    }
  }
  return { values: [], used: new Set() };
}

function dateValues(tokens: readonly Token[], used: ReadonlySet<number>, now: number): Extraction {
  for (let length = Math.min(6, tokens.length); length >= 1; length--) {
    for (let from = 0; from + length <= tokens.length; from++) {
      if (tokens.slice(from, from + length).some((_, offset) => used.has(from + offset))) continue;
      const value = parseDate(tokens.slice(from, from + length), now);
      if (value !== undefined) return { values: [value], used: new Set(Array.from({ length }, (_, offset) => from + offset)) };
    }
  }
  return { values: [], used: new Set() };
}

/** A yes/no answer to a first-form question, from the words or from a restated fact. */
function yesNo(
  question: Question,
  tokens: readonly Token[],
  reading: PromptReading,
  said: number | undefined,
): { yes: boolean } | undefined {
  const said2 = readYesNo(tokens.filter((token) => !HESITATIONS.has(token.text)));
  if (said2) return { yes: said2.value };
  const words = plainWords(tokens);
  if (words.length === 1 && words[0] === 'so') return { yes: true }; // "I think so"
  for (const placed of reading.statements) {
    const fact = placed.reading;
    if (fact.relationship.name !== question.relationship) continue;
    if (fact.failure && !fact.negated) continue;
    return { yes: !fact.negated };
  }
  if (words.length === 0 && said !== undefined) return { yes: true }; // "probably", "definitely"
  return undefined;
}

/** Answers to the pending questions, or a skip, or an error, or `none` when the prompt is not an answer. */
export function readAnswers(
  prompt: string,
  allTokens: readonly Token[],
  vocabulary: Vocabulary,
  pending: readonly Question[],
  reading: PromptReading,
  now: number,
): AnswerReading {
  const certainties = findCertainties(allTokens).filter((match) => !match.weak);
  const said = certainties[0]?.certainty;
  const removed = new Set<number>();
  for (const match of certainties) for (let index = match.from; index < match.to; index++) removed.add(index);
  const tokens = allTokens.filter((_, index) => !removed.has(index));
  const words = plainWords(tokens);

  const skipping = isWhole(plainWords(allTokens), SKIPS) || isWhole(words, SKIPS);
  const none = isWhole(words, NONES);
  if (skipping || (none && pending.some((question) => question.plural))) {
    const skippable = pending.filter(canSkip);
    if (skippable.length === 0) {
      const first = pending[0];
      return {
        kind: 'error',
        error: {
          code: NL_ERROR_CODES.skipNotAllowed,
          message: `'${first.relationship}' cannot be skipped: the map needs an answer`,
          suggestedChatResponse: `This one needs an answer, I'm afraid. ${first.prompt}`,
          quickReplies: answerChoices(first, tokens),
        },
      };
    }
    return { kind: 'answers', answers: skippable.map(skipOf) };
  }
  if (said !== undefined && (said < 1 || said > 100)) {
    return {
      kind: 'error',
      error: {
        code: NL_ERROR_CODES.answerNotUnderstood,
        message: `Certainty ${said} is outside 1-100`,
        suggestedChatResponse: 'Certainty goes from 1 to 100%. How sure are you?',
      },
    };
  }

  const answers: AnswerInput[] = [];
  let used = new Set<number>();
  for (const question of pending) {
    const relationship = vocabulary.map.relationships.get(question.relationship);
    if (!relationship) continue;
    const certainty = certaintyFor(question, said);
    if (question.type === 'First Form') {
      const reply = yesNo(question, tokens, reading, said);
      if (reply)
        answers.push({
          subject: question.subject ?? '',
          relationship: question.relationship,
          object: question.object ?? '',
          answer: reply.yes ? 'yes' : 'no',
          certainty,
        });
      continue;
    }
    const asksObject = question.type === 'Second Form Object';
    // A restated fact ("Ada lives in France") answers with its own values.
    const restated = reading.statements
      .map((placed) => placed.reading)
      .filter((fact) => fact.relationship.name === question.relationship && !fact.failure)
      .flatMap((fact) =>
        asksObject
          ? fact.objects.filter((object) => object.ok).map((object) => (object.ok ? object.value : ''))
          : fact.subject?.ok
            ? [fact.subject.value]
            : [],
      );
    let values: InputValue[] = restated;
    if (values.length === 0) {
      const concept = asksObject ? relationship.object : relationship.subject;
      const type = vocabulary.map.concepts.get(concept)?.type ?? 'string';
      let extraction: Extraction;
      if (type === 'number') {
        const unit = timeUnitIn([...words_(concept), ...words_(relationship.name), ...words_(question.prompt)]);
        extraction = inWantedUnit(numberValues(tokens, used), tokens, unit);
      } else if (type === 'date') extraction = dateValues(tokens, used, now);
      else if (type === 'truth') {
        const reply = readYesNo(tokens);
        extraction = { values: reply ? [reply.value] : [], used: new Set() };
      } else {
        extraction = instanceValues(vocabulary, tokens, used, concept);
        if (extraction.values.length === 0 && question.canAdd && pending.length === 1) {
          extraction = { values: freeValues(vocabulary, tokens, prompt, relationship, question.plural, asksObject), used: new Set() };
        }
      }
      values = extraction.values;
      used = new Set([...used, ...extraction.used]);
    }
    if (!question.plural) values = values.slice(0, 1);
    for (const value of values) {
      answers.push(
        asksObject
          ? { subject: question.subject ?? '', relationship: question.relationship, object: value, certainty }
          : { subject: String(value), relationship: question.relationship, object: question.object ?? '', certainty },
      );
    }
  }
  return answers.length > 0 ? { kind: 'answers', answers } : { kind: 'none' };
}
