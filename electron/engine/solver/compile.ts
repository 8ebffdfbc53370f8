/**
 * Rules compiled for evaluation: variables become numbered slots, so extending a binding is an array
 * copy rather than a map copy (joins over many facts extend bindings millions of times).
 */
import type { Condition, DataType, Rule, Term, Value } from '../model/types';

/** A term resolved at compile time: a slot to read or bind, or a constant. */
export interface VariableSlot {
  readonly slot: number;
}
export interface Constant {
  readonly value: Value;
}
export type SlotTerm = VariableSlot | Constant;

export type CompiledCondition =
  | {
      readonly kind: 'relationship';
      readonly source: Condition & { kind: 'relationship' };
      readonly subject: SlotTerm;
      readonly object: SlotTerm;
    }
  | {
      readonly kind: 'expression';
      readonly source: Condition & { kind: 'expression' };
      /** Slots the expression reads (all must be bound before it can run). */
      readonly reads: readonly number[];
      readonly target?: number | undefined;
      /** No list function: cheap and side-effect free, so the default ordering may run it early. */
      readonly pure: boolean;
    };

export interface CompiledRule {
  readonly rule: Rule;
  readonly variables: readonly string[];
  readonly subject: SlotTerm;
  readonly object: SlotTerm;
  readonly conditions: readonly CompiledCondition[];
  readonly totalWeight: number;
}

/** A bound slot: the value and its type. */
export interface Bound {
  readonly value: Value;
  readonly type: DataType | 'null';
}

export type Bindings = (Bound | undefined)[];

const compiled = new WeakMap<Rule, CompiledRule>();

export function compileRule(rule: Rule): CompiledRule {
  const cached = compiled.get(rule);
  if (cached) return cached;
  const variables: string[] = [];
  const slotOf = (name: string): number => {
    let slot = variables.indexOf(name);
    if (slot < 0) slot = variables.push(name) - 1;
    return slot;
  };
  const term = (t: Term): SlotTerm => (t.kind === 'variable' ? { slot: slotOf(t.name) } : { value: t.value });
  // S and O first, so evidence bindings list them first.
  const subject = term(rule.subject);
  const object = term(rule.object);
  const conditions = rule.conditions.map((condition): CompiledCondition => {
    if (condition.kind === 'relationship') {
      return { kind: 'relationship', source: condition, subject: term(condition.subject), object: term(condition.object) };
    }
    const reads = condition.expression.variables.filter((name) => name !== condition.assignTo).map(slotOf);
    return {
      kind: 'expression',
      source: condition,
      reads,
      target: condition.assignTo === undefined ? undefined : slotOf(condition.assignTo),
      pure: !condition.expression.usesListFunctions,
    };
  });
  const result: CompiledRule = {
    rule,
    variables,
    subject,
    object,
    conditions,
    totalWeight: rule.conditions.reduce((sum, condition) => sum + condition.weight, 0),
  };
  compiled.set(rule, result);
  return result;
}

export function isSlot(term: SlotTerm): term is VariableSlot {
  return 'slot' in term;
}

/** The value of a term under a binding, or undefined when its variable is unbound. */
export function resolve(term: SlotTerm, bindings: Bindings): Value | undefined {
  return isSlot(term) ? bindings[term.slot]?.value : term.value;
}
