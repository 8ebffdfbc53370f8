/**
 * Evaluation. Each Expression is compiled once (lazily, cached in a WeakMap) into a tree of
 * closures, so the solver's repeated evaluations only run the closures: no re-parsing, no AST
 * dispatch, variables resolved once per evaluation into a slot array, literals preallocated.
 *
 * Every referenced variable must be bound before anything is evaluated ("a variable used before it
 * is bound makes the condition not fire"), so an unbound result never has side effects such as
 * list-function calls. `and`/`or` short-circuit.
 */
import type { CallNode, ExprNode } from './ast';
import { describeArity, lookupFunction } from './functions/catalogue';
import type { ListDefinition, ScalarDefinition } from './functions/types';
import { arithmetic, compare, negate } from './operators';
import type { EvalContext, EvalResult, EvaluateOptions, Expression, FunctionCallRecord, ListPattern, TypedValue } from './types';
import { ExpressionError, formatValue, truthValue } from './values';

/** Per-evaluation state threaded through the compiled closures. */
interface State {
  readonly context: EvalContext;
  /** Variable values, indexed like `Expression.variables`. */
  readonly slots: readonly TypedValue[];
  /** Null when call recording is off. */
  readonly calls: FunctionCallRecord[] | null;
}

type Compiled = (state: State) => TypedValue;

interface Program {
  readonly run: Compiled;
}

const programs = new WeakMap<Expression, Program>();

function programOf(expression: Expression): Program {
  let program = programs.get(expression);
  if (program === undefined) {
    const slotOf = new Map(expression.variables.map((name, i) => [name, i]));
    program = { run: compileNode(expression.root, slotOf) };
    programs.set(expression, program);
  }
  return program;
}

function fail(message: string): never {
  throw new ExpressionError(message);
}

function compileNode(node: ExprNode, slotOf: ReadonlyMap<string, number>): Compiled {
  switch (node.kind) {
    case 'literal': {
      const value = node.value;
      return () => value;
    }
    case 'variable': {
      const slot = slotOf.get(node.name) as number;
      return (state) => state.slots[slot];
    }
    case 'negate': {
      const operand = compileNode(node.operand, slotOf);
      return (state) => negate(operand(state));
    }
    case 'arithmetic': {
      const { op } = node;
      const left = compileNode(node.left, slotOf);
      const right = compileNode(node.right, slotOf);
      return (state) => arithmetic(op, left(state), right(state));
    }
    case 'compare': {
      const { op } = node;
      const left = compileNode(node.left, slotOf);
      const right = compileNode(node.right, slotOf);
      return (state) => compare(op, left(state), right(state));
    }
    case 'logic': {
      const isAnd = node.op === 'and';
      const left = compileNode(node.left, slotOf);
      const right = compileNode(node.right, slotOf);
      return (state) => {
        const a = truthOperand(left(state), node.op);
        // Short-circuit: `false and …` / `true or …` never evaluate (or list-query) their right side.
        if (a !== isAnd) return truthValue(a);
        return truthValue(truthOperand(right(state), node.op));
      };
    }
    case 'call':
      return compileCall(node, slotOf);
    case 'wildcard':
    case 'relationship':
      // The parser only creates these as list-function arguments, which compileCall reads directly.
      return () => fail(`'${node.kind === 'wildcard' ? '*' : node.name}' is only valid as a list-function argument`);
  }
}

function truthOperand(value: TypedValue, op: string): boolean {
  if (typeof value.value !== 'boolean') {
    throw new ExpressionError(`'${op}' needs true/false operands but got ${formatValue(value)}`);
  }
  return value.value;
}

function compileCall(node: CallNode, slotOf: ReadonlyMap<string, number>): Compiled {
  const definition = lookupFunction(node.name);
  if (definition === undefined) return () => fail(`Unknown expression function: ${node.written}`);
  if (node.args.length < definition.minArgs || node.args.length > definition.maxArgs) {
    const message = `${definition.name} expects ${describeArity(definition)} but got ${node.args.length}`;
    return () => fail(message);
  }
  return definition.kind === 'list' ? compileListCall(node, definition, slotOf) : compileScalarCall(node, definition, slotOf);
}

function compileScalarCall(node: CallNode, definition: ScalarDefinition, slotOf: ReadonlyMap<string, number>): Compiled {
  const args = node.args.map((arg) => compileNode(arg, slotOf));
  const name = definition.name;
  return (state) => {
    const values = args.map((arg) => arg(state));
    const result = definition.apply(values, state.context);
    state.calls?.push({ call: `${name}(${values.map(formatValue).join(', ')})`, name, facts: [], result });
    return result;
  };
}

/** A list-function argument: relationship names are fixed text, `*` is the any-pattern. */
type ListArgument =
  | { readonly kind: 'relationship'; readonly name: string }
  | { readonly kind: 'pattern'; readonly any: true }
  | { readonly kind: 'pattern'; readonly any: false; readonly value: Compiled };

const ANY: ListPattern = Object.freeze({ kind: 'any' });

function compileListCall(node: CallNode, definition: ListDefinition, slotOf: ReadonlyMap<string, number>): Compiled {
  const args: ListArgument[] = node.args.map((arg) => {
    if (arg.kind === 'relationship') return { kind: 'relationship', name: arg.name };
    if (arg.kind === 'wildcard') return { kind: 'pattern', any: true };
    return { kind: 'pattern', any: false, value: compileNode(arg, slotOf) };
  });
  if (args.some((arg, i) => (arg.kind === 'relationship') !== definition.relationshipArgs.includes(i))) {
    return () => fail(`${definition.name}: malformed arguments`);
  }
  const name = definition.name;
  return (state) => {
    const patterns: ListPattern[] = [];
    const relationships: string[] = [];
    const shown: string[] = [];
    for (const arg of args) {
      if (arg.kind === 'relationship') {
        relationships.push(arg.name);
        shown.push(arg.name);
      } else if (arg.any) {
        patterns.push(ANY);
        shown.push('*');
      } else {
        const value = arg.value(state);
        patterns.push({ kind: 'value', value: value.value });
        shown.push(formatValue(value));
      }
    }
    // listFacts may throw to suspend evaluation (question, data fetch): deliberately not caught here.
    const { result, facts } = definition.apply({ patterns, relationships }, state.context);
    state.calls?.push({ call: `${name}(${shown.join(', ')})`, name, facts: facts.slice(), result });
    return result;
  };
}

/**
 * Evaluate a parsed expression against a context. Returns `unbound` (naming the first unbound
 * variable in source order) before evaluating anything if a referenced variable has no value.
 * Exceptions thrown by `context.listFacts` propagate unchanged.
 */
export function evaluate(expression: Expression, context: EvalContext, options?: EvaluateOptions): EvalResult {
  const program = programOf(expression);
  const slots: TypedValue[] = new Array<TypedValue>(expression.variables.length);
  for (let i = 0; i < expression.variables.length; i++) {
    const value = context.variable(expression.variables[i]);
    if (value === undefined) return { ok: false, reason: 'unbound', variable: expression.variables[i] };
    slots[i] = value;
  }
  const calls: FunctionCallRecord[] = [];
  const state: State = { context, slots, calls: options?.recordCalls === false ? null : calls };
  try {
    return { ok: true, value: program.run(state), calls };
  } catch (error) {
    // Only our own failures become results; anything else (notably the solver's suspension signals) propagates.
    if (error instanceof ExpressionError) return { ok: false, reason: 'error', message: error.message };
    throw error;
  }
}
