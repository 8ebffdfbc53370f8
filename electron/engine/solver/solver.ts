/**
 * One reasoning run: backward chaining by Match -> Infer -> Ask over goals (relationship, subject?,
 * object?), with tabling of completed goals and cycle detection for recursive rules.
 *
 * A run reads the map's facts and the session's base facts and writes only its own inferred facts.
 * It suspends by throwing a signal (`QuestionNeeded`, `DatasourceNeeded`); the session then continues
 * it, or runs the query again, with more facts. See docs/engine-semantics.md for every choice made here.
 */
import type { KnowledgeMap, Relationship, Rule, Value } from '../model/types';
import { objectTypeOf } from '../model/lookup';
import type { Fact, FactIndex, RuleOrigin, SlotArena } from '../facts/fact';
import type { CompiledRule } from './compile';
import { sameValue } from '../values';
import { RuleApplication, type RuleHost } from './rule-application';
import { DatasourceNeeded, QuestionNeeded, questionKey, ReasoningLimitExceeded } from './signals';
import { buildDatasourceRequest, datasourcesFor } from './datasource-requests';
import { FactIndexWithShadows, questionForm } from './run-parts';
import { ASK, DATASOURCES, FINISH, GoalFrame, INFER, type Frame } from './goal-frame';

/** How a question of the session ended: answered, skipped, or a first-form "no". */
export type AskedState = 'answered' | 'skipped' | 'declined';

interface SolverContext {
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

const MAX_FIXPOINT_ROUNDS = 64;
const DEFAULT_STEP_BUDGET = 20_000_000;

function goalKey(relationship: string, subject: string | undefined, object: Value | undefined): string {
  return `${relationship}\u0000${subject === undefined ? '*' : 's' + subject}\u0000${object === undefined ? '*' : JSON.stringify(object)}`;
}

/**
 * The solver is a machine with its own stack of frames (goals, and rule applications with their
 * choice points), so reasoning depth is bounded by memory, not by the JavaScript stack. A goal that
 * is tabled (complete) or open (a cycle) answers at once; any other pushes a frame, and the frame
 * that asked for it runs again when it is done.
 *
 * A question or a datasource call suspends the run by throwing a signal out of the machine, its frames
 * left as they were: the session may continue the same run after the answer (`resume`), when nothing
 * the run has read is changed by what was added meanwhile (`observes`), or run the query again.
 */
export class Solver implements RuleHost {
  /** Facts inferred by this run. */
  readonly inferred: FactIndexWithShadows;
  /** Completed goals; the value says whether the goal was allowed to ask. */
  private readonly complete = new Map<string, boolean>();
  /** Open goals, outermost first, and where each key is on that stack. */
  private readonly stack: GoalFrame[] = [];
  private readonly open = new Map<string, number>();
  /** Every frame of the machine, the running one last. */
  private readonly frames: Frame[] = [];
  /** The facts of the goal that finished last. */
  result: readonly Fact[] = NO_FACTS;
  private steps = 0;
  private readonly budget: number;
  /** Number-object facts by derivation (rule and bindings): each derivation is a fact of its own. */
  private readonly byDerivation = new Map<string, Fact>();
  /** The derivation slots of every fact this run concludes. */
  private readonly slotArena: SlotArena = [];
  private readonly origins = new Map<CompiledRule, { -readonly [K in keyof RuleOrigin]: RuleOrigin[K] }>();
  private currentTime: number;
  /** Solves run to the end inside a frame (list functions, datasource inputs): a signal thrown there cannot resume. */
  private nesting = 0;
  /** Whether the signal thrown last left the machine able to continue. */
  private suspendable = false;
  /** Facts added or raised, and cycle marks, so far (a question after a goal's own conclusions cannot resume). */
  private changes = 0;
  private cycles = 0;
  /** Whether an expression read the run's time (a run resumed later would read another). */
  private clockRead = false;
  /** Every goal a frame was made for, by key, and how many per relationship and subject (see `observes`). */
  private readonly goalLog: string[] = [];
  private goalLogRead = 0;
  private readonly goalsByPair = new Map<string, number>();

  constructor(
    readonly context: SolverContext,
    inferred: FactIndex,
  ) {
    this.inferred = new FactIndexWithShadows(inferred);
    this.budget = context.stepBudget ?? DEFAULT_STEP_BUDGET;
    this.currentTime = context.now;
  }

