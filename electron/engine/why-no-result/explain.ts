/**
 * "Why no result?": after a query, each rule that could conclude the queried relationship for the
 * query's subject or object, and the first thing that stopped it: a missing fact (and why it is
 * missing: never given, skipped or answered no, or inferred under its rule's minimum), a false
 * expression, an unbound variable, or the rule's own certainty under its minimum. Read from the
 * session's state when the query has ended (see `Session.whyNoResult`); the solver is not involved.
 */
import type { RuleDiagnosis, StopReason, StoppingCondition, WhyNoResult } from '../../common/why-no-result';
import type { Condition, Rule, Term, Value } from '../model/types';
import type { AskedState } from '../solver/solver';
import { questionForm } from '../solver/run-parts';
import { questionKey } from '../solver/signals';
import { displayValue } from '../values';
import { headerEnv, probeRule, STEP_LIMIT, type Env, type Halt, type KnownState } from './probe';

interface DiagnosisState extends KnownState {
  /** The session's questions, by key, and how each ended. */
  readonly asked: ReadonlyMap<string, AskedState>;
}

interface Goal {
  readonly relationship: string;
  readonly subject?: string | undefined;
  readonly object?: Value | undefined;
}

/** How deep the search for a sub-goal's rule under its minimum goes (a chain of rules, not a recursion). */
const MAX_DEPTH = 6;

/** A missing fact's cause: the question for it was skipped, or its rule fell under its minimum. */
type Cause =
  | { readonly kind: 'skipped'; readonly answer: 'skipped' | 'no' }
  | { readonly kind: 'weak'; readonly rule: Rule; readonly certainty: number }
  | { readonly kind: 'none'; readonly askable: boolean; readonly inferable: boolean };

function termText(term: Term): string {
  return term.kind === 'variable' ? `%${term.name}` : displayValue(term.value, undefined);
}

/** A condition as written: `%S lives in %COUNTRY`, or the expression (with its target). */
function conditionText(condition: Condition): string {
  if (condition.kind === 'relationship') return `${termText(condition.subject)} ${condition.relationship} ${termText(condition.object)}`;
  return condition.assignTo === undefined ? condition.expression.text : `${condition.expression.text} → %${condition.assignTo}`;
}

function stoppingCondition(rule: Rule, index: number): StoppingCondition {
  const condition = rule.conditions[index];
  return {
    index,
    text: conditionText(condition),
    line: condition.position.line,
    column: condition.position.column,
    optional: condition.optional,
  };
}

function wantedText(relationship: string, subject: string | undefined, object: Value | undefined): string {
  return `${subject ?? '?'} ${relationship} ${object === undefined ? '?' : displayValue(object, undefined)}`;
}

class Diagnoser {
  /** Sub-goals whose rules were searched for one under its minimum (and what was found), and those open now. */
  private readonly weak = new Map<string, { rule: Rule; certainty: number } | null>();
  private readonly open = new Set<string>();

  constructor(
    private readonly state: DiagnosisState,
    private readonly concluded: boolean,
  ) {}

  /** Why no fact of (subject?, relationship, object?) is known. */
  cause(relationship: string, subject: string | undefined, object: Value | undefined, depth: number): Cause {
    const definition = this.state.map.relationships.get(relationship);
    const form = definition ? questionForm(definition, subject, object) : undefined;
    if (form) {
      const asked = this.state.asked;
      const keys = [questionKey(form, relationship, subject, form === 'Second Form Object' ? undefined : object)];
      // A second-form question covers the yes/no one (as the solver asks).
      if (form === 'First Form')
        keys.push(
          questionKey('Second Form Object', relationship, subject, undefined),
          questionKey('Second Form Subject', relationship, undefined, object),
        );
      for (const key of keys) {
        const ended = asked.get(key);
        if (ended === 'skipped') return { kind: 'skipped', answer: 'skipped' };
        if (ended === 'declined') return { kind: 'skipped', answer: 'no' };
      }
    }
    const weak = this.weakest(relationship, subject, object, depth);
    if (weak) return { kind: 'weak', ...weak };
    return {
      kind: 'none',
      askable: form !== undefined,
      inferable: (this.state.map.rulesByRelationship.get(relationship)?.length ?? 0) > 0,
    };
  }

