/**
 * Shapes of builtin function definitions. Each builtin family (math, dates, strings, regex, lists)
 * exports a list of these; `catalogue.ts` indexes them by name.
 */
import type { EvalContext, ListFact, ListPattern, TypedValue } from '../types';

/** What a scalar builtin may use besides its arguments. */
export interface FunctionEnv {
  now(): number;
}

interface DefinitionBase {
  /** Canonical catalogue spelling. */
  readonly name: string;
  readonly minArgs: number;
  /** `Infinity` for variadic functions. */
  readonly maxArgs: number;
}

/** A function of values. */
export interface ScalarDefinition extends DefinitionBase {
  readonly kind: 'scalar';
  apply(args: readonly TypedValue[], env: FunctionEnv): TypedValue;
}

/** Arguments of a list function: the subject/object patterns and relationship names, each in order. */
export interface ListArguments {
  readonly patterns: readonly ListPattern[];
  readonly relationships: readonly string[];
}

/** A function over the fact store (`countRelationshipInstances` and friends). */
export interface ListDefinition extends DefinitionBase {
  readonly kind: 'list';
  /** 0-based argument positions holding a relationship name (read as raw text by the parser). */
  readonly relationshipArgs: readonly number[];
  apply(args: ListArguments, context: EvalContext): { result: TypedValue; facts: readonly ListFact[] };
}

export type FunctionDefinition = ScalarDefinition | ListDefinition;
