/**
 * Typing, comparing and formatting values by the data type of their concept.
 *
 * Inside the engine a value is a string, a number, a boolean or null; dates are epoch milliseconds.
 * Input from the wire (numeric strings, "true", ISO dates) is converted here, once, at the edge.
 */
import { parseIsoDate } from './expressions';
import type { DataType, Value } from './model/types';

/** Converts an input value to the given type, or returns undefined when it does not fit. */
export function coerceValue(input: string | number | boolean, type: DataType): Value | undefined {
  switch (type) {
    case 'string':
      return typeof input === 'string' ? input : String(input);
    case 'number': {
      if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
      if (typeof input === 'string' && input.trim() !== '') {
        const parsed = Number(input);
        return Number.isFinite(parsed) ? parsed : undefined;
      }
      return undefined;
    }
    case 'truth': {
      if (typeof input === 'boolean') return input;
      const text = String(input).trim().toLowerCase();
      if (text === 'true' || text === 'yes') return true;
      if (text === 'false' || text === 'no') return false;
      return undefined;
    }
    case 'date': {
      if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
      if (typeof input === 'string') {
        const text = input.trim();
        if (/^-?\d+$/.test(text)) return Number(text);
        return parseIsoDate(text);
      }
      return undefined;
    }
  }
}

/** What `valueKey` puts before a string. */
export const STRING_KEY_PREFIX = 's';

/** A key that identifies a value with its kind, for maps and sets (`1` and `'1'` differ). */
export function valueKey(value: Value): string {
  switch (typeof value) {
    case 'string':
      return STRING_KEY_PREFIX + value;
    case 'number':
      return 'n' + value;
    case 'boolean':
      return value ? 'bt' : 'bf';
    default:
      return 'null';
  }
}

export function sameValue(a: Value, b: Value): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/** Dates in query results read like the platform's: `1st July, 2026` (UTC). */
export function formatResultDate(epochMs: number): string {
  const date = new Date(epochMs);
  return `${ordinal(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
}

/** Text of a value for prompts and evidence text. */
export function displayValue(value: Value, type: DataType | 'null' | undefined): string {
  if (value === null) return 'null';
  if (type === 'date' && typeof value === 'number') return formatResultDate(value);
  return String(value);
}

/** Rounds to the nearest whole number, halves away from zero (certainties are positive). */
export function roundCertainty(certainty: number): number {
  return Math.round(certainty + 1e-9);
}

/** Two decimals, as evidence impacts are reported. */
export function roundImpact(impact: number): number {
  return Math.round(impact * 100 + 1e-9) / 100;
}
