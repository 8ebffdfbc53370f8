/**
 * Dates in prompts, as `YYYY-MM-DD` (the form the engine reads for date concepts).
 *
 * Absolute: "1950-03-01", "1 March 1950", "1st of March, 1950", "March 1, 1950", "01/03/1950"
 * (day first, as in the UK; "03/25/1950" is read month first because 25 cannot be a month).
 * Relative to the injected clock (UTC): "today", "yesterday", "tomorrow", "last Tuesday" (the most
 * recent Tuesday before today), "next Friday" (the first Friday after today), "3 days ago",
 * "in 2 weeks".
 */
import { parseNumber } from './numbers';
import type { Token } from './tokens';

const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const WEEKDAYS: Readonly<Record<string, number>> = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 };
const DAY_MS = 86_400_000;
const FILLER = new Set(['on', 'the', 'of', ',', 'in', 'at', 'date']);

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Formats a UTC date as `YYYY-MM-DD`, or undefined when the parts are not a real date. */
function isoDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  if (month < 1 || month > 12 || day < 1) return undefined;
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function fromEpoch(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function dayNumber(text: string): number | undefined {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

function yearNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{4}$/.test(text) ? Number(text) : undefined;
}

function slashDate(text: string, now: number): string | undefined {
  const match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/.exec(text);
  if (!match) return undefined;
  let [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (match[3].length === 2) {
    // Two-digit years up to this year's are this century, later ones the last.
    const century = Math.floor(new Date(now).getUTCFullYear() / 100) * 100;
    year = century + year > new Date(now).getUTCFullYear() ? century - 100 + year : century + year;
  }
  if (second > 12 && first <= 12) [first, second] = [second, first];
  return isoDate(year, second, first);
}

function relative(words: readonly string[], now: number): string | undefined {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const joined = words.join(' ');
  if (joined === 'today' || joined === 'now') return fromEpoch(today);
  if (joined === 'yesterday') return fromEpoch(today - DAY_MS);
  if (joined === 'tomorrow') return fromEpoch(today + DAY_MS);
  if (joined === 'day before yesterday') return fromEpoch(today - 2 * DAY_MS);
  if (joined === 'day after tomorrow') return fromEpoch(today + 2 * DAY_MS);
  if (words.length === 2 && words[1] in WEEKDAYS && (words[0] === 'last' || words[0] === 'next' || words[0] === 'this')) {
    const weekday = WEEKDAYS[words[1]];
    const current = new Date(today).getUTCDay();
    if (words[0] === 'last') return fromEpoch(today - ((current - weekday + 7) % 7 || 7) * DAY_MS);
    if (words[0] === 'next') return fromEpoch(today + ((weekday - current + 7) % 7 || 7) * DAY_MS);
    return fromEpoch(today + ((weekday - current + 7) % 7) * DAY_MS);
  }
  const ago = words.length >= 3 && words[words.length - 1] === 'ago';
  const ahead = words.length >= 3 && words[0] === 'in';
  if (ago || ahead) {
    const unit = ago ? words[words.length - 2] : words[words.length - 1];
    const amountWords = ago ? words.slice(0, -2) : words.slice(1, -1);
    const amount = parseNumber(amountWords.map((text) => ({ text, start: 0, end: 0, punctuation: false })));
    if (amount === undefined || !Number.isInteger(amount)) return undefined;
    const sign = ago ? -1 : 1;
    const date = new Date(today);
    if (/^days?$/.test(unit)) return fromEpoch(today + sign * amount * DAY_MS);
    if (/^weeks?$/.test(unit)) return fromEpoch(today + sign * amount * 7 * DAY_MS);
    if (/^months?$/.test(unit)) return fromEpoch(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + sign * amount, date.getUTCDate()));
    if (/^years?$/.test(unit)) return fromEpoch(Date.UTC(date.getUTCFullYear() + sign * amount, date.getUTCMonth(), date.getUTCDate()));
  }
  return undefined;
}

/**
 * The two dates a slashed date with day and month both 12 or less can mean ("3/4/2025": 3 April or
 * 4 March), day first; undefined when it means one date or is no slashed date. Statements ask which
 * rather than guess; an answer to a pending date question still reads it day first.
 */
export function ambiguousSlashDate(tokens: readonly Token[], now: number): readonly [string, string] | undefined {
  const words = tokens.map((token) => token.text).filter((text) => !FILLER.has(text) && text !== '.');
  if (words.length !== 1) return undefined;
  const match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/.exec(words[0]);
  if (!match || match[1] === match[2] || Number(match[1]) > 12 || Number(match[2]) > 12) return undefined;
  const dayFirst = slashDate(words[0], now);
  const swapped = slashDate(`${match[2]}/${match[1]}/${match[3]}`, now);
  return dayFirst && swapped && dayFirst !== swapped ? [dayFirst, swapped] : undefined;
}

/** Reads the whole of `tokens` as one date (`YYYY-MM-DD`), or undefined. `now` is epoch ms. */
export function parseDate(tokens: readonly Token[], now: number): string | undefined {
  const words = tokens.map((token) => token.text).filter((text) => !FILLER.has(text) && text !== '.');
  if (words.length === 0) return undefined;
  if (words.length === 1) {
    const iso = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+Z?)?$/.exec(words[0]);
    if (iso) {
      const day = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
      return day && iso[4] ? words[0].toUpperCase() : day;
    }
    const slash = slashDate(words[0], now);
    if (slash) return slash;
  }
  // "1 March 1950", "1st March 1950"
  if (words.length === 3 && dayNumber(words[0]) !== undefined && words[1] in MONTHS) {
    const year = yearNumber(words[2]);
    if (year !== undefined) return isoDate(year, MONTHS[words[1]], dayNumber(words[0]) as number);
  }
  // "March 1 1950", "March 1st, 1950"
  if (words.length === 3 && words[0] in MONTHS && dayNumber(words[1]) !== undefined) {
    const year = yearNumber(words[2]);
    if (year !== undefined) return isoDate(year, MONTHS[words[0]], dayNumber(words[1]) as number);
  }
  // "14th March", "March 14": a day and a month without a year are in the clock's year.
  if (words.length === 2) {
    const [day, month] = dayNumber(words[0]) !== undefined ? [words[0], words[1]] : [words[1], words[0]];
    if (dayNumber(day) !== undefined && month in MONTHS)
      return isoDate(new Date(now).getUTCFullYear(), MONTHS[month], dayNumber(day) as number);
  }
  // Relative dates keep "in" ("in 2 weeks") and drop only "on"/"the".
  const relativeWords = tokens.map((token) => token.text).filter((text) => text !== 'on' && text !== 'the' && text !== '.' && text !== ',');
  return relative(relativeWords, now);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `YYYY-MM-DD` as people write it, with the month in words: "3 April 2025" (never ambiguous). */
export function humanDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** Words that only say when, never what: "last week", "this morning", "now", "on Monday". */
const WHEN_WORDS = new Set([
  'now',
  'today',
  'tonight',
  'yesterday',
  'recently',
  'lately',
  'earlier',
  'already',
  'just',
  'week',
  'weekend',
  'fortnight',
  'month',
  'year',
  'morning',
  'afternoon',
  'evening',
  'ago',
  ...Object.keys(WEEKDAYS),
  ...Object.keys(MONTHS),
]);
const WHEN_FRAMES = new Set([
  'on',
  'in',
  'at',
  'the',
  'this',
  'last',
  'a',
  'few',
  'couple',
  'of',
  'days',
  'weeks',
  'months',
  'years',
  'since',
  'back',
]);

/** Phrases of the present that only say when ("Sable flies at 1650g *these days*"). */
const TIME_PHRASES = new Set(['these days', 'nowadays', 'at the moment', 'at present', 'right now', 'currently', 'presently']);

/**
 * True when the whole of `tokens` only says when something happened ("last week", "yesterday",
 * "on Monday", "now", "3 days ago", "1 May 2026"): such words closing a yes/no statement are no
 * value of it.
 */
export function isTimeAdverbial(tokens: readonly Token[], now: number): boolean {
  const words = tokens.filter((token) => !token.punctuation).map((token) => token.text);
  if (words.length === 0) return false;
  if (parseDate(tokens, now) !== undefined) return true;
  if (TIME_PHRASES.has(words.join(' '))) return true;
  return words.some((word) => WHEN_WORDS.has(word)) && words.every((word) => WHEN_WORDS.has(word) || WHEN_FRAMES.has(word));
}
