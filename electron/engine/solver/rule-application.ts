/**
 * Applying one rule to a goal: choose conditions in the rule's ordering mode, join relationship
 * conditions against solved sub-goals, evaluate expressions, and conclude facts with the weighted
 * certainty formula.
 */
import { evaluate, type EvalContext, type ListFact, type ListPattern, type TypedValue } from '../expressions';
import { Fact, type ConditionRecord } from '../facts/fact';
import type { DataType, KnowledgeMap, Rule, Value } from '../model/types';
import { roundCertainty, sameValue } from '../values';
import { compileRule, isSlot, resolve, type Bindings, type Bound, type CompiledCondition, type CompiledRule } from './compile';

/** What rule application needs from the solver. */
export interface RuleHost {
  readonly map: KnowledgeMap;
  readonly now: number;
  tick(): void;
  solve(relationship: string, subject: string | undefined, object: Value | undefined, mayAsk?: boolean): Fact[];
  best(relationship: string, subject: string): Fact | undefined;
  addInferred(fact: Fact): void;
}

/** Applies `rule` to the goal (subject?, rule's relationship, object?), adding every fact it derives. */
export function applyRule(host: RuleHost, rule: Rule, subject: string | undefined, object: Value | undefined): void {
  const compiled = compileRule(rule);
  const bindings: Bindings = new Array(compiled.variables.length);
  if (!bindEnd(compiled.subject, subject, 'string', bindings)) return;
  const objectType = objectTypeOf(host.map, rule.relationship);
  if (!bindEnd(compiled.object, object, objectType, bindings)) return;
  const application = new RuleApplication(host, compiled);
  application.step(bindings, new Array(compiled.conditions.length), compiled.conditions.length);
}

/** Binds a header end to the goal's value; false when a literal header contradicts the goal. */
function bindEnd(term: CompiledRule['subject'], value: Value | undefined, type: DataType, bindings: Bindings): boolean {
  if (value === undefined) return true;
  if (!isSlot(term)) return sameValue(term.value, value);
  bindings[term.slot] = { value, type };
  return true;
}

function objectTypeOf(map: KnowledgeMap, relationship: string): DataType {
  const definition = map.relationships.get(relationship);
  return (definition && map.concepts.get(definition.object)?.type) ?? 'string';
}

type Records = (ConditionRecord | undefined)[];

class RuleApplication {
  constructor(
    private readonly host: RuleHost,
    private readonly compiled: CompiledRule,
  ) {}

  /** Depth-first over the remaining conditions; `records[i]` is set once condition i is decided. */
  step(bindings: Bindings, records: Records, remaining: number): void {
    this.host.tick();
    if (remaining === 0) {
      this.conclude(bindings, records);
      return;
    }
    const index = this.pick(bindings, records);
    if (index < 0 && this.compiled.rule.ordering === 'top-down-strict') {
      // Strict order: a condition that cannot run now fails the rule, or counts as unmet if optional.
      const first = firstUndecided(records, this.compiled.conditions.length);
      const condition = this.compiled.conditions[first];
      if (!condition.source.optional) return;
      const next = records.slice();
      next[first] = unmetRecord(condition, bindings);
      this.step(bindings, next, remaining - 1);
      return;
    }
    if (index < 0) {
      this.finishUnready(bindings, records);
      return;
    }
    const condition = this.compiled.conditions[index];
    if (condition.kind === 'relationship') this.joinRelationship(index, condition, bindings, records, remaining);
    else this.evaluateExpression(index, condition, bindings, records, remaining);
  }

  /** The next condition to process under the rule's ordering mode, or -1 when none can run. */
  private pick(bindings: Bindings, records: Records): number {
    const conditions = this.compiled.conditions;
    const mode = this.compiled.rule.ordering;
    if (mode === 'top-down-strict') {
      const first = firstUndecided(records, conditions.length);
      return first >= 0 && this.ready(conditions[first], bindings) ? first : -1;
    }
    if (mode === 'default') {
      // Cheap filters first: a pure expression whose inputs are bound can only prune the search.
      for (let index = 0; index < conditions.length; index++) {
        const condition = conditions[index];
        if (records[index] === undefined && condition.kind === 'expression' && condition.pure && this.ready(condition, bindings)) return index;
      }
    }
    for (let index = 0; index < conditions.length; index++) {
      if (records[index] === undefined && this.ready(conditions[index], bindings)) return index;
    }
    // Last resort: enumerate a relationship whose ends are both unbound when one of them is the rule's
    // own S or O (a subject query). Free-floating joins on other variables never bind, as on the platform.
    for (let index = 0; index < conditions.length; index++) {
      const condition = conditions[index];
      if (records[index] === undefined && condition.kind === 'relationship' && this.touchesHeaderVariable(condition)) return index;
    }
    return -1;
  }

