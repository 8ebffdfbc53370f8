/**
 * Date builtins. Dates are epoch-ms numbers in UTC; arguments may also be ISO strings. A null
 * argument yields null for value functions; the before/same/after tests treat null like +infinity.
 */
import { daysInMonth, utcTime } from '../iso-date';
import type { TypedValue } from '../types';
import { NULL_VALUE, dateValue, toDate, toNumber, truthValue } from '../values';
import { fixedArity, numberOfOne, numberOfTwo } from './scalar';
import type { ScalarDefinition } from './types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** UTC midnight of the day containing `ms`. */
function startOfDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/**
 * Add whole calendar months, clamping the day to the end of the target month
 * (Jan 31 + 1 month = Feb 28/29) and keeping the time of day.
 */
function addCalendarMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return utcTime(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * Calendar months between two instants, order-independent: whole months completed plus the
 * elapsed fraction of the next one, so floor(monthsBetween) counts completed months.
 */
function calendarMonthsBetween(a: number, b: number): number {
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  const f = new Date(from);
  const t = new Date(to);
  let whole = (t.getUTCFullYear() - f.getUTCFullYear()) * 12 + (t.getUTCMonth() - f.getUTCMonth());
  // Anchor every step on `from` (not on the previous step) so month-end clamping never drifts.
  if (addCalendarMonths(from, whole) > to) whole--;
  const anchor = addCalendarMonths(from, whole);
  const next = addCalendarMonths(from, whole + 1);
  return whole + (to - anchor) / (next - anchor);
}

/** Whole calendar years completed plus the fraction of the next: floor() of it is an age. */
function calendarYearsBetween(a: number, b: number): number {
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  let whole = new Date(to).getUTCFullYear() - new Date(from).getUTCFullYear();
  if (addCalendarMonths(from, whole * 12) > to) whole--;
  const anchor = addCalendarMonths(from, whole * 12);
  const next = addCalendarMonths(from, (whole + 1) * 12);
  return whole + (to - anchor) / (next - anchor);
}

function dateArg(args: readonly TypedValue[], index: number, name: string): number | null {
  return toDate(args[index], name);
}

function zeroArgs(name: string, fn: (now: number) => number): ScalarDefinition {
  return fixedArity(name, 0, (_args, env) => dateValue(fn(env.now()), name));
}

/** A date → number component function. */
function component(name: string, fn: (d: Date, ms: number) => number): ScalarDefinition {
  return numberOfOne(name, toDate, (ms) => fn(new Date(ms), ms));
}

/** addX / subtractX: shift a date by n units; months and years are calendar steps (n truncated). */
function shift(name: string, sign: 1 | -1, step: (ms: number, n: number) => number): ScalarDefinition {
  return fixedArity(name, 2, (args) => {
    const ms = dateArg(args, 0, name);
    const n = toNumber(args[1], name);
    return ms === null || n === null ? NULL_VALUE : dateValue(step(ms, sign * n), name);
  });
}

function between(name: string, fn: (a: number, b: number) => number): ScalarDefinition {
  return numberOfTwo(name, toDate, fn);
}

/** Day-granular comparisons (UTC calendar days); null sorts last, as in `<`/`>`. */
function dayTest(name: string, test: (order: number) => boolean): ScalarDefinition {
  return fixedArity(name, 2, (args) => {
    const a = dateArg(args, 0, name);
    const b = dateArg(args, 1, name);
    let order: number;
    if (a === null || b === null) order = a === b ? 0 : a === null ? 1 : -1;
    else order = startOfDay(a) - startOfDay(b);
    return truthValue(test(order));
  });
}

const isWithinRange = fixedArity('isWithinRange', 3, (args) => {
  const value = dateArg(args, 0, 'isWithinRange');
  const a = dateArg(args, 1, 'isWithinRange');
  const b = dateArg(args, 2, 'isWithinRange');
  if (value === null || a === null || b === null) return truthValue(false);
  return truthValue(value >= Math.min(a, b) && value <= Math.max(a, b));
});

const days = (ms: number, n: number) => ms + n * DAY;
const weeks = (ms: number, n: number) => ms + n * WEEK;
const months = (ms: number, n: number) => addCalendarMonths(ms, Math.trunc(n));
const years = (ms: number, n: number) => addCalendarMonths(ms, Math.trunc(n) * 12);
const span = (unit: number) => (a: number, b: number) => Math.abs(b - a) / unit;

export const DATE_FUNCTIONS: readonly ScalarDefinition[] = [
  zeroArgs('today', startOfDay),
  zeroArgs('now', (now) => now),
  component('dayOfWeek', (d) => d.getUTCDay() || 7),
  component('dayOfMonth', (d) => d.getUTCDate()),
  component('dayOfYear', (d, ms) => (startOfDay(ms) - utcTime(d.getUTCFullYear(), 1, 1)) / DAY + 1),
  component('monthOfYear', (d) => d.getUTCMonth() + 1),
  component('year', (d) => d.getUTCFullYear()),
  shift('addDays', 1, days),
  shift('addWeeks', 1, weeks),
  shift('addMonths', 1, months),
  shift('addYears', 1, years),
  shift('subtractDays', -1, days),
  shift('subtractWeeks', -1, weeks),
  shift('subtractMonths', -1, months),
  shift('subtractYears', -1, years),
  between('secondsBetween', span(SECOND)),
  between('minutesBetween', span(MINUTE)),
  between('hoursBetween', span(HOUR)),
  between('daysBetween', span(DAY)),
  between('weeksBetween', span(WEEK)),
  between('monthsBetween', calendarMonthsBetween),
  between('yearsBetween', calendarYearsBetween),
  dayTest('isBeforeDate', (order) => order < 0),
  dayTest('isSameDate', (order) => order === 0),
  dayTest('isAfterDate', (order) => order > 0),
  isWithinRange,
];
