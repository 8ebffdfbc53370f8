/**
 * Applying one rule to a goal: choose conditions in the rule's ordering mode, join relationship
 * conditions against solved sub-goals, evaluate expressions, and conclude facts with the weighted
 * certainty formula.
 */
import { evaluate, type EvalContext, type ListFact, type ListPattern, type TypedValue } from '../expressions';
import { Fact, type ConditionRecord, type RuleOrigin } from '../facts/fact';
import { objectTypeOf } from '../model/lookup';
import type { DataType, KnowledgeMap, Rule, Value } from '../model/types';
import { roundCertainty, sameValue } from '../values';
import { compileRule, isSlot, resolve, type Bindings, type CompiledCondition, type CompiledRule, type SlotTerm } from './compile';

/** What rule application needs from the solver. */
export interface RuleHost {
  readonly map: KnowledgeMap;
  readonly now: number;
  /** What the facts this run concludes by `rule` share (see `RuleOrigin`). */
  originFor(rule: CompiledRule): RuleOrigin;
  tick(): void;
  /**
   * A sub-goal's facts when they are known now (tabled, open in a cycle, or unknown relationship);
   * undefined when the machine pushed a frame for it: the caller yields, and finds the facts in
   * `result` when it runs next.
   */
  call(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[] | undefined;
  /** The facts of the goal that finished last. */
  readonly result: readonly Fact[];
  /** Solves a goal to the end before returning (list functions: bounded by expression nesting). */
  solve(relationship: string, subject: string | undefined, object: Value | undefined, mayAsk?: boolean): readonly Fact[];
  best(relationship: string, subject: string): Fact | undefined;
  /** False when the fact was not kept. */
  addInferred(fact: Fact): boolean;
}

/** Binds a header end to the goal's value; false when a literal header contradicts the goal. */
function bindEnd(term: CompiledRule['subject'], value: Value | undefined, type: DataType, bindings: Bindings): boolean {
  if (value === undefined) return true;
  if (!isSlot(term)) return sameValue(term.value, value);
  bindings[term.slot] = { value, type };
  return true;
}

type Records = (ConditionRecord | undefined)[];

/** A level's alternatives: the candidate facts of a relationship condition, or one record. */
const JOIN = 0;
const ONCE = 1;

/**
 * A choice point: the condition decided at one depth and where its alternatives stand. One object
 * per depth, reused by every alternative tried there.
 */
interface Level {
  index: number;
  mode: typeof JOIN | typeof ONCE;
  candidates: readonly Fact[];
  position: number;
  /** Slots the condition binds (unbound before it), -1 for none. */
  subjectSlot: number;
  objectSlot: number;
  checkSubject: boolean;
  checkObject: boolean;
  matched: boolean;
  /** ONCE: the record, whether it was tried, and the slot an expression assigned (-1 for none). */
  record: ConditionRecord | undefined;
  tried: boolean;
  assigned: number;
}

function newLevel(): Level {
  return {
    index: 0,
    mode: JOIN,
    candidates: [],
    position: 0,
    subjectSlot: -1,
    objectSlot: -1,
    checkSubject: false,
    checkObject: false,
    matched: false,
    record: undefined,
    tried: false,
    assigned: -1,
  };
}

/**
 * The depth-first search over one rule's conditions, as a frame of the solver's machine: its choice
 * points are kept here, not on the JavaScript stack, so it can stop at a sub-goal the machine has
 * yet to solve and go on when the machine runs it again. `bindings` and `records` are set on the way
 * down and restored on the way back, and copied only when a fact is concluded: joins over many facts
 * then allocate per conclusion, not per step. The order of alternatives is the recursive search's.
 */
export class RuleApplication {
  private readonly records: Records;
  /** What the facts this application concludes share: rule, object type, run time, slot array. */
  private readonly origin: RuleOrigin;
  private readonly levels: Level[] = [];
  private depth = 0;
  /** Next: choose a condition at `depth` (true), or move the level below it on (false). */
  private entering = true;
  /** The relationship condition waiting for its sub-goal's facts, or -1. */
  private waitingOn = -1;
  private readonly compiled: CompiledRule;
  private readonly bindings: Bindings;
  private readonly objectType: DataType;

