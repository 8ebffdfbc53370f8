/**
 * Builders for the builtins most families are made of: a fixed number of arguments, and numbers
 * of numbers (math) or of dates (dates) with null in, null out.
 */
import type { TypedValue } from '../types';
import { NULL_VALUE, numberValue } from '../values';
import type { ScalarDefinition } from './types';

/** Reads an argument as a number (`toNumber`, `toDate`); null for a null value. */
type ReadNumber = (value: TypedValue, name: string) => number | null;

/** A builtin taking exactly `arity` arguments. */
export function fixedArity(name: string, arity: number, apply: ScalarDefinition['apply']): ScalarDefinition {
  return { kind: 'scalar', name, minArgs: arity, maxArgs: arity, apply };
}

/** A number of one argument, null when it is null; `fn` returns NaN/Infinity for domain errors, turned into errors. */
export function numberOfOne(name: string, read: ReadNumber, fn: (x: number) => number): ScalarDefinition {
  return fixedArity(name, 1, (args) => {
    const x = read(args[0], name);
    return x === null ? NULL_VALUE : numberValue(fn(x), name);
  });
}

/** A number of two arguments, null when either is null; NaN/Infinity from `fn` are errors. */
export function numberOfTwo(name: string, read: ReadNumber, fn: (a: number, b: number) => number): ScalarDefinition {
  return fixedArity(name, 2, (args) => {
    const a = read(args[0], name);
    const b = read(args[1], name);
    return a === null || b === null ? NULL_VALUE : numberValue(fn(a, b), name);
  });
}
