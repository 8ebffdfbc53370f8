/**
 * Value helpers shared by the operators and the builtin functions: typed constructors, coercions
 * and the one text rendering used by both `+` concatenation and evidence call keys.
 */
import { parseIsoDate } from './iso-date';
import type { ExprType, TypedValue } from './types';

/** A runtime failure of an expression (type error, division by zero, bad arity...). */
export class ExpressionError extends Error {}

export const NULL_VALUE: Readonly<TypedValue> = Object.freeze({ type: 'null', value: null });
const TRUE_VALUE: Readonly<TypedValue> = Object.freeze({ type: 'truth', value: true });
const FALSE_VALUE: Readonly<TypedValue> = Object.freeze({ type: 'truth', value: false });

/** A number result; non-finite results (overflow, NaN) are errors rather than values the solver would store. */
export function numberValue(n: number, what = 'Arithmetic'): TypedValue {
  if (!Number.isFinite(n)) throw new ExpressionError(`${what} produced a non-finite number`);
  return { type: 'number', value: n };
}

export function dateValue(ms: number, what = 'Date arithmetic'): TypedValue {
  if (!Number.isFinite(ms)) throw new ExpressionError(`${what} produced an invalid date`);
  return { type: 'date', value: ms };
}

export function stringValue(s: string): TypedValue {
  return { type: 'string', value: s };
}

export function truthValue(b: boolean): Readonly<TypedValue> {
  return b ? TRUE_VALUE : FALSE_VALUE;
}

/** The type tag that the JS value supports: trusts `date` on numbers, otherwise the JS type decides. */
export function kindOf(v: TypedValue): ExprType {
  const value = v.value;
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return v.type === 'date' ? 'date' : 'number';
    case 'boolean':
      return 'truth';
    default:
      return v.type === 'date' && parseIsoDate(value) !== undefined ? 'date' : 'string';
  }
}

const NUMERIC_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** The number a numeric string spells (`'12.5'`), or undefined. Empty and blank strings are not numbers. */
export function numericText(s: string): number | undefined {
  return NUMERIC_TEXT.test(s) ? Number(s) : undefined;
}

/** Render a value as text: numbers plainly (2.5 → "2.5"), dates as epoch ms, truth as true/false. */
export function formatValue(v: TypedValue): string {
  const value = v.value;
  if (value === null) return 'null';
  return typeof value === 'string' ? value : String(value);
}

/**
 * A numeric operand: numbers and dates as they are, numeric strings and ISO date strings converted;
 * `null` stays null (callers propagate it). Truth values and other text are errors.
 */
export function toNumber(v: TypedValue, what: string): number | null {
  const value = v.value;
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const n = numericText(value) ?? parseIsoDate(value);
    if (n !== undefined) return n;
    throw new ExpressionError(`${what} expects a number but got '${value}'`);
  }
  throw new ExpressionError(`${what} expects a number but got ${value}`);
}

/** A date operand (epoch ms): numbers, dates, ISO strings and numeric strings; `null` stays null. */
export function toDate(v: TypedValue, what: string): number | null {
  const value = v.value;
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const n = parseIsoDate(value) ?? numericText(value);
    if (n !== undefined) return n;
    throw new ExpressionError(`${what} expects a date but got '${value}'`);
  }
  throw new ExpressionError(`${what} expects a date but got ${value}`);
}

/** A text operand for the string functions: strings as they are, other values rendered by {@link formatValue}. */
export function toText(v: TypedValue): string {
  return formatValue(v);
}
