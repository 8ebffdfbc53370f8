/**
 * Lengths of time said in another unit than the one a value is kept in: "about 3 weeks" for a number
 * of days is 21. Only units with a fixed ratio convert (seconds to fortnights; months and years);
 * a month is never turned into days.
 */
const IN_SECONDS: Readonly<Record<string, number>> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  night: 86_400,
  week: 604_800,
  fortnight: 1_209_600,
};
const IN_MONTHS: Readonly<Record<string, number>> = { month: 1, year: 12 };

/** The unit of time a word names ("weeks" → week), or undefined. */
function timeUnitOf(word: string): string | undefined {
  const singular = word.toLowerCase().replace(/s$/, '');
  return singular in IN_SECONDS || singular in IN_MONTHS ? singular : undefined;
}

/** The first unit of time among some words (a concept's or a question's), or undefined. */
export function timeUnitIn(words: readonly string[]): string | undefined {
  for (const word of words) {
    const unit = timeUnitOf(word);
    if (unit !== undefined) return unit;
  }
  return undefined;
}

/** `value` said in `said` units, in `wanted` units; undefined when the two do not convert exactly. */
export function convertDuration(value: number, said: string, wanted: string): number | undefined {
  if (said === wanted) return value;
  for (const table of [IN_SECONDS, IN_MONTHS]) {
    const from = table[said];
    const to = table[wanted];
    if (from !== undefined && to !== undefined) return Math.round(((value * from) / to) * 1000) / 1000;
  }
  return undefined;
}