  /** The most certain conclusion of the goal that its rule's minimum certainty kept from existing, if any. */
  private weakest(relationship: string, subject: string | undefined, object: Value | undefined, depth: number) {
    const rules = this.state.map.rulesByRelationship.get(relationship) ?? [];
    if (rules.length === 0 || depth >= MAX_DEPTH) return undefined;
    const key = JSON.stringify([relationship, subject ?? null, object ?? null]);
    if (this.weak.has(key)) return this.weak.get(key) ?? undefined;
    if (this.open.has(key)) return undefined;
    this.open.add(key);
    let found: { rule: Rule; certainty: number } | null = null;
    for (const rule of rules) {
      const env = headerEnv(this.state.map, rule, subject, object);
      if (!env) continue;
      const halt = probeRule(this.state, rule, env).halt;
      if (halt?.kind === 'under-minimum' && (!found || halt.certainty > found.certainty)) found = { rule, certainty: halt.certainty };
    }
    this.open.delete(key);
    this.weak.set(key, found);
    return found ?? undefined;
  }

  diagnose(rule: Rule, start: Env): RuleDiagnosis {
    const probe = probeRule(this.state, rule, start);
    const stop =
      probe.holds !== undefined ? { kind: 'conditions-hold' as const, certainty: probe.holds } : this.reason(rule, probe.halt, 0);
    const bindings = [...probe.env].map(([variable, bound]) => ({ variable, value: bound.value }));
    return {
      ruleIndex: rule.index,
      relationship: rule.relationship,
      ...(rule.name === undefined ? {} : { name: rule.name }),
      ...(rule.alt === undefined ? {} : { alt: rule.alt }),
      certainty: rule.certainty,
      minimumCertainty: rule.minimumCertainty,
      conditions: rule.conditions.map((condition) =>
        condition.kind === 'expression' ? condition.expression.text : condition.relationship,
      ),
      line: rule.position.line,
      column: rule.position.column,
      stop,
      bindings,
      ...(probe.cut ? { searchCut: true } : {}),
      message:
        describe(stop, probe.env, this.concluded) +
        (probe.cut ? ` (Only the first ${STEP_LIMIT.toLocaleString('en')} bindings were tried.)` : ''),
    };
  }

  private reason(rule: Rule, halt: Halt | undefined, depth: number): StopReason {
    if (!halt) return { kind: 'unbound-variable', variable: 'S' };
    switch (halt.kind) {
      case 'false':
        return { kind: 'expression-false', condition: stoppingCondition(rule, halt.condition) };
      case 'unbound':
        return halt.condition === undefined
          ? { kind: 'unbound-variable', variable: halt.variable }
          : { kind: 'unbound-variable', condition: stoppingCondition(rule, halt.condition), variable: halt.variable };
      case 'under-minimum':
        return {
          kind: 'under-minimum',
          certainty: halt.certainty,
          minimum: rule.minimumCertainty,
          unmetOptional: halt.unmetOptional.map((index) => stoppingCondition(rule, index)),
        };
      case 'missing': {
        const condition = rule.conditions[halt.condition] as Condition & { kind: 'relationship' };
        const wanted = wantedText(condition.relationship, halt.subject, halt.object);
        const where = stoppingCondition(rule, halt.condition);
        const cause = this.cause(condition.relationship, halt.subject, halt.object, depth + 1);
        if (cause.kind === 'skipped') return { kind: 'question-skipped', condition: where, wanted, answer: cause.answer };
        if (cause.kind === 'weak')
          return {
            kind: 'below-threshold',
            condition: where,
            wanted,
            certainty: cause.certainty,
            minimum: cause.rule.minimumCertainty,
            rule: {
              relationship: cause.rule.relationship,
              ...(cause.rule.name === undefined ? {} : { name: cause.rule.name }),
              line: cause.rule.position.line,
            },
          };
        return { kind: 'no-fact', condition: where, wanted, askable: cause.askable, inferable: cause.inferable };
      }
    }
  }
}

const percent = (value: number): string => `${Math.round(value * 100) / 100}%`;

function at(condition: StoppingCondition): string {
  return `condition ${condition.index + 1} (${condition.text})`;
}

/** The values an expression condition read, for its message: ` with %AGE = 12`. */
function valuesRead(condition: StoppingCondition, env: Env): string {
  const shown = [...env].filter(([name]) => new RegExp(`%${name}(?![A-Za-z0-9_])`).test(condition.text));
  return shown.length === 0
    ? ''
    : ` with ${shown.map(([name, bound]) => `%${name} = ${displayValue(bound.value, bound.type)}`).join(', ')}`;
}