  get map(): KnowledgeMap {
    return this.context.map;
  }

  get now(): number {
    this.clockRead = true;
    return this.currentTime;
  }

  /** What the facts this run concludes by `rule` share: the rule, the run's time and its slot array. */
  originFor(rule: CompiledRule): RuleOrigin {
    let origin = this.origins.get(rule);
    if (!origin) {
      const relationship = rule.rule.relationship;
      const derivedBy = { rule, arena: this.slotArena };
      origin = { relationship, objectType: objectTypeOf(this.map, relationship), source: 'rule', time: this.currentTime, derivedBy };
      this.origins.set(rule, origin);
    }
    return origin;
  }

  /** Counts one unit of work; throws when the run's budget is spent. */
  tick(): void {
    if (++this.steps > this.budget) {
      throw new ReasoningLimitExceeded(
        `reasoning stopped after ${this.budget.toLocaleString('en')} steps; the map may be combinatorial for this query`,
      );
    }
  }

  /**
   * Every known fact matching the pattern, across the map, the session and this run. Read it at once:
   * it may be a layer's own list, never this run's, which grows.
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
    const known = this.call(relationship, subject, object, !hasRules);
    if (known) return known;
    this.drive(0);
    return this.result;
  }

  /** Whether the signal thrown last can be followed by `resume` (see `observes` for when it may). */
  get resumable(): boolean {
    return this.suspendable;
  }

  /** Whether the run can continue at `now`: it can resume, and read no time, or the time is the same. */
  resumableAt(now: number): boolean {
    return this.suspendable && (!this.clockRead || now === this.currentTime);
  }

  /**
   * Continues a run suspended by a question or a datasource call, at `now` (see `resumableAt`), after
   * the session added what was missing; the result is the query's, as `solveQuery` gives it.
   */
  resume(now: number): readonly Fact[] {
    this.suspendable = false;
    this.currentTime = now;
    // A rerun would give every conclusion the time of the run that completes.
    for (const origin of this.origins.values()) origin.time = now;
    this.drive(0);
    return this.result;
  }

  /**
   * Whether a fact added to (or removed from) the session's facts while the run was suspended could
   * have changed what the run did before it: some goal of this run other than the one that suspended
   * it has read facts of that relationship and subject. When none has, continuing the run gives the
   * run the query would make again from the start (the suspending goal had concluded nothing yet).
   */
  observes(fact: Fact): boolean {
    const log = this.goalLog;
    for (; this.goalLogRead < log.length; this.goalLogRead++) {
      const key = log[this.goalLogRead];
      const pair = key.slice(0, key.lastIndexOf('\u0000'));
      this.goalsByPair.set(pair, (this.goalsByPair.get(pair) ?? 0) + 1);
    }
    const suspending = this.stack[this.stack.length - 1];
    const suspendingPair = suspending ? suspending.key.slice(0, suspending.key.lastIndexOf('\u0000')) : undefined;
    const readers = (pair: string): number => (this.goalsByPair.get(pair) ?? 0) - (pair === suspendingPair ? 1 : 0);
    return readers(`${fact.relationship}\u0000*`) > 0 || readers(`${fact.relationship}\u0000s${fact.subject}`) > 0;
  }

  /** Solves a goal to the end before returning; for solves inside a frame's own step (list functions, datasource inputs). */
  solve(relationship: string, subject: string | undefined, object: Value | undefined, mayAsk = true): readonly Fact[] {
    const known = this.call(relationship, subject, object, mayAsk);
    if (known) return known;
    this.nesting++;
    try {
      this.drive(this.frames.length - 1);
    } finally {
      this.nesting--;
    }
    return this.result;
  }

  /**
   * A goal's facts when they are known now: tabled, open below (a cycle: its partial answers), or of
   * an unknown relationship. Otherwise pushes the goal's frame and returns undefined.
   */
  call(relationship: string, subject: string | undefined, object: Value | undefined, mayAsk = true): readonly Fact[] | undefined {
    const definition = this.map.relationships.get(relationship);
    if (!definition) return NO_FACTS;
    const key = goalKey(relationship, subject, object);
    if (this.isComplete(relationship, subject, object, key, mayAsk)) return this.lookup(relationship, subject, object);
    const openAt = this.open.get(key);
    if (openAt !== undefined) {
      this.markCycle(openAt);
      return this.lookup(relationship, subject, object);
    }
    const frame = new GoalFrame(this, key, definition, subject, object, mayAsk);
    this.open.set(key, this.stack.length);
    this.stack.push(frame);
    this.frames.push(frame);
    this.goalLog.push(key);
    return undefined;
  }

