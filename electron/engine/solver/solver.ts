/**
 * One reasoning run: backward chaining by Match -> Infer -> Ask over goals (relationship, subject?,
 * object?), with tabling of completed goals and cycle detection for recursive rules.
 *
 * A run reads the map's facts and the session's base facts and writes only its own inferred facts.
 * It suspends by throwing a signal (`QuestionNeeded`, `DatasourceNeeded`); the session then runs the
 * query again with more facts. See docs/engine-semantics.md for every choice made here.
 */
import type { KnowledgeMap, Relationship, Value } from '../model/types';
import { objectTypeOf } from '../model/lookup';
import type { Fact, FactIndex, RuleOrigin, SlotArena } from '../facts/fact';
import type { CompiledRule } from './compile';
import { sameValue } from '../values';
import { applyRule, type RuleHost } from './rule-application';
import { DatasourceNeeded, QuestionNeeded, questionKey, ReasoningLimitExceeded, type QuestionForm } from './signals';
import { buildDatasourceRequest, datasourcesFor } from './datasource-requests';

/** How a question of the session ended: answered, skipped, or a first-form "no". */
export type AskedState = 'answered' | 'skipped' | 'declined';

export interface SolverContext {
  readonly map: KnowledgeMap;
  /** Read-only fact layers: the map's facts, then the session's base facts. */
  readonly layers: readonly FactIndex[];
  readonly asked: ReadonlyMap<string, AskedState>;
  /** Datasource calls already made (request keys). */
  readonly fetched: ReadonlySet<string>;
  readonly now: number;
  /** Upper bound on condition evaluations in one run. */
  readonly stepBudget?: number;
}

interface GoalFrame {
  readonly key: string;
  /** A goal deeper in the stack reached this one again: iterate its rules to a fixpoint. */
  recursive: boolean;
  /** This goal used the partial answers of an open goal below it, so it must not be tabled. */
  incomplete: boolean;
}

const MAX_FIXPOINT_ROUNDS = 64;
const DEFAULT_STEP_BUDGET = 20_000_000;

function goalKey(relationship: string, subject: string | undefined, object: Value | undefined): string {
  return `${relationship}\u0000${subject === undefined ? '*' : 's' + subject}\u0000${object === undefined ? '*' : JSON.stringify(object)}`;
}

export class Solver implements RuleHost {
  /** Facts inferred by this run. */
  readonly inferred: FactIndexWithShadows;
  /** Completed goals; the value says whether the goal was allowed to ask. */
  private readonly complete = new Map<string, boolean>();
  private readonly stack: GoalFrame[] = [];
  private readonly open = new Map<string, number>();
  private steps = 0;
  private readonly budget: number;
  /** Number-object facts by derivation (rule and bindings): each derivation is a fact of its own. */
  private readonly byDerivation = new Map<string, Fact>();
  /** The derivation slots of every fact this run concludes. */
  private readonly slotArena: SlotArena = [];
  private readonly origins = new Map<CompiledRule, RuleOrigin>();

  constructor(readonly context: SolverContext, inferred: FactIndex) {
    this.inferred = new FactIndexWithShadows(inferred);
    this.budget = context.stepBudget ?? DEFAULT_STEP_BUDGET;
  }

  get map(): KnowledgeMap {
    return this.context.map;
  }

  get now(): number {
    return this.context.now;
  }

  /** What the facts this run concludes by `rule` share: the rule, the run's time and its slot array. */
  originFor(rule: CompiledRule): RuleOrigin {
    let origin = this.origins.get(rule);
    if (!origin) {
      const relationship = rule.rule.relationship;
      const derivedBy = { rule, arena: this.slotArena };
      origin = { relationship, objectType: objectTypeOf(this.map, relationship), source: 'rule', time: this.now, derivedBy };
      this.origins.set(rule, origin);
    }
    return origin;
  }

  /** Counts one unit of work; throws when the run's budget is spent. */
  tick(): void {
    if (++this.steps > this.budget) {
      throw new ReasoningLimitExceeded(`reasoning stopped after ${this.budget.toLocaleString('en')} steps; the map may be combinatorial for this query`);
    }
  }