/** One sentence for people. */
function describe(stop: StopReason, env: Env, concluded: boolean): string {
  switch (stop.kind) {
    case 'no-fact': {
      const how = stop.inferable
        ? 'its rules concluded none'
        : stop.askable
          ? 'none was given or answered'
          : 'none was given, no rule concludes it and it is never asked';
      return `Stopped at ${at(stop.condition)}: no fact "${stop.wanted}" (${how}).`;
    }
    case 'below-threshold': {
      const rule = stop.rule.name ? `rule "${stop.rule.name}"` : `the rule at line ${stop.rule.line}`;
      return `Stopped at ${at(stop.condition)}: "${stop.wanted}" reached only ${percent(stop.certainty)}, under the minimum of ${percent(stop.minimum)} of ${rule}, so it was not concluded.`;
    }
    case 'expression-false':
      return `Stopped at ${at(stop.condition)}: the expression is false${valuesRead(stop.condition, env)}.`;
    case 'question-skipped':
      return `Stopped at ${at(stop.condition)}: the question for "${stop.wanted}" was ${stop.answer === 'no' ? 'answered no' : 'skipped'}.`;
    case 'unbound-variable':
      return stop.condition
        ? `Stopped at ${at(stop.condition)}: it reads %${stop.variable}, which no condition before it binds.`
        : `Its conclusion needs %${stop.variable}, which no condition binds.`;
    case 'under-minimum': {
      const optional =
        stop.unmetOptional.length === 0
          ? ''
          : ` (unmet optional ${stop.unmetOptional.map((condition) => at(condition)).join(', ')} counted as 0)`;
      return `Every mandatory condition was met, but the rule's certainty ${percent(stop.certainty)} is under its minimum of ${percent(stop.minimum)}${optional}.`;
    }
    case 'conditions-hold':
      if (concluded) return `Its conditions hold (certainty ${percent(stop.certainty)}).`;
      return `Its conditions hold now (certainty ${percent(stop.certainty)}): facts were added after the query; run it again.`;
  }
}

function who(goal: Goal): string {
  if (goal.subject !== undefined && goal.object !== undefined) return `${goal.subject} and ${displayValue(goal.object, undefined)}`;
  return goal.subject ?? (goal.object === undefined ? 'the query' : displayValue(goal.object, undefined));
}

/** The explanation of a query's (lack of) result from the session's state after it. */
export function explainNoResult(state: DiagnosisState, goal: Goal, concluded: boolean): WhyNoResult {
  const diagnoser = new Diagnoser(state, concluded);
  const all = state.map.rulesByRelationship.get(goal.relationship) ?? [];
  const rules: RuleDiagnosis[] = [];
  for (const rule of all) {
    const env = headerEnv(state.map, rule, goal.subject, goal.object);
    if (env) rules.push(diagnoser.diagnose(rule, env));
  }
  const query = {
    relationship: goal.relationship,
    ...(goal.subject === undefined ? {} : { subject: goal.subject }),
    ...(goal.object === undefined ? {} : { object: goal.object }),
  };
  return { query, concluded, summary: summarise(diagnoser, goal, all.length, rules, concluded), rules };
}

function summarise(diagnoser: Diagnoser, goal: Goal, ruleCount: number, rules: readonly RuleDiagnosis[], concluded: boolean): string {
  const subject = who(goal);
  if (concluded) return `The query concluded "${goal.relationship}" for ${subject}; each rule's state is below.`;
  if (rules.length > 0)
    return `Nothing concluded "${goal.relationship}" for ${subject}: ${rules.length === 1 ? 'its one rule' : `each of its ${rules.length} rules`} stopped, as shown.`;
  const others = ruleCount > 0 ? ` (its ${ruleCount === 1 ? 'rule is' : `${ruleCount} rules are`} for other subjects or objects)` : '';
  const cause = diagnoser.cause(goal.relationship, goal.subject, goal.object, 0);
  if (cause.kind === 'skipped')
    return `No rule concludes "${goal.relationship}" for ${subject}${others}, and its question was ${cause.answer === 'no' ? 'answered no' : 'skipped'}.`;
  if (cause.kind === 'none' && cause.askable)
    return `No rule concludes "${goal.relationship}" for ${subject}${others}, and no answer or fact gives it.`;
  return `No rule concludes "${goal.relationship}" for ${subject}${others}, and no fact of it is known.`;
}