  /** Runs frames until the stack is back to `base` frames. */
  private drive(base: number): void {
    const frames = this.frames;
    try {
      while (frames.length > base) {
        if (frames[frames.length - 1].run()) frames.pop();
      }
    } catch (signal) {
      // A frame throws a signal before changing its own state, so the machine can run it again;
      // one thrown from a solve inside a frame's step has left that step half done.
      this.suspendable = this.suspendable && this.nesting === 0;
      throw signal;
    }
  }

  /** Match -> Infer -> Ask for one goal, as far as it goes without a frame it must wait for. */
  runGoal(frame: GoalFrame): boolean {
    const { definition, subject, object } = frame;
    if (frame.phase === DATASOURCES) {
      this.requestDatasources(definition, subject);
      if (this.settled(definition, subject, object)) {
        frame.phase = FINISH;
      } else {
        frame.phase = INFER;
        frame.changesAtInfer = this.changes;
        frame.cyclesAtInfer = this.cycles;
      }
    }
    if (frame.phase === INFER && !this.infer(frame)) return false;
    if (frame.phase === ASK) {
      if (frame.mayAsk) this.ask(frame);
      frame.phase = FINISH;
    }
    this.stack.pop();
    this.open.delete(frame.key);
    // Frames above a recursive goal were marked incomplete by markCycle; the goal itself is complete
    // once its fixpoint is reached.
    if (!frame.incomplete) this.complete.set(frame.key, frame.mayAsk || this.complete.get(frame.key) === true);
    this.result = this.lookup(definition.name, subject, object);
    return true;
  }

  /** Applies the goal's rules in rounds to a fixpoint; false when a rule application waits for a sub-goal. */
  private infer(frame: GoalFrame): boolean {
    const { definition, subject, object } = frame;
    const rules = this.map.rulesByRelationship.get(definition.name) ?? NO_RULES;
    for (;;) {
      if (frame.ruleApplied) {
        frame.ruleApplied = false;
        if (this.settled(definition, subject, object)) break;
      }
      if (!frame.roundStarted) {
        frame.roundStarted = true;
        frame.recursive = false;
        frame.sizeAtRound = this.inferred.index.size;
      }
      if (frame.ruleIndex < rules.length) {
        const application = RuleApplication.start(this, rules[frame.ruleIndex++], subject, object);
        frame.ruleApplied = true;
        if (application) {
          this.frames.push(application);
          if (!application.run()) return false;
          this.frames.pop();
        }
        continue;
      }
      if (!frame.recursive || this.inferred.index.size === frame.sizeAtRound || ++frame.round >= MAX_FIXPOINT_ROUNDS) break;
      frame.ruleIndex = 0;
      frame.roundStarted = false;
    }
    frame.phase = ASK;
    return true;
  }

  /**
   * Adds a fact derived by a rule: MAX with an equal fact, number objects kept per derivation.
   * False when the fact was not kept (an equal fact was at least as certain).
   */
  addInferred(fact: Fact): boolean {
    const kept = this.keep(fact);
    if (kept) this.changes++;
    return kept;
  }

  private keep(fact: Fact): boolean {
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
    this.cycles++;
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

  private ask(frame: GoalFrame): void {
    const { definition, subject, object } = frame;
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
    // After its own conclusions (or a cycle through it), a goal asked again from the start might not
    // ask at all once the answer is known: such a run is run again rather than continued.
    this.suspendable = this.changes === frame.changesAtInfer && this.cycles === frame.cyclesAtInfer;
    throw new QuestionNeeded({ form, relationship: definition, subject, object: form === 'Second Form Object' ? undefined : object, key });
  }

  private requestDatasources(definition: Relationship, subject: string | undefined): void {
    if (subject === undefined) return;
    for (const datasource of datasourcesFor(this.map, definition)) {
      const request = buildDatasourceRequest(this, datasource, subject);
      if (request && !this.context.fetched.has(request.key)) {
        this.suspendable = true;
        throw new DatasourceNeeded(request);
      }
    }
  }
}

const NO_FACTS: readonly Fact[] = [];
const NO_RULES: readonly Rule[] = [];
