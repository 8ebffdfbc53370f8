/**
 * Name helpers: "did you mean" suggestions and the character rules for declared names.
 */

/** Edit distance between two strings (insert, delete, substitute), giving up above `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, current[j]);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate closest to `name` when it is plausibly a typo of it: a case-only difference, or an
 * edit distance of at most 2 (1 for short names). Used only when reporting, so linear cost is fine.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const limit = name.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase(), limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** ` (did you mean 'X'?)` or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const guess = suggest(name, candidates);
  return guess === undefined ? '' : ` (did you mean '${guess}'?)`;
}

/** Characters the platform's documentation forbids in concept, relationship and instance names. */
export const FORBIDDEN_NAME_CHARACTERS = /["'\\<>]/;

/** Characters an instance name should not contain. */
export const FORBIDDEN_INSTANCE_CHARACTERS = /["<>]/;

/** Longest name the platform accepts. */
export const MAX_NAME_LENGTH = 2000;
