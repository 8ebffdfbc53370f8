/**
 * Reading attribute values: aliases, required values, booleans, enumerations and numbers, each
 * reporting a problem in words and falling back to the default so loading can go on.
 */
import { Code } from './diagnostics';
import type { LoadContext } from './context';
import type { About } from './elements/about';
import { tag } from './schema';
import type { XmlAttribute, XmlElement } from './xml-reader';

/**
 * The attribute `name`, or else its `alias` (an older spelling). Fixed arguments and plain loops, no
 * rest array: this runs for every attribute the loader reads.
 */
export function attribute(element: XmlElement, name: string, alias?: string): XmlAttribute | undefined {
  const attributes = element.attributes;
  for (let index = 0; index < attributes.length; index++) {
    const found = attributes[index];
    // `startsWith` only for names that begin with `x`: a builtin call per attribute read showed in profiles.
    if (found.localName === name && (found.name.charCodeAt(0) !== 120 /* x */ || !found.name.startsWith('xmlns'))) return found;
  }
  return alias === undefined ? undefined : attribute(element, alias);
}

/** Whether `value` is empty once trimmed; a value starting with visible ASCII is known not to be without trimming it. */
function isBlank(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return value.trim() === '';
}

/** Value of an optional attribute, or undefined when absent. */
export function optionalText(element: XmlElement, name: string): string | undefined {
  return attribute(element, name)?.value;
}

/**
 * A required attribute: reports it missing (at the element) or empty (at the attribute) and returns
 * undefined in both cases. `about` names the element in the message, e.g. "concept 'Person'".
 */
export function required(context: LoadContext, element: XmlElement, name: string, about: About = tag(element)): XmlAttribute | undefined {
  const found = attribute(element, name);
  if (found === undefined) {
    context.sink.error(Code.missingAttribute, `${about} is missing the required attribute ${name}`, element.offset);
    return undefined;
  }
  if (isBlank(found.value)) {
    context.sink.error(Code.emptyAttribute, `${about} has an empty ${name} attribute`, found.offset);
    return undefined;
  }
  return found;
}

/** `true`/`false` (other letter cases accepted with a warning); anything else is reported and gives `fallback`. */
export function booleanValue(
  context: LoadContext,
  element: XmlElement,
  name: string,
  fallback: boolean,
  about: About = tag(element),
  alias?: string,
): boolean {
  const found = attribute(element, name, alias);
  if (found === undefined) return fallback;
  const written = found.value.trim();
  const value = written.toLowerCase();
  if (value === 'true' || value === 'false') {
    if (written !== value)
      context.sink.warning(Code.invalidValue, `${about}: ${found.name}="${written}" should be written "${value}"`, found.offset);
    return value === 'true';
  }
  context.sink.error(Code.invalidValue, `${about}: ${found.name}="${found.value}" must be true or false (using ${fallback})`, found.offset);
  return fallback;
}

/**
 * One of the spellings in `table`; another letter case is accepted with a warning, anything else is
 * reported, listing the accepted values, and gives `fallback`. `legacy` spellings are accepted with
 * a warning naming their modern form.
 */
/** No legacy spellings (one object, not one per call: enumerations are read for thousands of elements). */
const NO_LEGACY: Readonly<Record<string, string>> = Object.freeze({});

/** Each enumeration's spellings, listed once. */
const keysOfTable = new WeakMap<object, readonly string[]>();

/**
 * The spelling `written` if `table` has it. Compared with each of the table's few keys rather than
 * looked up with `in`: a property lookup by a string cut out of the text makes V8 intern that string
 * first, which allocates for every attribute read.
 */
function exactKey(table: object, written: string): string | undefined {
  let keys = keysOfTable.get(table);
  if (keys === undefined) keysOfTable.set(table, (keys = Object.keys(table)));
  for (const key of keys) if (key === written) return key;
  return undefined;
}

/** The spelling of `table` that `written` is in another letter case. */
function keyInOtherCase(table: object, written: string): string | undefined {
  const lower = written.toLowerCase();
  for (const key of Object.keys(table)) if (key.toLowerCase() === lower) return key;
  return undefined;
}

function acceptedKeys(table: object, legacy: Readonly<Record<string, string>>): string[] {
  return Object.keys(table).filter((key) => !(key in legacy));
}

export function enumValue<T>(
  context: LoadContext,
  element: XmlElement,
  name: string,
  table: Readonly<Record<string, T>>,
  fallback: T,
  about: About = tag(element),
  legacy: Readonly<Record<string, string>> = NO_LEGACY,
): T {
  const found = attribute(element, name);
  if (found === undefined) return fallback;
  const written = found.value.trim();
  const key = exactKey(table, written) ?? keyInOtherCase(table, written);
  if (key === undefined) {
    const accepted = acceptedKeys(table, legacy);
    context.sink.error(
      Code.invalidValue,
      `${about}: ${found.name}="${found.value}" is not valid; use one of ${accepted.join(', ')}`,
      found.offset,
    );
    return fallback;
  }
  if (key !== written) {
    context.sink.warning(Code.invalidValue, `${about}: ${found.name}="${written}" should be written "${key}"`, found.offset);
  }
  if (key in legacy) {
    context.sink.warning(Code.legacyValue, `${about}: ${found.name}="${written}" is a legacy spelling of "${legacy[key]}"`, found.offset);
  }
  return table[key];
}

/**
 * The value of `text` when it is one to fifteen decimal digits (nearly every cf and weight), read
 * digit by digit (exact below 2^53, as `Number` reads it); undefined for anything else.
 */
function wholeNumber(text: string): number | undefined {
  if (text.length === 0 || text.length > 15) return undefined;
  let value = 0;
  for (let index = 0; index < text.length; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return value;
}

interface NumberRule {
  readonly min: number;
  readonly max?: number;
}

/** How a rule's range is worded in messages (only when one is reported: most numbers are fine). */
function rangeWords(rule: NumberRule): string {
  return rule.max === undefined ? `a whole number of at least ${rule.min}` : `a whole number from ${rule.min} to ${rule.max}`;
}

/**
 * A number within `rule`'s range. Not a number or out of range is an error (the fallback is used);
 * a fraction is accepted with a warning because the platform documents whole numbers.
 */
export function numberValue(
  context: LoadContext,
  found: XmlAttribute,
  rule: NumberRule,
  /** What the number is, for messages: "cf", "weight". */
  label: string,
  about: About,
  code: typeof Code.certainty | typeof Code.weight,
): number | undefined {
  const text = found.value.trim();
  const value = wholeNumber(text) ?? (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN);
  if (Number.isNaN(value) || value < rule.min || (rule.max !== undefined && value > rule.max)) {
    context.sink.error(code, `${about}: ${label} must be ${rangeWords(rule)} (got "${found.value}")`, found.offset);
    return undefined;
  }
  if (!Number.isInteger(value)) {
    context.sink.warning(code, `${about}: ${label} should be ${rangeWords(rule)} (got ${text})`, found.offset);
  }
  return value;
}
