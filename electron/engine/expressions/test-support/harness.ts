/**
 * Test harness: an in-memory EvalContext and one-line parse+evaluate helpers.
 * Lives in test-support/ (not *.test.ts) so every test file shares one definition.
 */
import { evaluate } from '../evaluate';
import { parseIsoDate } from '../iso-date';
import { parseExpression } from '../parser';
import type { EvalContext, EvalResult, ExprType, ExprValue, Expression, ListFact, ListPattern, TypedValue } from '../types';

/** Fixed clock for tests: 2026-07-15T13:45:30.250Z (a Wednesday). */
export const NOW = Date.UTC(2026, 6, 15, 13, 45, 30, 250);

/** A date TypedValue from ISO text. */
export function date(iso: string): TypedValue {
  const ms = parseIsoDate(iso);
  if (ms === undefined) throw new Error(`bad test date ${iso}`);
  return { type: 'date', value: ms };
}

/** Epoch ms of ISO text (throws on bad input, so tests cannot silently compare with undefined). */
export function ms(iso: string): number {
  return date(iso).value as number;
}

type VariableInput = ExprValue | TypedValue;

function typed(v: VariableInput): TypedValue {
  if (v !== null && typeof v === 'object') return v;
  if (v === null) return { type: 'null', value: null };
  const type: ExprType = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'truth' : 'string';
  return { type, value: v };
}

/** Build a fact; the object type follows the JS type unless given. */
export function fact(subject: string, relationship: string, object: ExprValue, objectType?: ExprType): ListFact {
  const type = objectType ?? typed(object).type;
  return { subject, relationship, object, objectType: type, certainty: 100, factID: `${subject}|${relationship}|${String(object)}` };
}

function matches(pattern: ListPattern, value: ExprValue): boolean {
  return pattern.kind === 'any' || pattern.value === value;
}

/** An EvalContext over fixed variables and facts, recording every listFacts query. */
export function context(
  variables: Record<string, VariableInput> = {},
  facts: readonly ListFact[] = [],
  now = NOW,
): EvalContext & { queries: { subject: ListPattern; relationship: string; object: ListPattern }[] } {
  const queries: { subject: ListPattern; relationship: string; object: ListPattern }[] = [];
  return {
    queries,
    variable: (name) => (name in variables ? typed(variables[name]) : undefined),
    listFacts(subject, relationship, object) {
      queries.push({ subject, relationship, object });
      return facts.filter((f) => f.relationship === relationship && matches(subject, f.subject) && matches(object, f.object));
    },
    now: () => now,
  };
}

/** Parse, failing the test with the parser's message when the text does not parse. */
export function parse(text: string): Expression {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`parse failed at ${result.offset}: ${result.message} in ${text}`);
  return result.expression;
}

/** Parse and evaluate. */
export function run(text: string, variables: Record<string, VariableInput> = {}, facts: readonly ListFact[] = [], now = NOW): EvalResult {
  return evaluate(parse(text), context(variables, facts, now));
}

/** Parse and evaluate, returning the typed result or throwing with the failure. */
export function typedResult(
  text: string,
  variables: Record<string, VariableInput> = {},
  facts: readonly ListFact[] = [],
  now = NOW,
): TypedValue {
  const result = run(text, variables, facts, now);
  if (!result.ok) throw new Error(`evaluation failed: ${JSON.stringify(result)} for ${text}`);
  return result.value;
}

/** Parse and evaluate, returning the bare value. */
export function value(text: string, variables: Record<string, VariableInput> = {}, facts: readonly ListFact[] = [], now = NOW): ExprValue {
  return typedResult(text, variables, facts, now).value;
}

/** Parse and evaluate, returning the error message (throws if evaluation succeeded). */
export function errorOf(text: string, variables: Record<string, VariableInput> = {}, facts: readonly ListFact[] = []): string {
  const result = run(text, variables, facts);
  if (result.ok || result.reason !== 'error') throw new Error(`expected an error, got ${JSON.stringify(result)} for ${text}`);
  return result.message;
}