  /**
   * Every known fact matching the pattern, across the map, the session and this run. Read it at once:
   * it may be a layer's own list (layers do not change during a run), never this run's, which grows.
   */
  lookup(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[] {
    const own = this.inferred.index.match(relationship, subject, object);
    const matches: (readonly Fact[])[] = [];
    for (const layer of this.context.layers) {
      const facts = layer.match(relationship, subject, object);
      if (facts.length > 0) matches.push(facts);
    }
    // The common case of a join: one layer holds every match, and nothing of it is shadowed.
    if (matches.length === 1 && own.length === 0 && !this.inferred.shadowsAny()) return matches[0];
    // Only this run's facts (a query's own conclusions): a copy, as the list grows while the run goes on.
    if (matches.length === 0) return own.slice();
    const result: Fact[] = [];
    for (const facts of matches) {
      for (const fact of facts) if (!this.inferred.shadows(fact)) result.push(fact);
    }
    for (const fact of own) result.push(fact);
    return result;
  }

  /** The most certain fact of (subject, relationship), earliest on ties. */
  best(relationship: string, subject: string): Fact | undefined {
    let best: Fact | undefined;
    for (const fact of this.lookup(relationship, subject, undefined)) {
      if (!best || fact.certainty > best.certainty) best = fact;
    }
    return best;
  }

  /**
   * Solves the top-level query goal. The queried relationship itself is asked only when nothing in
   * the map can infer it (otherwise the engine would ask the user the very question it was given).
   */
  solveQuery(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[] {
    const hasRules = (this.map.rulesByRelationship.get(relationship)?.length ?? 0) > 0;
    return this.solve(relationship, subject, object, !hasRules);
  }

  /** Match -> Infer -> Ask for one goal; returns every matching fact. */
  solve(relationship: string, subject: string | undefined, object: Value | undefined, mayAsk = true): readonly Fact[] {
    const definition = this.map.relationships.get(relationship);
    if (!definition) return [];
    const key = goalKey(relationship, subject, object);
    if (this.isComplete(relationship, subject, object, key, mayAsk)) return this.lookup(relationship, subject, object);
    const openAt = this.open.get(key);
    if (openAt !== undefined) {
      this.markCycle(openAt);
      return this.lookup(relationship, subject, object);
    }
    const frame: GoalFrame = { key, recursive: false, incomplete: false };
    this.open.set(key, this.stack.length);
    this.stack.push(frame);
    try {
      this.requestDatasources(definition, subject);
      if (!this.settled(definition, subject, object)) {
        this.infer(definition, subject, object, frame);
        if (mayAsk) this.ask(definition, subject, object);
      }
    } finally {
      this.stack.pop();
      this.open.delete(key);
    }
    // Frames above a recursive goal were marked incomplete by markCycle; the goal itself is complete
    // once its fixpoint is reached.
    if (!frame.incomplete) this.complete.set(key, mayAsk || this.complete.get(key) === true);
    return this.lookup(relationship, subject, object);
  }

  /**
   * Adds a fact derived by a rule: MAX with an equal fact, number objects kept per derivation.
   * False when the fact was not kept (an equal fact was at least as certain).
   */
  addInferred(fact: Fact): boolean {
    if (fact.derivationKey !== undefined) {
      const existing = this.byDerivation.get(fact.derivationKey);
      if (existing) return existing.raiseTo(fact);
      this.byDerivation.set(fact.derivationKey, fact);
      this.inferred.index.add(fact);
      return true;
    }
    // A base fact at least as certain stands; a less certain one is shadowed by this run's. (Checked
    // first: a fact this run already has out-ranked the base facts when it was added, so it is kept
    // or raised below just as if it had been looked up first.)
    for (const layer of this.context.layers) {
      const base = layer.get(fact.subject, fact.relationship, fact.object);
      if (base && base.certainty >= fact.certainty) return false;
      if (base) this.inferred.shadow(base);
    }
    const existing = this.inferred.index.addUnlessMerged(fact);
    return existing === undefined || existing.raiseTo(fact);
  }

  private isComplete(relationship: string, subject: string | undefined, object: Value | undefined, key: string, mayAsk: boolean): boolean {
    // A goal solved without asking does not cover the same goal where a question is allowed.
    const covers = (candidate: string): boolean => {
      const asked = this.complete.get(candidate);
      return asked !== undefined && (asked || !mayAsk);
    };
    if (covers(key)) return true;
    // A solved general goal covers its special cases.
    if (subject !== undefined && object !== undefined && covers(goalKey(relationship, subject, undefined))) return true;
    if (object !== undefined && covers(goalKey(relationship, undefined, object))) return true;
    return (subject !== undefined || object !== undefined) && covers(goalKey(relationship, undefined, undefined));
  }

  private markCycle(openAt: number): void {
    this.stack[openAt].recursive = true;
    for (let index = openAt + 1; index < this.stack.length; index++) this.stack[index].incomplete = true;
  }

  /**
   * Match is enough when the answer cannot improve: a singular relationship with a fact at 100 for
   * the subject, or the exact fact asked about at 100.
   */
  private settled(definition: Relationship, subject: string | undefined, object: Value | undefined): boolean {
    if (subject === undefined) return false;
    if (!definition.plural) {
      const best = this.best(definition.name, subject);
      if (best && best.certainty >= 100) return true;
    }
    if (object === undefined) return false;
    return this.lookup(definition.name, subject, object).some((fact) => fact.certainty >= 100 && sameValue(fact.object, object));
  }

  private infer(definition: Relationship, subject: string | undefined, object: Value | undefined, frame: GoalFrame): void {
    const rules = this.map.rulesByRelationship.get(definition.name) ?? [];
    if (rules.length === 0) return;
    for (let round = 0; round < MAX_FIXPOINT_ROUNDS; round++) {
      frame.recursive = false;
      const before = this.inferred.index.size;
      for (const rule of rules) {
        applyRule(this, rule, subject, object);
        if (this.settled(definition, subject, object)) return;
      }
      if (!frame.recursive || this.inferred.index.size === before) return;
    }
  }

  private ask(definition: Relationship, subject: string | undefined, object: Value | undefined): void {
    if (definition.askable === 'none') return;
    const form = questionForm(definition, subject, object);
    if (!form) return;
    const name = definition.name;
    const key = questionKey(form, name, subject, form === 'Second Form Subject' ? object : form === 'First Form' ? object : undefined);
    const asked = this.context.asked;
    if (asked.has(key)) return;
    // A second-form question already answered for this subject (or object) covers the first form.
    if (form === 'First Form') {
      if (asked.has(questionKey('Second Form Object', name, subject, undefined))) return;
      if (asked.has(questionKey('Second Form Subject', name, undefined, object))) return;
    }
    throw new QuestionNeeded({ form, relationship: definition, subject, object: form === 'Second Form Object' ? undefined : object, key });
  }

  private requestDatasources(definition: Relationship, subject: string | undefined): void {
    if (subject === undefined) return;
    for (const datasource of datasourcesFor(this.map, definition)) {
      const request = buildDatasourceRequest(this, datasource, subject);
      if (request && !this.context.fetched.has(request.key)) throw new DatasourceNeeded(request);
    }
  }
}

/** Which question form fits a goal and the relationship's `askable`. */
export function questionForm(definition: Relationship, subject: string | undefined, object: Value | undefined): QuestionForm | undefined {
  const askable = definition.askable;
  if (subject !== undefined && object !== undefined) {
    if (askable === 'all') return 'First Form';
    // Only one second form allowed: ask it and match the answer against the goal.
    if (askable === 'secondFormObject') return 'Second Form Object';
    if (askable === 'secondFormSubject') return 'Second Form Subject';
    return undefined;
  }
  if (subject !== undefined) return askable === 'all' || askable === 'secondFormObject' ? 'Second Form Object' : undefined;
  if (object !== undefined) return askable === 'all' || askable === 'secondFormSubject' ? 'Second Form Subject' : undefined;
  return undefined;
}

/** This run's inferred facts, plus the base facts they out-rank (same triple, higher certainty). */
export class FactIndexWithShadows {
  private readonly shadowed = new Set<Fact>();

  constructor(readonly index: FactIndex) {}

  shadow(fact: Fact): void {
    this.shadowed.add(fact);
  }

  shadows(fact: Fact): boolean {
    return this.shadowed.size > 0 && this.shadowed.has(fact);
  }

  shadowsAny(): boolean {
    return this.shadowed.size > 0;
  }
}

