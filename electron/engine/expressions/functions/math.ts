/**
 * Math builtins: round, ceil, floor, abs, sqrt, factorial, tan, sec, csc, cot, atan2 (and the
 * `atan` alias), min, max, mod, pow. A null argument yields null, like arithmetic on null.
 */
import type { TypedValue } from '../types';
import { ExpressionError, NULL_VALUE, kindOf, numberValue, toNumber } from '../values';
import { numberOfOne, numberOfTwo } from './scalar';
import type { ScalarDefinition } from './types';

/** A one-argument numeric function; `fn` returns NaN/Infinity for domain errors, turned into errors. */
function unary(name: string, fn: (x: number) => number): ScalarDefinition {
  return numberOfOne(name, toNumber, fn);
}

/** A two-argument numeric function. */
function binary(name: string, fn: (a: number, b: number) => number): ScalarDefinition {
  return numberOfTwo(name, toNumber, fn);
}

/** Multiply by 10^places through the decimal exponent, which avoids the 1.005 * 100 = 100.49999 trap. */
function shiftDecimal(n: number, places: number): number {
  const [mantissa, exponent] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent ?? 0) + places}`);
}

/** Round half away from zero to `places` decimals (0-15). */
export function roundHalfAwayFromZero(x: number, places: number): number {
  const abs = Math.abs(x);
  const scale = 10 ** places;
  const scaled = abs * scale;
  const fraction = scaled - Math.floor(scaled);
  // Fast path: binary multiplication is only off by an ulp, which matters only near a .5 tie.
  // Dividing an integer by an exact power of ten is correctly rounded, so the result is exact too.
  const magnitude =
    scaled < 2 ** 52 && Math.abs(fraction - 0.5) > 1e-6
      ? Math.round(scaled) / scale
      : shiftDecimal(Math.round(shiftDecimal(abs, places)), -places);
  return x < 0 ? -magnitude : magnitude;
}

const round: ScalarDefinition = {
  kind: 'scalar',
  name: 'round',
  minArgs: 1,
  maxArgs: 2,
  apply(args) {
    const x = toNumber(args[0], 'round');
    const places = args.length > 1 ? toNumber(args[1], 'round') : 0;
    if (x === null || places === null) return NULL_VALUE;
    if (!Number.isInteger(places) || places < 0 || places > 15) {
      throw new ExpressionError('round places must be a whole number from 0 to 15');
    }
    return numberValue(roundHalfAwayFromZero(x, places), 'round');
  },
};

function factorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) return NaN;
  let result = 1;
  for (let i = 2; i <= n && Number.isFinite(result); i++) result *= i;
  return result;
}

/** Variadic min/max. null counts as +infinity, as in comparisons; all-date arguments give a date. */
function extreme(name: 'min' | 'max'): ScalarDefinition {
  return {
    kind: 'scalar',
    name,
    minArgs: 1,
    maxArgs: Infinity,
    apply(args) {
      let best: number | null = null;
      let sawNull = false;
      let allDates = true;
      for (const arg of args) {
        const n = toNumber(arg, name);
        if (n === null) {
          sawNull = true;
          continue;
        }
        if (kindOf(arg) !== 'date') allDates = false;
        if (best === null || (name === 'min' ? n < best : n > best)) best = n;
      }
      if (best === null || (name === 'max' && sawNull)) return NULL_VALUE;
      return allDates ? { type: 'date', value: best } : numberValue(best, name);
    },
  };
}

/** atan(x) is the arctangent; atan(y, x) is atan2 — coffeebird validates `atan`, Studio lists `atan2`. */
const atan: ScalarDefinition = {
  kind: 'scalar',
  name: 'atan',
  minArgs: 1,
  maxArgs: 2,
  apply(args): TypedValue {
    const y = toNumber(args[0], 'atan');
    if (args.length === 1) return y === null ? NULL_VALUE : numberValue(Math.atan(y), 'atan');
    const x = toNumber(args[1], 'atan');
    return y === null || x === null ? NULL_VALUE : numberValue(Math.atan2(y, x), 'atan');
  },
};

export const MATH_FUNCTIONS: readonly ScalarDefinition[] = [
  round,
  unary('ceil', Math.ceil),
  unary('floor', Math.floor),
  unary('abs', Math.abs),
  unary('sqrt', (x) => (x < 0 ? NaN : Math.sqrt(x))),
  unary('factorial', factorial),
  unary('tan', Math.tan),
  unary('sec', (x) => 1 / Math.cos(x)),
  unary('csc', (x) => 1 / Math.sin(x)),
  unary('cot', (x) => 1 / Math.tan(x)),
  binary('atan2', Math.atan2),
  atan,
  extreme('min'),
  extreme('max'),
  binary('mod', (a, b) => (b === 0 ? NaN : a % b)),
  binary('pow', Math.pow),
];