  /** An application of `rule` to the goal (subject?, rule's relationship, object?); undefined when the goal contradicts its header. */
  static start(host: RuleHost, rule: Rule, subject: string | undefined, object: Value | undefined): RuleApplication | undefined {
    const compiled = compileRule(rule);
    const bindings: Bindings = new Array(compiled.variables.length);
    if (!bindEnd(compiled.subject, subject, 'string', bindings)) return undefined;
    const objectType = objectTypeOf(host.map, rule.relationship);
    if (!bindEnd(compiled.object, object, objectType, bindings)) return undefined;
    return new RuleApplication(host, compiled, bindings, objectType);
  }

  private constructor(
    private readonly host: RuleHost,
    compiled: CompiledRule,
    bindings: Bindings,
    objectType: DataType,
  ) {
    this.compiled = compiled;
    this.bindings = bindings;
    this.objectType = objectType;
    this.records = new Array(compiled.conditions.length);
    this.origin = host.originFor(compiled);
  }

  /** Searches on; true when the search is over, false when it waits for a sub-goal the host pushed. */
  run(): boolean {
    if (this.waitingOn >= 0) {
      const index = this.waitingOn;
      this.waitingOn = -1;
      this.openJoin(index, this.compiled.conditions[index] as CompiledCondition & { kind: 'relationship' }, this.host.result);
      this.entering = false;
    }
    const total = this.compiled.conditions.length;
    for (;;) {
      if (this.entering) {
        this.host.tick();
        if (this.depth === total) this.conclude(this.records);
        else if (!this.open()) return false;
        this.entering = false;
        continue;
      }
      if (this.depth === 0) return true;
      const level = this.levels[this.depth - 1];
      if (level.mode === JOIN ? this.nextCandidate(level) : this.nextOnce(level)) this.entering = true;
      else this.depth--;
    }
  }

  /**
   * Opens a choice point at `depth` for the next condition (or concludes what can be concluded when
   * none can run). False when it waits for a sub-goal.
   */
  private open(): boolean {
    const index = this.pick();
    if (index >= 0) {
      const condition = this.compiled.conditions[index];
      if (condition.kind === 'relationship') {
        const bindings = this.bindings;
        const subjectValue = resolve(condition.subject, bindings);
        const subject = subjectValue === undefined || subjectValue === null ? undefined : String(subjectValue);
        const candidates = this.host.call(condition.source.relationship, subject, resolve(condition.object, bindings));
        if (candidates === undefined) {
          this.waitingOn = index;
          return false;
        }
        this.openJoin(index, condition, candidates);
      } else {
        this.evaluateExpression(index, condition);
      }
      return true;
    }
    if (this.compiled.rule.ordering === 'top-down-strict') {
      // Strict order: a condition that cannot run now fails the rule, or counts as unmet if optional.
      const first = this.firstUndecided();
      const condition = this.compiled.conditions[first];
      if (condition.source.optional) this.pushOnce(first, unmetRecord(condition, this.bindings), -1);
      return true;
    }
    this.finishUnready();
    return true;
  }

  private pushLevel(): Level {
    let level = this.levels[this.depth];
    if (level === undefined) this.levels.push((level = newLevel()));
    this.depth++;
    return level;
  }

  private pushOnce(index: number, record: ConditionRecord, assigned: number): void {
    const level = this.pushLevel();
    level.index = index;
    level.mode = ONCE;
    level.record = record;
    level.tried = false;
    level.assigned = assigned;
    level.candidates = NO_FACTS;
  }

  /** The single alternative of a ONCE level, then its undoing. */
  private nextOnce(level: Level): boolean {
    if (!level.tried) {
      level.tried = true;
      this.records[level.index] = level.record;
      return true;
    }
    this.records[level.index] = undefined;
    level.record = undefined;
    if (level.assigned >= 0) this.bindings[level.assigned] = undefined;
    return false;
  }

