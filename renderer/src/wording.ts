/** Words that depend on a count: "1 fact", "2 facts". */

/** `count` and the noun, singular for exactly one ("1 fact", "0 facts", "3 rules"); irregular plurals are given. */
export function plural(count: number, singular: string, pluralForm: string = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
