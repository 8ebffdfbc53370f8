/**
 * The expression functions as the editor presents them: the engine's catalogue (names, arity, which
 * arguments are relationship names) with parameter names, return types and one line of help taken
 * from the RBLang reference (spec 3.4). The catalogue stays the source of truth for what exists;
 * a test checks every catalogue function has a signature here with the same arity.
 */
import { FUNCTION_NAMES, lookupFunction } from '../../../../electron/engine';

interface FunctionSignature {
  readonly name: string;
  readonly parameters: readonly string[];
  /** Whether the last parameter may repeat (`min(a, b, …)`). */
  readonly variadic?: boolean;
  readonly returns: string;
  readonly help: string;
}

type Entry = readonly [parameters: string, returns: string, help: string];

const PATTERN = 'subject, relationship, object';
const BETWEEN: Entry = ['a, b', 'number', 'Non-negative difference between two dates, whichever comes first.'];
const SHIFT = (unit: string, direction: string): Entry => ['date, n', 'date', `The date n ${unit} ${direction}.`];
const COMPONENT = (what: string): Entry => ['date', 'number', what];
const UNARY = (what: string): Entry => ['x', 'number', what];

const TABLE: Readonly<Record<string, Entry>> = {
  countRelationshipInstances: [
    PATTERN,
    'number',
    'How many facts match the pattern (`*` matches anything); counting a derived relationship infers it first.',
  ],
  sumObjects: [PATTERN, 'number', 'Sum of the numeric objects of the matching facts (0 when none match).'],
  minObjects: [PATTERN, 'number', 'Smallest object of the matching facts (null when none match).'],
  maxObjects: [PATTERN, 'number', 'Largest object of the matching facts (null when none match).'],
  joinObjects: [PATTERN, 'string', 'The objects of the matching facts, joined with ", ".'],
  isSubset: [
    'subject1, relationship1, object1, subject2, relationship2, object2',
    'truth',
    'Whether every object of the first pattern is among the objects of the second.',
  ],
  includes: ['text, part', 'truth', 'Whether the text contains the part (case- and whitespace-sensitive).'],
  startsWith: ['text, part', 'truth', 'Whether the text starts with the part.'],
  endsWith: ['text, part', 'truth', 'Whether the text ends with the part.'],
  regexCount: ['text, pattern', 'number', "How many times `'/pattern/flags'` matches; negative numbers are errors."],
  round: ['x, places', 'number', 'x rounded to `places` decimals (0 when omitted, at most 15).'],
  ceil: UNARY('Smallest integer not below x.'),
  floor: UNARY('Largest integer not above x.'),
  abs: UNARY('Absolute value.'),
  sqrt: UNARY('Square root.'),
  factorial: UNARY('x!'),
  tan: UNARY('Tangent (radians).'),
  sec: UNARY('Secant (radians).'),
  csc: UNARY('Cosecant (radians).'),
  cot: UNARY('Cotangent (radians).'),
  atan2: ['y, x', 'number', 'Angle of the point (x, y) in radians.'],
  atan: ['y, x', 'number', 'Alias of atan2 (one argument: arctangent).'],
  min: ['a, b', 'number', 'Smallest of the arguments.'],
  max: ['a, b', 'number', 'Largest of the arguments.'],
  mod: ['a, b', 'number', 'Remainder of a divided by b.'],
  pow: ['base, exponent', 'number', 'base raised to exponent.'],
  today: ['', 'date', 'Today at midnight (UTC).'],
  now: ['', 'date', 'The current time.'],
  dayOfWeek: COMPONENT('Day of the week, 1 (Monday) to 7.'),
  dayOfMonth: COMPONENT('Day of the month, 1 to 31.'),
  dayOfYear: COMPONENT('Day of the year, 1 to 366.'),
  monthOfYear: COMPONENT('Month, 1 to 12.'),
  year: COMPONENT('The year.'),
  addDays: SHIFT('days', 'later'),
  addWeeks: SHIFT('weeks', 'later'),
  addMonths: SHIFT('months', 'later'),
  addYears: SHIFT('years', 'later'),
  subtractDays: SHIFT('days', 'earlier'),
  subtractWeeks: SHIFT('weeks', 'earlier'),
  subtractMonths: SHIFT('months', 'earlier'),
  subtractYears: SHIFT('years', 'earlier'),
  secondsBetween: BETWEEN,
  minutesBetween: BETWEEN,
  hoursBetween: BETWEEN,
  daysBetween: BETWEEN,
  weeksBetween: BETWEEN,
  monthsBetween: BETWEEN,
  yearsBetween: BETWEEN,
  isBeforeDate: ['a, b', 'truth', 'Whether date a is before date b.'],
  isSameDate: ['a, b', 'truth', 'Whether a and b fall on the same day.'],
  isAfterDate: ['a, b', 'truth', 'Whether date a is after date b.'],
  isWithinRange: ['value, min, max', 'truth', 'Whether value lies between the bounds (inclusive, either order).'],
};

function signatureOf(name: string): FunctionSignature | undefined {
  const entry = TABLE[name];
  const definition = lookupFunction(name);
  if (!entry || !definition) return undefined;
  const parameters = entry[0] === '' ? [] : entry[0].split(', ');
  return { name, parameters, returns: entry[1], help: entry[2], ...(definition.maxArgs === Infinity ? { variadic: true } : {}) };
}

/** Every catalogue function with its signature, in catalogue order. */
export const FUNCTION_SIGNATURES: readonly FunctionSignature[] = FUNCTION_NAMES.map(signatureOf).filter(
  (entry): entry is FunctionSignature => entry !== undefined,
);

const byName = new Map(FUNCTION_SIGNATURES.map((signature) => [signature.name.toLowerCase(), signature]));

/** A function's signature by name (any letter case, as the engine resolves it). */
export function functionSignature(name: string): FunctionSignature | undefined {
  return byName.get(name.toLowerCase());
}

/** `round(x, places) → number`. */
export function signatureText(signature: FunctionSignature): string {
  const parameters = signature.parameters.join(', ') + (signature.variadic ? ', …' : '');
  return `${signature.name}(${parameters}) → ${signature.returns}`;
}

/** The arity the catalogue enforces (for the test that keeps this table honest). */
export function catalogueArity(name: string): { min: number; max: number } | undefined {
  const definition = lookupFunction(name);
  return definition ? { min: definition.minArgs, max: definition.maxArgs } : undefined;
}