  private ready(condition: CompiledCondition, bindings: Bindings): boolean {
    if (condition.kind === 'relationship') {
      return resolve(condition.subject, bindings) !== undefined || resolve(condition.object, bindings) !== undefined;
    }
    return condition.reads.every((slot) => bindings[slot] !== undefined);
  }

  private touchesHeaderVariable(condition: CompiledCondition & { kind: 'relationship' }): boolean {
    const header = [this.compiled.subject, this.compiled.object].filter(isSlot).map((term) => term.slot);
    return [condition.subject, condition.object].some((term) => isSlot(term) && header.includes(term.slot));
  }

  /** No condition can run: optional ones count as unmet; a mandatory one fails the rule. */
  private finishUnready(bindings: Bindings, records: Records): void {
    const conditions = this.compiled.conditions;
    const finished = records.slice();
    for (let index = 0; index < conditions.length; index++) {
      if (finished[index] !== undefined) continue;
      const condition = conditions[index];
      if (!condition.source.optional) return;
      finished[index] = unmetRecord(condition, bindings);
    }
    this.conclude(bindings, finished);
  }

  private joinRelationship(
    index: number,
    condition: CompiledCondition & { kind: 'relationship' },
    bindings: Bindings,
    records: Records,
    remaining: number,
  ): void {
    const relationship = condition.source.relationship;
    const subjectValue = resolve(condition.subject, bindings);
    const objectValue = resolve(condition.object, bindings);
    const subject = subjectValue === undefined || subjectValue === null ? undefined : String(subjectValue);
    let candidates = this.host.solve(relationship, subject, objectValue);
    const definition = this.host.map.relationships.get(relationship);
    if (definition && !definition.plural && subject !== undefined && objectValue === undefined && candidates.length > 1) {
      // A singular relationship has one value per subject: the most certain.
      const best = this.host.best(relationship, subject);
      candidates = best ? [best] : [];
    }
    let matched = false;
    for (const fact of candidates) {
      const extended = this.bindFact(condition, fact, bindings);
      if (!extended) continue;
      matched = true;
      const next = records.slice();
      next[index] = { kind: 'relationship', met: true, fact };
      this.step(extended, next, remaining - 1);
    }
    if (!matched && condition.source.optional) {
      const next = records.slice();
      next[index] = unmetRecord(condition, bindings);
      this.step(bindings, next, remaining - 1);
    }
  }

  /** Bindings extended by a matching fact, or undefined when the fact contradicts them. */
  private bindFact(condition: CompiledCondition & { kind: 'relationship' }, fact: Fact, bindings: Bindings): Bindings | undefined {
    let extended = bindings;
    const bind = (term: typeof condition.subject, value: Value, type: DataType): boolean => {
      if (!isSlot(term)) return sameValue(term.value, value);
      const bound = extended[term.slot];
      if (bound !== undefined) return sameValue(bound.value, value) || String(bound.value) === String(value);
      if (extended === bindings) extended = bindings.slice();
      extended[term.slot] = { value, type };
      return true;
    };
    if (!bind(condition.subject, fact.subject, 'string')) return undefined;
    if (!bind(condition.object, fact.object, fact.objectType)) return undefined;
    return extended;
  }

