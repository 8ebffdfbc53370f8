/**
 * Numbers in prompts: digits ("34", "1,250.50", "£300", "-2") and simple English number words
 * ("thirty-four", "a hundred and five"), with an optional approximation word before and a unit after
 * ("about 34 years old").
 */
import type { Token } from './tokens';
import { PER_WORDS, PERIODS } from './synonyms';

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** Words that may precede a number without changing it. */
const APPROXIMATE = new Set([
  'about',
  'around',
  'approximately',
  'roughly',
  'exactly',
  'nearly',
  'almost',
  'over',
  'under',
  'some',
  'circa',
  'approx',
]);

/** Unit words that may follow a number and are dropped (the map's concept says what it measures). */
const UNIT_WORDS = new Set([
  'year',
  'years',
  'yr',
  'yrs',
  'old',
  'month',
  'months',
  'week',
  'weeks',
  'day',
  'days',
  'hour',
  'hours',
  'euro',
  'euros',
  'pound',
  'pounds',
  'dollar',
  'dollars',
  'gbp',
  'usd',
  'eur',
  'pence',
  'cents',
  'kg',
  'kilos',
  'km',
  'miles',
  'metres',
  'meters',
  'cm',
  'percent',
  'people',
  'times',
  'items',
  'of',
  'age',
  'users',
  'user',
  'customers',
  'persons',
  'accounts',
  'annually',
  'monthly',
  'weekly',
  'yearly',
  'gross',
  'net',
]);

/** Rates after a number that are dropped the same way: "£18,500 a year". */
const RATE_PHRASES: readonly (readonly string[])[] = [
  // "a year", "per month", "an hour", "each week": every period said after the value.
  ...PERIODS.flatMap((period) => PER_WORDS.map((per) => [per, period.noun])),
  ['per', 'annum'],
  ['in', 'total'],
  ['or', 'so'],
];

/** A digit string as a number ("1,250.50" → 1250.5, "£300" → 300, "20%" → 20). */
export function digitsValue(text: string): number | undefined {
  const cleaned = text.replace(/^(-?)[£$€]/, '$1').replace(/%$/, '');
  if (!/^-?\d+(?:[.,]\d+)*$/.test(cleaned)) return undefined;
  // Commas group thousands ("1,250"); a single dot is the decimal point.
  const plain = cleaned.replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^-?\d+(?:\.\d+)?$/.test(plain)) return undefined;
  const value = Number(plain);
  return Number.isFinite(value) ? value : undefined;
}

function wordsValue(words: readonly string[]): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const raw of words) {
    for (const word of raw.split('-')) {
      if (word === 'and' && seen) continue;
      if ((word === 'a' || word === 'an') && !seen) {
        current = 1;
        continue;
      }
      if (word in UNITS) current += UNITS[word];
      else if (word in TENS) current += TENS[word];
      else if (word === 'hundred') current = (current || 1) * 100;
      else if (word === 'thousand') {
        total += (current || 1) * 1000;
        current = 0;
      } else return undefined;
      seen = true;
    }
  }
  return seen ? total + current : undefined;
}

/**
 * Reads the whole of `tokens` as one number, or undefined. "34", "about 34 years old",
 * "thirty-four", "minus 3".
 */
export function parseNumber(tokens: readonly Token[]): number | undefined {
  let list = tokens.filter((token) => !token.punctuation || token.text === '.').map((token) => token.text);
  while (list.length > 0 && list[list.length - 1] === '.') list = list.slice(0, -1);
  let negative = false;
  while (list.length > 0 && (APPROXIMATE.has(list[0]) || list[0] === 'minus' || list[0] === 'negative')) {
    if (list[0] === 'minus' || list[0] === 'negative') negative = true;
    list = list.slice(1);
  }
  for (let trimmed = true; trimmed && list.length > 1;) {
    trimmed = false;
    const rate = RATE_PHRASES.find(
      (phrase) => list.length > phrase.length && phrase.every((word, index) => list[list.length - phrase.length + index] === word),
    );
    if (rate) {
      list = list.slice(0, -rate.length);
      trimmed = true;
    } else if (list.length > 2 && list[list.length - 2] === 'per') {
      // "£240 per term", "£3 per person": the value is the number, whatever it is counted per.
      list = list.slice(0, -2);
      trimmed = true;
    } else if (UNIT_WORDS.has(list[list.length - 1])) {
      list = list.slice(0, -1);
      trimmed = true;
    }
  }
  if (list.length === 0) return undefined;
  let value: number | undefined;
  if (list.length === 1) value = digitsValue(list[0]);
  if (value === undefined) value = wordsValue(list);
  if (value === undefined) return undefined;
  return negative ? -value : value;
}

/** Units of measure said after a number that the context-free list above leaves out. */
const MEASURE_UNITS = new Set([
  'g',
  'gram',
  'grams',
  'kilo',
  'kilogram',
  'kilograms',
  'kgs',
  'tonne',
  'tonnes',
  'ton',
  'tons',
  'lb',
  'lbs',
  'oz',
  'ounces',
  'litre',
  'litres',
  'liter',
  'liters',
  'ml',
  'l',
  'm',
  'mm',
  'metre',
  'meter',
  'mile',
  'kilometre',
  'kilometres',
  'inch',
  'inches',
  'foot',
  'feet',
  'ft',
  'hr',
  'hrs',
  'min',
  'mins',
  'minute',
  'minutes',
  'second',
  'seconds',
  'secs',
  'night',
  'nights',
  'person',
  'pound',
  'quid',
  'bucks',
]);

/** Words that frame an amount without changing it: "£700 *this year*", "2.5 hours *of* labour", "£90 *in total*". */
const MEASURE_FRAMES = new Set([
  'this',
  'that',
  'last',
  'per',
  'a',
  'an',
  'each',
  'every',
  'of',
  'in',
  'the',
  'for',
  'so',
  'far',
  'total',
  'all',
  // "8.5 kg a week *now*": when the amount holds, not how much.
  'now',
  'currently',
]);
const PERIOD_NOUNS = new Set(PERIODS.flatMap((period) => [period.noun, `${period.noun}s`]));

/**
 * Reads an amount said with its unit and the words that frame it: a number first, then only units,
 * periods, framing words and words of `context` (the relationship's and its object concept's names,
 * so "3 *parcels*" for "number of parcels" and "2.5 hours of *labour*" for "labour time"). "Ann spent
 * £700 this year", "order 43 weighs 2 kg". Words outside those sets make it no amount, so a number
 * inside a name or a sentence is never taken.
 */
export function parseMeasure(tokens: readonly Token[], context: ReadonlySet<string>): number | undefined {
  const whole = parseNumber(tokens);
  if (whole !== undefined) return whole;
  const framing = (text: string): boolean =>
    UNIT_WORDS.has(text) ||
    MEASURE_UNITS.has(text) ||
    MEASURE_FRAMES.has(text) ||
    PERIOD_NOUNS.has(text) ||
    context.has(text) ||
    context.has(text.replace(/s$/, '')) ||
    context.has(`${text}s`);
  for (let end = tokens.length - 1; end > 0; end--) {
    const rest = tokens.slice(end).filter((token) => !token.punctuation || token.text !== '.');
    if (!rest.every((token) => !token.punctuation && framing(token.text))) return undefined;
    const value = parseNumber(tokens.slice(0, end));
    if (value !== undefined) return value;
  }
  return undefined;
}
