/**
 * One rule tried again, after a query, against everything the session knows: its conditions in the
 * rule's ordering, joined over the known facts (no questions, no inference: the run that just ended
 * did both), to find where each binding stops. The binding that got furthest says why the rule
 * concluded nothing. A diagnosis, not a second solver: it reads the session's state and never
 * changes it.
 */
import { evaluate, type EvalContext, type ListFact, type ListPattern } from '../expressions';
import type { Fact } from '../facts/fact';
import { objectTypeOf } from '../model/lookup';
import type { Condition, DataType, KnowledgeMap, RelationshipCondition, Rule, Term, Value } from '../model/types';
import { sameValue } from '../values';

/** A variable's value and type. */
export interface Bound {
  readonly value: Value;
  readonly type: DataType | 'null';
}

export type Env = ReadonlyMap<string, Bound>;

/** What a probe reads: the map, and every fact the session knows now. */
export interface KnownState {
  readonly map: KnowledgeMap;
  lookup(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[];
  readonly now: number;
}

/** Why one binding of a rule stopped. */
export type Halt =
  | { readonly kind: 'missing'; readonly condition: number; readonly subject: string | undefined; readonly object: Value | undefined }
  | { readonly kind: 'false'; readonly condition: number }
  | { readonly kind: 'unbound'; readonly condition: number | undefined; readonly variable: string }
  | { readonly kind: 'under-minimum'; readonly certainty: number; readonly unmetOptional: readonly number[] };

interface ProbeResult {
  /** The certainty of the best binding that concludes, when one does (the rule holds now). */
  readonly holds?: number;
  /** Otherwise, where the binding that got furthest stopped, and its variables there. */
  readonly halt?: Halt;
  readonly env: Env;
  /** The search stopped at its step limit: the furthest binding is the furthest among those tried. */
  readonly cut: boolean;
}

/** Bindings tried per rule before the probe settles for what it has found (a join can be huge). */
export const STEP_LIMIT = 20_000;

/** The header bound to the goal; undefined when a literal in the header contradicts it (the rule does not apply). */
export function headerEnv(map: KnowledgeMap, rule: Rule, subject: string | undefined, object: Value | undefined): Env | undefined {
  const env = new Map<string, Bound>();
  const bind = (term: Term, value: Value | undefined, type: DataType): boolean => {
    if (value === undefined) return true;
    if (term.kind === 'literal') return sameValue(term.value, value);
    env.set(term.name, { value, type });
    return true;
  };
  if (!bind(rule.subject, subject, 'string')) return undefined;
  if (!bind(rule.object, object, objectTypeOf(map, rule.relationship))) return undefined;
  return env;
}

function resolve(term: Term, env: Env): Value | undefined {
  return term.kind === 'literal' ? term.value : env.get(term.name)?.value;
}

/** Variables an expression condition reads (its assignment target is written, not read). */
function reads(condition: Condition & { kind: 'expression' }): readonly string[] {
  return condition.expression.variables.filter((name) => name !== condition.assignTo);
}

function ready(condition: Condition, env: Env): boolean {
  if (condition.kind === 'relationship')
    return resolve(condition.subject, env) !== undefined || resolve(condition.object, env) !== undefined;
  return reads(condition).every((name) => env.has(name));
}

/** A bound or literal end must equal the fact's value (as the solver compares them). */
function matchesEnd(expected: Value | undefined, value: Value): boolean {
  return (
    expected === undefined || sameValue(expected, value) || (expected !== null && value !== null && String(expected) === String(value))
  );
}

interface Best {
  progress: number;
  halt: Halt;
  env: Env;
}

/** Tries `rule` under `env` (its header bound to the goal) and reports the furthest any binding got. */
export function probeRule(state: KnownState, rule: Rule, start: Env): ProbeResult {
  const conditions = rule.conditions;
  const totalWeight = conditions.reduce((sum, condition) => sum + condition.weight, 0);
  let best: Best | undefined;
  let holds: number | undefined;
  let steps = 0;

  const stop = (progress: number, halt: Halt, env: Env): void => {
    if (
      !best ||
      progress > best.progress ||
      (halt.kind === 'under-minimum' && best.halt.kind === 'under-minimum' && halt.certainty > best.halt.certainty)
    )
      best = { progress, halt, env: new Map(env) };
  };

  const conclude = (certainties: readonly (number | undefined)[], env: Env): void => {
    const subject = resolve(rule.subject, env);
    const object = resolve(rule.object, env);
    if (subject === undefined || subject === null || object === undefined) {
      const variable =
        rule.subject.kind === 'variable' && subject === undefined
          ? rule.subject.name
          : rule.object.kind === 'variable'
            ? rule.object.name
            : 'O';
      stop(conditions.length, { kind: 'unbound', condition: undefined, variable }, env);
      return;
    }
    let weighted = 0;
    conditions.forEach((condition, index) => (weighted += condition.weight * (certainties[index] ?? 0)));
    const exact = totalWeight > 0 ? (rule.certainty * weighted) / (100 * totalWeight) : rule.certainty;
    if (exact >= rule.minimumCertainty && Math.round(exact + 1e-9) > 0) {
      holds = Math.max(holds ?? 0, exact);
      return;
    }
    const unmetOptional = conditions.flatMap((condition, index) => (condition.optional && !certainties[index] ? [index] : []));
    stop(conditions.length + 1, { kind: 'under-minimum', certainty: exact, unmetOptional }, env);
  };

  /** The next condition to decide, as the solver chooses it; -1 when none can run. */
  const pick = (decided: readonly boolean[], env: Env): number => {
    if (rule.ordering === 'top-down-strict') {
      const first = decided.indexOf(false);
      return first >= 0 && ready(conditions[first], env) ? first : -1;
    }
    for (let index = 0; index < conditions.length; index++) if (!decided[index] && ready(conditions[index], env)) return index;
    // As the solver: a relationship on the rule's own S or O may enumerate its facts.
    const header = new Set([rule.subject, rule.object].flatMap((term) => (term.kind === 'variable' ? [term.name] : [])));
    for (let index = 0; index < conditions.length; index++) {
      const condition = conditions[index];
      if (decided[index] || condition.kind !== 'relationship') continue;
      const ends = [condition.subject, condition.object];
      if (ends.some((term) => term.kind === 'variable' && header.has(term.name))) return index;
    }
    return -1;
  };

  const search = (decided: boolean[], certainties: (number | undefined)[], env: Map<string, Bound>, progress: number): void => {
    if (holds !== undefined || ++steps > STEP_LIMIT) return;
    if (progress === conditions.length) {
      conclude(certainties, env);
      return;
    }
    const index = pick(decided, env);
    if (index < 0) {
      // Nothing can run: optional conditions count as unmet, a mandatory one stops the rule.
      const first = decided.findIndex((done, at) => !done && !conditions[at].optional);
      if (first < 0) {
        conclude(certainties, env);
        return;
      }
      const condition = conditions[first];
      const variable =
        condition.kind === 'expression'
          ? (reads(condition).find((name) => !env.has(name)) ?? '')
          : [condition.subject, condition.object].find((term) => term.kind === 'variable' && !env.has(term.name));
      const name = typeof variable === 'string' ? variable : variable?.kind === 'variable' ? variable.name : '';
      stop(progress, { kind: 'unbound', condition: first, variable: name }, env);
      return;
    }
    const condition = conditions[index];
    decided[index] = true;
    if (condition.kind === 'relationship') joinRelationship(index, condition, decided, certainties, env, progress);
    else testExpression(index, condition, decided, certainties, env, progress);
    decided[index] = false;
    certainties[index] = undefined;
  };

  const joinRelationship = (
    index: number,
    condition: RelationshipCondition,
    decided: boolean[],
    certainties: (number | undefined)[],
    env: Map<string, Bound>,
    progress: number,
  ): void => {
    const subjectValue = resolve(condition.subject, env);
    const subject = subjectValue === undefined || subjectValue === null ? undefined : String(subjectValue);
    const object = resolve(condition.object, env);
    let candidates = state.lookup(condition.relationship, subject, object);
    const definition = state.map.relationships.get(condition.relationship);
    if (definition && !definition.plural && subject !== undefined && object === undefined && candidates.length > 1) {
      // A singular relationship has one value per subject: the most certain (as the solver reads it).
      candidates = [candidates.reduce((top, fact) => (fact.certainty > top.certainty ? fact : top))];
    }
    let matched = false;
    for (const fact of candidates) {
      if (holds !== undefined || steps > STEP_LIMIT) return;
      const added: string[] = [];
      const unify = (term: Term, value: Value, type: DataType | 'null'): boolean => {
        if (term.kind === 'variable' && !env.has(term.name)) {
          env.set(term.name, { value, type });
          added.push(term.name);
          return true;
        }
        return matchesEnd(resolve(term, env), value);
      };
      if (unify(condition.subject, fact.subject, 'string') && unify(condition.object, fact.object, fact.objectType)) {
        matched = true;
        certainties[index] = fact.certainty;
        search(decided, certainties, env, progress + 1);
      }
      for (const name of added) env.delete(name);
    }
    if (matched) return;
    if (condition.optional) {
      certainties[index] = 0;
      search(decided, certainties, env, progress + 1);
      return;
    }
    stop(progress, { kind: 'missing', condition: index, subject, object }, env);
  };

  const testExpression = (
    index: number,
    condition: Condition & { kind: 'expression' },
    decided: boolean[],
    certainties: (number | undefined)[],
    env: Map<string, Bound>,
    progress: number,
  ): void => {
    const result = evaluate(condition.expression, evalContext(state, env));
    if (!result.ok && result.reason === 'unbound') {
      if (condition.optional) {
        certainties[index] = 0;
        search(decided, certainties, env, progress + 1);
      } else stop(progress, { kind: 'unbound', condition: index, variable: result.variable ?? '' }, env);
      return;
    }
    let met = false;
    let assigned: string | undefined;
    if (result.ok) {
      const target = condition.assignTo;
      if (target === undefined) met = result.value.value === true;
      else if (!env.has(target)) {
        env.set(target, { value: result.value.value, type: result.value.type });
        assigned = target;
        met = true;
      } else met = sameValue(env.get(target)?.value ?? null, result.value.value);
    }
    if (met || condition.optional) {
      certainties[index] = met ? 100 : 0;
      search(decided, certainties, env, progress + 1);
    } else stop(progress, { kind: 'false', condition: index }, env);
    if (assigned !== undefined) env.delete(assigned);
  };

  search(
    conditions.map(() => false),
    conditions.map(() => undefined),
    new Map(start),
    0,
  );
  const cut = steps > STEP_LIMIT;
  if (holds !== undefined) return { holds, env: start, cut: false };
  const found = best as Best | undefined;
  // Every search reaches a first leaf (a stop or a conclusion) within one step per condition.
  return found
    ? { halt: found.halt, env: found.env, cut }
    : { halt: { kind: 'unbound', condition: undefined, variable: 'S' }, env: start, cut };
}

/** Expressions read bound variables and, for list functions, the known facts (never inferring or asking). */
function evalContext(state: KnownState, env: Env): EvalContext {
  return {
    variable: (name) => {
      const bound = env.get(name);
      return bound === undefined ? undefined : { value: bound.value, type: bound.type };
    },
    listFacts(subject: ListPattern, relationship: string, object: ListPattern): readonly ListFact[] {
      const subjectValue = subject.kind === 'value' && subject.value !== null ? String(subject.value) : undefined;
      const objectValue = object.kind === 'value' ? object.value : undefined;
      return state.lookup(relationship, subjectValue, objectValue).map((fact) => ({
        subject: fact.subject,
        relationship: fact.relationship,
        object: fact.object,
        objectType: fact.objectType,
        certainty: fact.certainty,
        factID: '',
      }));
    },
    now: () => state.now,
  };
}
