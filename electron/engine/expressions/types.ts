/**
 * Public value and context types of the RBLang expression language.
 *
 * Kept apart from the AST so that the solver and the loader can depend on the value model
 * without pulling in the parser.
 */
import type { ExprNode } from './ast';

/** A runtime value. Dates are numbers (epoch milliseconds, UTC). */
export type ExprValue = string | number | boolean | null;

/** The RBLang value types, plus `null` (the result of min/maxObjects over nothing). */
export type ExprType = 'string' | 'number' | 'truth' | 'date' | 'null';

/** A value tagged with its RBLang type (a date and a number share the JS type `number`). */
export interface TypedValue {
  type: ExprType;
  value: ExprValue;
}

/** A parsed expression: parse once, evaluate many times. */
export interface Expression {
  /** The source text, as given to {@link parseExpression}. */
  readonly text: string;
  /** The syntax tree. */
  readonly root: ExprNode;
  /** Variable names referenced, without `%`, in first-appearance order, deduplicated. */
  readonly variables: readonly string[];
  /** Function names called (canonical catalogue spelling when known), first-appearance order, deduplicated. */
  readonly functions: readonly string[];
  /** True when a list function (which reads the fact store) is called. */
  readonly usesListFunctions: boolean;
}

/** Outcome of {@link parseExpression}; `offset` is a 0-based character index into the text. */
export type ParseResult = { ok: true; expression: Expression } | { ok: false; message: string; offset: number };

/** A pattern argument of a list function: a concrete value, or the '*' wildcard. */
export type ListPattern = { kind: 'any' } | { kind: 'value'; value: ExprValue };

/** One fact seen by a list function (for evidence). */
export interface ListFact {
  subject: string;
  relationship: string;
  object: ExprValue;
  objectType: ExprType;
  certainty: number;
  factID: string;
}

/** What an expression can see of the session while it is evaluated. */
export interface EvalContext {
  /** Bound value of a variable (name without '%'), or undefined when unbound. */
  variable(name: string): TypedValue | undefined;
  /**
   * Facts of `relationship` matching the patterns. The solver may run backward chaining inside and may
   * THROW (to suspend evaluation for a question or data fetch): the evaluator never swallows such throws.
   */
  listFacts(subject: ListPattern, relationship: string, object: ListPattern): readonly ListFact[];
  /** Current time in epoch ms (injected for determinism). */
  now(): number;
}

/**
 * Record of one function call for evidence, keyed in the evidence by `call`: the call's text with
 * argument values substituted, e.g. "countRelationshipInstances(Tom, speaks, *)".
 */
export interface FunctionCallRecord {
  call: string;
  name: string;
  facts: ListFact[];
  result: TypedValue;
}

/** Outcome of {@link evaluate}. */
export type EvalResult =
  | { ok: true; value: TypedValue; calls: FunctionCallRecord[] }
  | { ok: false; reason: 'unbound'; variable: string }
  | { ok: false; reason: 'error'; message: string };

/** Options of {@link evaluate}. */
export interface EvaluateOptions {
  /**
   * Build {@link FunctionCallRecord}s (default true). The solver may turn this off while it only
   * probes candidate bindings and re-evaluate with records for the bindings it keeps.
   */
  recordCalls?: boolean;
}
