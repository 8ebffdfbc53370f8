/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions, substitutions and
 * swaps of neighbouring letters), used to forgive small typos in instance names.
 */

/** The distance between `a` and `b`, or `max + 1` as soon as it is known to exceed `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  // Three rolling rows are enough for the swap rule, which looks two rows back.
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[cols - 1];
}

/**
 * How many typos a name of this length may carry and still match: none below 5 letters (too many
 * short words are one letter apart), 1 from 5 letters, 2 from 10.
 */
export function typoAllowance(length: number): number {
  if (length >= 10) return 2;
  if (length >= 5) return 1;
  return 0;
}
