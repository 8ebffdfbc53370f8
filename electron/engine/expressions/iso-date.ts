/**
 * ISO date text ↔ epoch milliseconds (UTC). Shared by the lexer (date literals), the date functions
 * (string arguments) and, through the public index, by the solver and fact injection.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?Z?)?$/;

/** Days in `month` (1-12) of `year`, proleptic Gregorian. */
export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; setUTCFullYear avoids Date.UTC's 1900 offset for years < 100.
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

/** Epoch ms of a UTC calendar date and time; handles years 0-99 correctly (unlike Date.UTC). */
export function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/**
 * Parse an ISO date ('YYYY-MM-DD' optionally with 'THH:MM[:SS[.sss]]Z?') to epoch ms UTC, or undefined
 * when the text is not such a date or names an impossible one (2023-02-29, 24:00). A time without `Z`
 * is still read as UTC: the engine has no notion of a local zone.
 */
export function parseIsoDate(text: string): number | undefined {
  const m = ISO_DATE.exec(text);
  if (m === null) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  // Fractions beyond milliseconds are truncated: epoch ms cannot hold them.
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return utcTime(year, month, day, hour, minute, second, ms);
}
