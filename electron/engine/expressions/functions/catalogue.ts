/**
 * The function catalogue: the 51 functions Rainbird Studio lists, plus the `atan` alias.
 * Names resolve by exact canonical spelling first, then case-insensitively.
 */
import { DATE_FUNCTIONS } from './dates';
import { LIST_FUNCTIONS } from './lists';
import { MATH_FUNCTIONS } from './math';
import { REGEX_FUNCTIONS } from './regex';
import { STRING_FUNCTIONS } from './strings';
import type { FunctionDefinition } from './types';

const ALL: readonly FunctionDefinition[] = [
  ...LIST_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...REGEX_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...DATE_FUNCTIONS,
];

const byName = new Map(ALL.map((d) => [d.name, d]));
const byLowerName = new Map(ALL.map((d) => [d.name.toLowerCase(), d]));

/** Names of all catalogue functions (+ accepted aliases such as atan). */
export const FUNCTION_NAMES: readonly string[] = Object.freeze(ALL.map((d) => d.name));

/** The definition for `name` (exact spelling first, then case-insensitive), or undefined. */
export function lookupFunction(name: string): FunctionDefinition | undefined {
  return byName.get(name) ?? byLowerName.get(name.toLowerCase());
}

/** "1 argument", "2 to 3 arguments", "at least 1 argument" — for arity messages. */
export function describeArity(definition: FunctionDefinition): string {
  const { minArgs: min, maxArgs: max } = definition;
  const noun = (n: number) => (n === 1 ? 'argument' : 'arguments');
  if (max === Infinity) return `at least ${min} ${noun(min)}`;
  if (min === max) return `${min} ${noun(min)}`;
  return `${min} to ${max} ${noun(max)}`;
}
