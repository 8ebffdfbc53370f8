/**
 * Yes and no, as people type them: "yes", "yep", "that's right", "no", "nope", "not really",
 * "true", "false". A certainty word may qualify either ("probably not" is a no at 75).
 */
import type { Token } from './tokens';

const YES = [
  'yes',
  'yeah',
  'yep',
  'yup',
  'y',
  'aye',
  'true',
  'correct',
  'right',
  'affirmative',
  'indeed',
  'sure',
  'ok',
  'okay',
  'of course',
  'that is right',
  'that is correct',
  'it is',
  'i do',
  'she does',
  'he does',
  'they do',
  'it does',
  'yes please',
];
const NO = [
  'no',
  'nope',
  'nah',
  'n',
  'false',
  'incorrect',
  'wrong',
  'negative',
  'never',
  'not really',
  'not at all',
  'of course not',
  'it is not',
  'i do not',
  'she does not',
  'he does not',
  'they do not',
  'it does not',
  'no way',
  'not',
];

function phrases(list: readonly string[]): string[][] {
  return list.map((phrase) => phrase.split(' ')).sort((a, b) => b.length - a.length);
}
const YES_PHRASES = phrases(YES);
const NO_PHRASES = phrases(NO);

function startsWith(words: readonly string[], phrase: readonly string[]): boolean {
  return phrase.every((word, index) => words[index] === word);
}

/**
 * Reads the start of `tokens` as yes or no. Returns the answer and how many tokens it used, or
 * undefined. A negation later on ("yes, not really") does not flip the first word.
 */
export function readYesNo(tokens: readonly Token[]): { value: boolean; used: number } | undefined {
  const words = tokens.filter((token) => !token.punctuation).map((token) => token.text);
  for (const phrase of NO_PHRASES) if (startsWith(words, phrase)) return { value: false, used: phrase.length };
  for (const phrase of YES_PHRASES) if (startsWith(words, phrase)) return { value: true, used: phrase.length };
  return undefined;
}

/** A truth value typed as a value: true/false/yes/no. */
export function parseTruth(tokens: readonly Token[]): boolean | undefined {
  const words = tokens.filter((token) => !token.punctuation).map((token) => token.text);
  if (words.length !== 1) return undefined;
  if (['true', 'yes', 'y'].includes(words[0])) return true;
  if (['false', 'no', 'n'].includes(words[0])) return false;
  return undefined;
}