  private openJoin(index: number, condition: CompiledCondition & { kind: 'relationship' }, facts: readonly Fact[]): void {
    const bindings = this.bindings;
    const relationship = condition.source.relationship;
    const subjectValue = resolve(condition.subject, bindings);
    const objectValue = resolve(condition.object, bindings);
    const subject = subjectValue === undefined || subjectValue === null ? undefined : String(subjectValue);
    let candidates = facts;
    const definition = this.host.map.relationships.get(relationship);
    if (definition && !definition.plural && subject !== undefined && objectValue === undefined && candidates.length > 1) {
      // A singular relationship has one value per subject: the most certain.
      const best = this.host.best(relationship, subject);
      candidates = best ? [best] : [];
    }
    const level = this.pushLevel();
    level.index = index;
    level.mode = JOIN;
    level.candidates = candidates;
    level.position = 0;
    level.matched = false;
    level.tried = false;
    // Slots this condition binds (unbound now); restored after each candidate.
    const subjectSlot = isSlot(condition.subject) && bindings[condition.subject.slot] === undefined ? condition.subject.slot : -1;
    const objectSlot = isSlot(condition.object) && bindings[condition.object.slot] === undefined ? condition.object.slot : -1;
    level.subjectSlot = subjectSlot;
    level.objectSlot = objectSlot;
    // An end given to the lookup already matches every candidate: only the others are checked.
    level.checkSubject = subjectSlot < 0 && subject === undefined;
    level.checkObject = (objectSlot < 0 || objectSlot === subjectSlot) && objectValue === undefined;
  }

  /**
   * Undoes the candidate tried last and binds the next one that matches; after the last, an optional
   * condition that matched none is tried once as unmet. False when the level is exhausted.
   */
  private nextCandidate(level: Level): boolean {
    const bindings = this.bindings;
    const { subjectSlot, objectSlot, candidates } = level;
    if (subjectSlot >= 0) bindings[subjectSlot] = undefined;
    if (objectSlot >= 0) bindings[objectSlot] = undefined;
    const condition = this.compiled.conditions[level.index] as CompiledCondition & { kind: 'relationship' };
    while (level.position < candidates.length) {
      const fact = candidates[level.position++];
      const joined = fact.joined;
      if (subjectSlot >= 0) bindings[subjectSlot] = joined.subject;
      else if (level.checkSubject && !matchesEnd(condition.subject, bindings, fact.subject)) continue;
      if (objectSlot >= 0 && objectSlot !== subjectSlot) bindings[objectSlot] = joined.object;
      else if (level.checkObject && !matchesEnd(condition.object, bindings, fact.object)) {
        if (subjectSlot >= 0) bindings[subjectSlot] = undefined;
        continue;
      }
      level.matched = true;
      this.records[level.index] = joined.met;
      return true;
    }
    if (!level.matched && !level.tried && condition.source.optional) {
      level.tried = true;
      this.records[level.index] = unmetRecord(condition, bindings);
      return true;
    }
    this.records[level.index] = undefined;
    level.candidates = NO_FACTS;
    return false;
  }

  private firstUndecided(): number {
    const records = this.records;
    for (let index = 0; index < records.length; index++) if (records[index] === undefined) return index;
    return -1;
  }

  /** The next condition to process under the rule's ordering mode, or -1 when none can run. */
  private pick(): number {
    const conditions = this.compiled.conditions;
    const records = this.records;
    const mode = this.compiled.rule.ordering;
    if (mode === 'top-down-strict') {
      const first = this.firstUndecided();
      return first >= 0 && this.ready(conditions[first]) ? first : -1;
    }
    if (mode === 'default') {
      // Cheap filters first: a pure expression whose inputs are bound can only prune the search.
      for (let index = 0; index < conditions.length; index++) {
        const condition = conditions[index];
        if (records[index] === undefined && condition.kind === 'expression' && condition.pure && this.ready(condition)) return index;
      }
    }
    for (let index = 0; index < conditions.length; index++) {
      if (records[index] === undefined && this.ready(conditions[index])) return index;
    }
    // Last resort: enumerate a relationship whose ends are both unbound when one of them is the rule's
    // own S or O (a subject query). Free-floating joins on other variables never bind, as on the platform.
    for (let index = 0; index < conditions.length; index++) {
      const condition = conditions[index];
      if (records[index] === undefined && condition.kind === 'relationship' && this.touchesHeaderVariable(condition)) return index;
    }
    return -1;
  }