  private evaluateExpression(
    index: number,
    condition: CompiledCondition & { kind: 'expression' },
    bindings: Bindings,
    records: Records,
    remaining: number,
  ): void {
    const result = evaluate(condition.source.expression, this.evalContext(bindings));
    let met = false;
    let extended = bindings;
    const calls = result.ok ? result.calls : [];
    if (result.ok) {
      if (condition.target === undefined) {
        met = result.value.value === true;
      } else {
        const bound = bindings[condition.target];
        if (bound === undefined) {
          extended = bindings.slice();
          extended[condition.target] = { value: result.value.value, type: result.value.type };
          met = true;
        } else {
          met = sameValue(bound.value, result.value.value);
        }
      }
    }
    if (!met && !condition.source.optional) return;
    const next = records.slice();
    next[index] = { kind: 'expression', met, calls };
    this.step(extended, next, remaining - 1);
  }

  private evalContext(bindings: Bindings): EvalContext {
    const host = this.host;
    const slots = this.compiled.variables;
    return {
      variable(name: string): TypedValue | undefined {
        const slot = slots.indexOf(name);
        const bound = slot < 0 ? undefined : bindings[slot];
        return bound === undefined ? undefined : { value: bound.value, type: bound.type };
      },
      listFacts(subject: ListPattern, relationship: string, object: ListPattern): readonly ListFact[] {
        const subjectValue = subject.kind === 'value' && subject.value !== null ? String(subject.value) : undefined;
        const objectValue = object.kind === 'value' ? object.value : undefined;
        // List functions match and infer, but never ask: they count what is known.
        return host.solve(relationship, subjectValue, objectValue, false).map(toListFact);
      },
      now: () => host.now,
    };
  }

  private conclude(bindings: Bindings, records: Records): void {
    const { rule, totalWeight } = this.compiled;
    const subject = resolve(this.compiled.subject, bindings);
    const object = resolve(this.compiled.object, bindings);
    if (subject === undefined || subject === null || object === undefined) return;
    let weighted = 0;
    rule.conditions.forEach((condition, index) => {
      weighted += condition.weight * conditionCertainty(records[index]);
    });
    // Weights of 0 everywhere: the rule's own certainty (the platform requires a positive sum).
    const exact = totalWeight > 0 ? (rule.certainty * weighted) / (100 * totalWeight) : rule.certainty;
    if (exact < rule.minimumCertainty) return;
    const certainty = roundCertainty(exact);
    if (certainty <= 0) return;
    const objectType = objectTypeOf(this.host.map, rule.relationship);
    const value = typedObject(object, objectType);
    const bound = new Map<string, Bound>();
    this.compiled.variables.forEach((name, slot) => {
      const entry = bindings[slot];
      if (entry !== undefined) bound.set(name, entry);
    });
    const derivationKey = objectType === 'number' ? `${rule.index}\u0000${JSON.stringify(bindings.map((entry) => entry?.value ?? null))}` : undefined;
    const conditions = records.map((record, index) => record ?? unmetRecord(this.compiled.conditions[index], bindings));
    this.host.addInferred(
      new Fact(String(subject), rule.relationship, value, objectType, certainty, 'rule', this.host.now, { rule, bindings: bound, conditions, exactCertainty: exact }, derivationKey),
    );
  }
}

function firstUndecided(records: Records, count: number): number {
  for (let index = 0; index < count; index++) if (records[index] === undefined) return index;
  return -1;
}

function conditionCertainty(record: ConditionRecord | undefined): number {
  if (!record || !record.met) return 0;
  return record.kind === 'relationship' ? record.fact.certainty : 100;
}

function unmetRecord(condition: CompiledCondition, bindings: Bindings): ConditionRecord {
  if (condition.kind === 'expression') return { kind: 'expression', met: false, calls: [] };
  return { kind: 'relationship', met: false, subject: resolve(condition.subject, bindings), object: resolve(condition.object, bindings) };
}

/** Rule conclusions take the type of the relationship's object concept. */
function typedObject(value: Value, type: DataType): Value {
  if (value === null) return null;
  if (type === 'string') return typeof value === 'string' ? value : String(value);
  if ((type === 'number' || type === 'date') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (type === 'truth' && typeof value === 'string') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

function toListFact(fact: Fact): ListFact {
  return {
    subject: fact.subject,
    relationship: fact.relationship,
    object: fact.object,
    objectType: fact.objectType,
    certainty: fact.certainty,
    get factID() {
      return fact.id;
    },
  };
}
