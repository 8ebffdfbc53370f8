/**
 * Arithmetic and comparison operators on typed values.
 *
 * Rules (see DECISIONS.md): `+` concatenates when either side is a string; otherwise arithmetic on
 * null yields null; dates are epoch-ms numbers, so date ± number stays a date and date - date is a
 * number of milliseconds. In ordering comparisons null behaves like +infinity.
 */
import type { ArithmeticOp, CompareOp } from './ast';
import { parseIsoDate } from './iso-date';
import type { TypedValue } from './types';
import {
  ExpressionError,
  NULL_VALUE,
  dateValue,
  formatValue,
  kindOf,
  numberValue,
  numericText,
  stringValue,
  toNumber,
  truthValue,
} from './values';

/** Apply an arithmetic operator. */
export function arithmetic(op: ArithmeticOp, left: TypedValue, right: TypedValue): TypedValue {
  if (op === '+' && (typeof left.value === 'string' || typeof right.value === 'string')) {
    return stringValue(formatValue(left) + formatValue(right));
  }
  if (left.value === null || right.value === null) return NULL_VALUE;
  const a = toNumber(left, `'${op}'`) as number;
  const b = toNumber(right, `'${op}'`) as number;
  const leftDate = kindOf(left) === 'date';
  const rightDate = kindOf(right) === 'date';
  switch (op) {
    case '+':
      // Shifting a date by a number of ms keeps it a date; adding two dates is meaningless but numeric.
      return leftDate !== rightDate ? dateValue(a + b) : numberValue(a + b);
    case '-':
      return leftDate && !rightDate ? dateValue(a - b) : numberValue(a - b);
    case '*':
      return numberValue(a * b);
    case '/':
      if (b === 0) throw new ExpressionError('Division by zero');
      return numberValue(a / b);
  }
}

/** Unary minus; null stays null. */
export function negate(operand: TypedValue): TypedValue {
  if (operand.value === null) return NULL_VALUE;
  return numberValue(-(toNumber(operand, "'-'") as number));
}

/**
 * Equality with the cross-type leniencies maps rely on: number/date vs numeric string compares
 * numerically, date vs ISO string compares as dates; any other pair of different types is unequal.
 */
export function valuesEqual(left: TypedValue, right: TypedValue): boolean {
  const a = left.value;
  const b = right.value;
  if (a === null || b === null) return a === b;
  if (typeof a === typeof b) return a === b;
  if (typeof a === 'number' && typeof b === 'string') return a === textAsNumber(b, kindOf(left) === 'date');
  if (typeof a === 'string' && typeof b === 'number') return b === textAsNumber(a, kindOf(right) === 'date');
  return false;
}

function textAsNumber(text: string, preferDate: boolean): number | undefined {
  return preferDate ? (parseIsoDate(text) ?? numericText(text)) : (numericText(text) ?? parseIsoDate(text));
}

/**
 * Order two values: negative, zero or positive. null sorts after everything (like +infinity).
 * Two strings compare numerically when both are numeric, else by UTF-16 code units; truth values
 * cannot be ordered.
 */
function orderValues(left: TypedValue, right: TypedValue, op: string): number {
  const a = left.value;
  const b = right.value;
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') {
    const na = numericText(a);
    const nb = numericText(b);
    if (na !== undefined && nb !== undefined) return na - nb;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    throw new ExpressionError(`'${op}' cannot order truth values`);
  }
  return (toNumber(left, `'${op}'`) as number) - (toNumber(right, `'${op}'`) as number);
}

/** Apply a comparison operator. */
export function compare(op: CompareOp, left: TypedValue, right: TypedValue): Readonly<TypedValue> {
  switch (op) {
    case '=':
      return truthValue(valuesEqual(left, right));
    case '!=':
      return truthValue(!valuesEqual(left, right));
    case '>':
      return truthValue(orderValues(left, right, op) > 0);
    case '>=':
      return truthValue(orderValues(left, right, op) >= 0);
    case '<':
      return truthValue(orderValues(left, right, op) < 0);
    case '<=':
      return truthValue(orderValues(left, right, op) <= 0);
  }
}
