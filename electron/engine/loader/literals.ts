/**
 * Literal values written in attributes, converted by the type of the concept they belong to
 * (spec 2.4): numbers as JavaScript-style decimals within the engine's 15 significant digits, dates as
 * ISO text or epoch milliseconds, truth values as lower-case `true`/`false`.
 */
import { parseIsoDate } from '../expressions';
import type { DataType, Term, Value } from '../model/types';
import { VARIABLE } from './elements/condition';

type Conversion = { readonly ok: true; readonly value: Value } | { readonly ok: false; readonly message: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const LARGEST = 999_999_999_999_999;
const EPOCH_MS = /^-?\d+$/;

/** Significant digits of a decimal as written (leading zeros never count; trailing ones after a point do not either). */
function significantDigits(text: string): number {
  let mantissa = text.replace(/^[+-]/, '').replace(/[eE].*$/, '');
  if (mantissa.includes('.')) mantissa = mantissa.replace(/0+$/, '');
  return mantissa.replace('.', '').replace(/^0+/, '').length;
}

/** Convert `text` to a value of `type`; the failure message completes "expects …". */
export function convertLiteral(text: string, type: DataType): Conversion {
  const trimmed = text.trim();
  switch (type) {
    case 'string':
      return { ok: true, value: text };
    case 'number': {
      if (!NUMBER.test(trimmed)) return { ok: false, message: `a number (got "${text}")` };
      const value = Number(trimmed);
      if (Math.abs(value) > LARGEST || significantDigits(trimmed) > 15) {
        return { ok: false, message: `a number of at most 15 significant digits, the engine's limit (got "${text}")` };
      }
      return { ok: true, value };
    }
    case 'date': {
      const iso = parseIsoDate(trimmed);
      if (iso !== undefined) return { ok: true, value: iso };
      if (EPOCH_MS.test(trimmed)) return { ok: true, value: Number(trimmed) };
      return {
        ok: false,
        message: `a date written YYYY-MM-DD (optionally with a time, THH:MM:SS) or as epoch milliseconds (got "${text}")`,
      };
    }
    case 'truth':
      if (trimmed === 'true') return { ok: true, value: true };
      if (trimmed === 'false') return { ok: true, value: false };
      return { ok: false, message: `true or false, in lower case (got "${text}")` };
  }
}

/**
 * Whether `text` certainly does not start with `%` once trimmed: its first character is visible
 * ASCII other than `%`. Answered without trimming, which copies the text when it has blanks around it.
 */
export function plainlyNotVariable(text: string): boolean {
  const first = text.charCodeAt(0);
  return first > 32 && first < 128 && first !== 37; /* % */
}

/** Whether a written term is a variable reference (starts with `%`). */
export function isVariableText(text: string): boolean {
  return !plainlyNotVariable(text) && text.trim().startsWith('%');
}

/** `%NAME` → the variable NAME; undefined when the spelling is not a valid variable. */
export function variableTerm(text: string): Term | undefined {
  const trimmed = text.trim();
  return VARIABLE.test(trimmed) ? { kind: 'variable', name: trimmed.slice(1) } : undefined;
}

/**
 * A condition literal without one pair of surrounding single quotes: coffeebird writes
 * `object="'Germany'"` where Rainbird-authored maps write `object="Germany"`.
 */
export function unquote(text: string): string {
  return text.length >= 2 && text.startsWith("'") && text.endsWith("'") ? text.slice(1, -1) : text;
}