  private ready(condition: CompiledCondition): boolean {
    const bindings = this.bindings;
    if (condition.kind === 'relationship') {
      return resolve(condition.subject, bindings) !== undefined || resolve(condition.object, bindings) !== undefined;
    }
    for (const slot of condition.reads) if (bindings[slot] === undefined) return false;
    return true;
  }

  private touchesHeaderVariable(condition: CompiledCondition & { kind: 'relationship' }): boolean {
    const { subject, object } = this.compiled;
    const isHeader = (term: typeof condition.subject): boolean =>
      isSlot(term) && ((isSlot(subject) && subject.slot === term.slot) || (isSlot(object) && object.slot === term.slot));
    return isHeader(condition.subject) || isHeader(condition.object);
  }

  /** No condition can run: optional ones count as unmet; a mandatory one fails the rule. */
  private finishUnready(): void {
    const conditions = this.compiled.conditions;
    const finished = this.records.slice();
    for (let index = 0; index < conditions.length; index++) {
      if (finished[index] !== undefined) continue;
      const condition = conditions[index];
      if (!condition.source.optional) return;
      finished[index] = unmetRecord(condition, this.bindings);
    }
    this.conclude(finished);
  }

  /** Evaluates an expression condition and opens its one alternative (when met, or optional). */
  private evaluateExpression(index: number, condition: CompiledCondition & { kind: 'expression' }): void {
    const bindings = this.bindings;
    const result = evaluate(condition.source.expression, this.evalContext());
    let met = false;
    let assigned = -1;
    if (result.ok) {
      if (condition.target === undefined) {
        met = result.value.value === true;
      } else {
        const bound = bindings[condition.target];
        if (bound === undefined) {
          bindings[condition.target] = { value: result.value.value, type: result.value.type };
          assigned = condition.target;
          met = true;
        } else {
          met = sameValue(bound.value, result.value.value);
        }
      }
    }
    if (met || condition.source.optional) this.pushOnce(index, { kind: 'expression', met, calls: result.ok ? result.calls : [] }, assigned);
    else if (assigned >= 0) bindings[assigned] = undefined;
  }

  private evalContext(): EvalContext {
    const host = this.host;
    const slots = this.compiled.variables;
    const bindings = this.bindings;
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

  private conclude(records: Records): void {
    const { rule, totalWeight } = this.compiled;
    const bindings = this.bindings;
    const subject = resolve(this.compiled.subject, bindings);
    const object = resolve(this.compiled.object, bindings);
    if (subject === undefined || subject === null || object === undefined) return;
    let weighted = 0;
    const conditions = rule.conditions;
    for (let index = 0; index < conditions.length; index++) weighted += conditions[index].weight * conditionCertainty(records[index]);
    // Weights of 0 everywhere: the rule's own certainty (the platform requires a positive sum).
    const exact = totalWeight > 0 ? (rule.certainty * weighted) / (100 * totalWeight) : rule.certainty;
    if (exact < rule.minimumCertainty) return;
    const certainty = roundCertainty(exact);
    if (certainty <= 0) return;
    const objectType = this.objectType;
    const origin = this.origin;
    const arena = origin.derivedBy.arena;
    const slotsAt = arena.length;
    for (const bound of bindings) arena.push(bound);
    for (let index = 0; index < records.length; index++)
      arena.push(records[index] ?? unmetRecord(this.compiled.conditions[index], bindings));
    const derivationKey =
      objectType === 'number' ? `${rule.index}\u0000${JSON.stringify(bindings.map((entry) => entry?.value ?? null))}` : undefined;
    const fact = new Fact(String(subject), typedObject(object, objectType), certainty, origin, slotsAt, derivationKey);
    // A derivation that did not win keeps no slots.
    if (!this.host.addInferred(fact)) arena.length = slotsAt;
  }
}

/** A bound or literal condition end must equal the fact's value. */
function matchesEnd(term: SlotTerm, bindings: Bindings, value: Value): boolean {
  const expected = resolve(term, bindings);
  return (
    expected === undefined || sameValue(expected, value) || (expected !== null && value !== null && String(expected) === String(value))
  );
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
  if ((type === 'number' || type === 'date') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (type === 'truth' && typeof value === 'string') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

const NO_FACTS: readonly Fact[] = [];

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
