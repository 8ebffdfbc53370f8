/**
 * A consultation session: injected facts, a query, questions and answers, undo, evidence and the
 * interaction log. Each query is answered by a deterministic reasoning run over the map's facts and
 * the session's base facts. A question suspends the run; the answer continues it when the run has
 * not read anything the answer (or an injection meanwhile) changes, and runs the query again from
 * the start otherwise, so both give the same state. Undo runs the query again.
 */
import type {
  AnswerInput,
  ConsultationResponse,
  EvidenceRecord,
  FactInput,
  InteractionEntry,
  Metadata,
  QueryInput,
  ResultEntry,
  SessionFact,
  SessionFacts,
} from '../../common/decision-api';
import { isSyntheticFactId } from '../../common/decision-api';
import type { WhyNoResult } from '../../common/why-no-result';
import { Fact, FactIndex } from '../facts/fact';
import { TripleMap } from '../facts/triple-map';
import type { KnowledgeMap, Value } from '../model/types';
import { DatasourceNeeded, QuestionNeeded, ReasoningLimitExceeded, type DatasourceRequest } from '../solver/signals';
import { Solver, type AskedState } from '../solver/solver';
import { coerceValue, formatResultDate } from '../values';
import { planAnswers, type PendingQuestion, type PlannedFact } from './answers';
import { factsFromResponse } from './datasource-responses';
import { buildEvidence } from './evidence';
import { planInjection, replacedBy } from './injection';
import { InteractionLog } from './interaction-log';
import { objectTypeOf } from '../model/lookup';
import { mapFactIndex } from './map-facts';
import { contextFactsOf, isContextScoped } from './shared-context';
import { buildQuestion, groupedRequests, metadataOfConcept } from './questions';
import type { ConsultationSession, EngineError, JournalEntry, Outcome, SessionOptions } from './types';
import { explainNoResult } from '../why-no-result/explain';

interface Goal {
  readonly input: QueryInput;
  readonly relationship: string;
  readonly subject?: string | undefined;
  readonly object?: Value | undefined;
}

/** The facts and asked-set entries one `/response` batch added, so undo can take them back. */
interface AnswerBatch {
  readonly goal: Goal;
  /** Each fact with the index it went to (the session's, or the shared context's). */
  readonly facts: readonly { fact: Fact; index: FactIndex }[];
  readonly askedKeys: readonly string[];
}

/** A run suspended by a question, and the session's facts added or removed since. */
interface Suspended {
  readonly solver: Solver;
  readonly changed: Fact[];
}

function failure(kind: EngineError['kind'], messages: readonly string[]): { ok: false; error: EngineError } {
  return { ok: false, error: { kind, messages } };
}

export class Session implements ConsultationSession {
  readonly id: string;
  private readonly mapFacts: FactIndex;
  private readonly base = new FactIndex();
  /** Facts shared with the other sessions of this session's context, if it has one. */
  private readonly contextFacts: FactIndex | undefined;
  private readonly asked = new Map<string, AskedState>();
  private readonly fetched = new Set<string>();
  private readonly batches: AnswerBatch[] = [];
  private goal: Goal | undefined;
  private pending: PendingQuestion[] = [];
  /** Whether the last result had any entries (for "why no result?"). */
  private concluded = false;
  private suspended: Suspended | undefined;
  /**
   * Facts concluded by completed runs: by triple, and number-object facts by derivation (they are
   * kept apart per derivation).
   */
  private known = new TripleMap<Fact>();
  private readonly knownDerivations = new Map<string, Fact>();
  /**
   * The number of answer batches a known fact was concluded under, for undo. Only facts concluded
   * after an answer are here: undo never takes back what was concluded before the first answer.
   */
  private readonly concludedUnder = new WeakMap<Fact, number>();
  /** Fact IDs are SHA-256 hashes: computed only when evidence is asked for, then cached until facts change. */
  private idIndex: Map<string, Fact> | undefined;
  private readonly log = new InteractionLog();
  private readonly entries: JournalEntry[] = [];
  /** Datasource replies of the journal a session is restored from (none otherwise: idle sessions are many). */
  private recordedReplies: Map<string, { status: number; text: string; at: number }> | undefined;
  private clock: () => number;
  private readonly startedAt: number;
  private lastActive: number;
  private replaying = false;

  constructor(
    private readonly map: KnowledgeMap,
    private readonly options: SessionOptions,
  ) {
    this.id = options.id;
    this.clock = options.clock ?? Date.now;
    this.mapFacts = mapFactIndex(map);
    this.contextFacts = contextFactsOf(options.context);
    this.startedAt = options.startedAt ?? this.clock();
    this.lastActive = this.startedAt;
    this.log.record('start', this.startedAt, {
      start: { useDraft: options.useDraft ?? false, kmVersionID: options.kmVersionId, sessionID: options.id },
    });
  }

  /** Rebuilds a session from its journal without calling datasources or journal listeners again. */
  static async restore(map: KnowledgeMap, options: SessionOptions, journal: readonly JournalEntry[]): Promise<Session> {
    let now = options.startedAt ?? journal[0]?.at ?? Date.now();
    const session = new Session(map, { ...options, startedAt: now, clock: () => now });
    session.replaying = true;
    for (const entry of journal)
      if (entry.kind === 'datasource')
        (session.recordedReplies ??= new Map()).set(entry.requestKey, { status: entry.status, text: entry.text, at: entry.at });
    for (const entry of journal) {
      now = entry.at;
      if (entry.kind === 'inject') session.inject(entry.facts);
      else if (entry.kind === 'query') await session.query(entry.query);
      else if (entry.kind === 'respond') await session.respond(entry.answers);
      else if (entry.kind === 'undo') await session.undo();
      else session.journalEntry(entry);
    }
    session.replaying = false;
    session.clock = options.clock ?? Date.now;
    return session;
  }

  inject(facts: readonly FactInput[]): Outcome<{ warnings: string[] }> {
    const plan = planInjection(this.map, this.mapFacts, facts);
    if (!plan.ok) return failure('validation', plan.messages);
    const at = this.touch();
    for (const planned of plan.facts) {
      const index = this.indexFor(planned.relationship);
      for (const old of replacedBy(this.map, index, planned)) {
        index.remove(old);
        this.suspended?.changed.push(old);
      }
      const fact = this.toFact(planned, 'injection', at);
      index.add(fact);
      this.suspended?.changed.push(fact);
    }
    this.journalEntry({ kind: 'inject', at, facts });
    this.log.record('inject', at, { facts: facts.map((fact) => ({ ...fact })) });
    return { ok: true, value: { warnings: plan.warnings } };
  }

  async query(input: QueryInput): Promise<Outcome<ConsultationResponse>> {
    const goal = this.goalOf(input);
    if (!goal.ok) return goal;
    const at = this.touch();
    this.journalEntry({ kind: 'query', at, query: input });
    this.log.record('query', at, { query: { ...input } });
    this.goal = goal.value;
    this.pending = [];
    this.suspended = undefined;
    return this.run();
  }

  async respond(answers: readonly AnswerInput[]): Promise<Outcome<ConsultationResponse>> {
    if (!this.goal || this.pending.length === 0) return failure('state', ['There is no pending question to answer; run a query first.']);
    const planned = planAnswers(this.map, this.pending, answers);
    if (!planned.ok) return failure('validation', planned.messages);
    const at = this.touch();
    this.journalEntry({ kind: 'respond', at, answers });
    this.log.record('answer', at, { answers: answers.map((answer) => ({ ...answer })) });
    const facts = planned.plan.facts.map((fact) => ({ fact: this.toFact(fact, 'answer', at), index: this.indexFor(fact.relationship) }));
    for (const { fact, index } of facts) {
      index.add(fact);
      this.suspended?.changed.push(fact);
    }
    for (const [key, state] of planned.plan.asked) this.asked.set(key, state);
    this.batches.push({ goal: this.goal, facts, askedKeys: [...planned.plan.asked.keys()] });
    return this.run();
  }

  async undo(): Promise<Outcome<ConsultationResponse>> {
    if (!this.goal) return failure('state', ['Nothing to undo: no query has been run in this session.']);
    const at = this.touch();
    this.journalEntry({ kind: 'undo', at });
    this.suspended = undefined;
    const batch = this.batches.pop();
    if (batch) {
      for (const { fact, index } of batch.facts) index.remove(fact);
      for (const key of batch.askedKeys) this.asked.delete(key);
      const undone = (fact: Fact): boolean => (this.concludedUnder.get(fact) ?? 0) > this.batches.length;
      this.known.prune(undone);
      for (const [key, fact] of this.knownDerivations) if (undone(fact)) this.knownDerivations.delete(key);
      this.idIndex = undefined;
      this.goal = batch.goal;
    }
    return this.run();
  }

  evidence(factID: string): EvidenceRecord | undefined {
    if (isSyntheticFactId(factID)) return undefined;
    const fact = this.findFact(factID);
    if (!fact) return undefined;
    const time = fact.source === 'knowledgemap' ? this.startedAt : fact.time;
    return buildEvidence(this.map, fact, time, (relationship, subject) => this.bestKnown(relationship, subject));
  }

  interactions(): readonly InteractionEntry[] {
    return this.log.all();
  }

  facts(relationships?: readonly string[]): SessionFacts {
    const wanted = relationships && relationships.length > 0 ? new Set(relationships) : undefined;
    const keep = (fact: Fact): boolean => !wanted || wanted.has(fact.relationship);
    const local = [...this.base.all(), ...this.knownFacts()];
    return {
      global: [...this.mapFacts.all()].filter(keep).map((fact) => this.sessionFact(fact)),
      local: local.filter(keep).map((fact) => this.sessionFact(fact)),
      context: this.contextFacts ? [...this.contextFacts.all()].filter(keep).map((fact) => this.sessionFact(fact)) : [],
    };
  }

  journal(): readonly JournalEntry[] {
    return this.entries;
  }

  whyNoResult(): Outcome<WhyNoResult> {
    const goal = this.goal;
    if (!goal) return failure('state', ['No query has been run in this session: run one first.']);
    if (this.pending.length > 0) return failure('state', ['The query is waiting for an answer: answer or skip its question first.']);
    // Everything known now: the map's, the session's and the context's facts, and what runs concluded.
    const concluded = new FactIndex();
    for (const fact of this.knownFacts()) concluded.add(fact);
    const layers = [...this.layers(), concluded];
    const lookup = (relationship: string, subject: string | undefined, object: Value | undefined): Fact[] =>
      layers.flatMap((layer) => layer.match(relationship, subject, object));
    const state = { map: this.map, lookup, asked: this.asked, now: this.lastActive };
    return { ok: true, value: explainNoResult(state, goal, this.concluded) };
  }

  lastActivity(): number {
    return this.lastActive;
  }

  // -------------------------------------------------------------------------------------------

  private touch(): number {
    this.lastActive = this.clock();
    return this.lastActive;
  }

  private journalEntry(entry: JournalEntry): void {
    this.entries.push(entry);
    if (!this.replaying) this.options.onJournal?.(entry);
  }

  /** Context-scoped facts go to the shared context when the session has one. */
  private indexFor(relationship: string): FactIndex {
    return this.contextFacts && isContextScoped(this.map, relationship) ? this.contextFacts : this.base;
  }

  private layers(): FactIndex[] {
    return this.contextFacts ? [this.mapFacts, this.base, this.contextFacts] : [this.mapFacts, this.base];
  }

  private toFact(planned: PlannedFact, source: 'injection' | 'answer' | 'datasource', at: number): Fact {
    const origin = { relationship: planned.relationship, objectType: planned.objectType, source, time: at };
    return new Fact(planned.subject, planned.object, planned.certainty, origin);
  }

  private goalOf(input: QueryInput): Outcome<Goal> {
    const relationship = this.map.relationships.get(input.relationship);
    if (!relationship) return failure('validation', [`Could not find relationship for query: ${input.relationship}`]);
    const subject = input.subject === undefined || input.subject === '' ? undefined : input.subject;
    const rawObject = input.object === undefined || input.object === '' ? undefined : input.object;
    if (subject === undefined && rawObject === undefined) {
      return failure('validation', ['Please provide a string or numeric subject.', 'Please provide a string or numeric object.']);
    }
    let object: Value | undefined;
    if (rawObject !== undefined) {
      const type = objectTypeOf(this.map, relationship.name);
      object = coerceValue(rawObject, type);
      if (object === undefined)
        return failure('validation', [`object: '${String(rawObject)}' is not a valid ${type} for '${relationship.name}'`]);
    }
    return { ok: true, value: { input, relationship: relationship.name, subject, object } };
  }

  /** Runs the current goal until it yields a result or a question, making datasource calls as needed. */
  private async run(): Promise<Outcome<ConsultationResponse>> {
    const goal = this.goal;
    if (!goal) return failure('state', ['No query has been run in this session.']);
    for (;;) {
      // Times within a call are the call's journalled time (moved on by a datasource reply), so
      // a rebuild from the journal reproduces every timestamp exactly.
      const now = this.lastActive;
      const suspended = this.takeSuspended(now);
      const solver =
        suspended ?? new Solver({ map: this.map, layers: this.layers(), asked: this.asked, fetched: this.fetched, now }, new FactIndex());
      try {
        const facts = suspended ? suspended.resume(now) : solver.solveQuery(goal.relationship, goal.subject, goal.object);
        this.remember(solver.inferred.index);
        return { ok: true, value: this.resultResponse(goal, facts) };
      } catch (signal) {
        if (signal instanceof QuestionNeeded) {
          this.suspend(solver);
          return { ok: true, value: this.questionResponse(signal, solver) };
        }
        if (signal instanceof DatasourceNeeded) {
          this.suspend(solver);
          await this.callDatasource(signal.request);
          continue;
        }
        if (signal instanceof ReasoningLimitExceeded) return failure('state', [signal.message]);
        if (signal instanceof RangeError) return failure('state', ['reasoning went too deep (a recursive map?); the query was stopped']);
        throw signal;
      }
    }
  }

  /**
   * Keeps a suspended run to continue. Not in a shared context: other sessions change its facts at
   * any time, unseen here, so those runs start again on every answer.
   */
  private suspend(solver: Solver): void {
    this.suspended = solver.resumable && !this.contextFacts ? { solver, changed: [] } : undefined;
  }

  /** The suspended run, when it can continue at `now` with the facts changed since (see `Solver.observes`). */
  private takeSuspended(now: number): Solver | undefined {
    const suspended = this.suspended;
    this.suspended = undefined;
    if (!suspended || !suspended.solver.resumableAt(now)) return undefined;
    for (const fact of suspended.changed) if (suspended.solver.observes(fact)) return undefined;
    return suspended.solver;
  }

  /** Keeps the facts a completed run concluded; `inferred` is that run's own index, not used after. */
  private remember(inferred: FactIndex): void {
    const batches = this.batches.length;
    if (inferred.size === 0) return;
    if (this.known.size === 0 && this.knownDerivations.size === 0) {
      // Nothing known yet (a session's first result): every fact of the run is new, and the run's
      // index of merged facts, in the same order, becomes the known facts instead of being copied.
      this.known = inferred.merged;
      if (inferred.size > inferred.merged.size)
        for (const fact of inferred.all()) if (fact.derivationKey !== undefined) this.knownDerivations.set(fact.derivationKey, fact);
      if (batches > 0) for (const fact of inferred.all()) this.concludedUnder.set(fact, batches);
      this.idIndex = undefined;
      return;
    }
    for (const fact of inferred.all()) {
      const key = fact.derivationKey;
      const existing = key === undefined ? this.known.get(fact.relationship, fact.subject, fact.object) : this.knownDerivations.get(key);
      if (existing && existing.certainty === fact.certainty) continue;
      if (key === undefined) this.known.set(fact.relationship, fact.subject, fact.object, fact);
      else this.knownDerivations.set(key, fact);
      if (batches > 0) this.concludedUnder.set(fact, batches);
      this.idIndex = undefined;
    }
  }

  private *knownFacts(): IterableIterator<Fact> {
    yield* this.known.values();
    yield* this.knownDerivations.values();
  }

  private questionResponse(signal: QuestionNeeded, solver: Solver): ConsultationResponse {
    const main = { request: signal.request, question: buildQuestion(this.map, signal.request, solver) };
    const extras = groupedRequests(this.map, signal.request, this.asked, solver).map((request) => ({
      request,
      question: buildQuestion(this.map, request, solver),
    }));
    this.pending = [main, ...extras];
    this.log.record('question', this.lastActive, {
      questions: this.pending.map(({ question }) => ({
        subject: question.subject,
        relationship: question.relationship,
        object: question.object,
        prompt: question.prompt,
      })),
    });
    return extras.length > 0
      ? { question: main.question, extraQuestions: extras.map((extra) => extra.question), sid: this.id }
      : { question: main.question, sid: this.id };
  }

  private resultResponse(goal: Goal, facts: readonly Fact[]): ConsultationResponse {
    this.pending = [];
    const definition = this.map.relationships.get(goal.relationship);
    // A singular relationship has one value per subject: the most certain.
    const singular = definition !== undefined && !definition.plural && goal.subject !== undefined && goal.object === undefined;
    const chosen = singular ? mostCertain(facts) : facts;
    // Every fact of the result is of the queried relationship: its concepts' metadata is looked up once.
    const subjectMetadata = metadataOfConcept(this.map, definition?.subject ?? '');
    const objectMetadata = metadataOfConcept(this.map, definition?.object ?? '');
    Fact.identify(chosen);
    const result = chosen.map((fact) => resultEntry(fact, subjectMetadata, objectMetadata));
    this.concluded = result.length > 0;
    // Most results are already in order (often all at one certainty): the stable sort would change nothing.
    // (Checked on the entries, made in one pass just now, rather than in a pass of its own over the facts.)
    if (!inCertaintyOrder(result)) result.sort((a, b) => b.certainty - a.certainty);
    this.log.record('result', this.lastActive, () => ({
      results: result.map((entry) => ({
        subject: entry.subject,
        relationship: entry.relationship,
        object: entry.object,
        certainty: entry.certainty,
        factID: entry.factID,
      })),
    }));
    return { result, queryProfile: [], sid: this.id, stats: {} };
  }

  private async callDatasource(request: DatasourceRequest): Promise<void> {
    const recorded = this.recordedReplies?.get(request.key);
    let reply: { status: number; text: string };
    if (recorded) {
      reply = recorded;
      // On replay the call goes on at the time the reply came.
      if (this.replaying) this.lastActive = recorded.at;
    } else {
      try {
        if (!this.options.fetch) throw new Error('no fetch function was given to the engine');
        reply = await this.options.fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      } catch (error) {
        reply = { status: 0, text: error instanceof Error ? error.message : String(error) };
      }
      this.lastActive = this.clock();
      this.journalEntry({ kind: 'datasource', at: this.lastActive, requestKey: request.key, status: reply.status, text: reply.text });
    }
    this.fetched.add(request.key);
    const ok = reply.status >= 200 && reply.status < 300;
    const facts = ok ? factsFromResponse(this.map, request.datasource.actions, request.subject, reply.text) : [];
    const at = this.lastActive;
    for (const planned of facts) {
      if (!this.base.get(planned.subject, planned.relationship, planned.object)) {
        const fact = this.toFact(planned, 'datasource', at);
        this.base.add(fact);
        this.suspended?.changed.push(fact);
      }
    }
    this.log.record('datasource', at, {
      datasources:
        facts.length > 0
          ? facts.map((fact) => ({ relationship: fact.relationship, certainty: fact.certainty }))
          : [{ relationship: request.datasource.name ?? request.url, certainty: 0, status: reply.status }],
    });
  }

  private findFact(factID: string): Fact | undefined {
    if (!this.idIndex) {
      this.idIndex = new Map();
      for (const fact of this.mapFacts.all()) this.idIndex.set(fact.id, fact);
      for (const fact of this.knownFacts()) this.idIndex.set(fact.id, fact);
    }
    const found = this.idIndex.get(factID);
    if (found) return found;
    // Base and context facts change with every batch; there are few of them.
    for (const fact of this.base.all()) if (fact.id === factID) return fact;
    for (const fact of this.contextFacts?.all() ?? []) if (fact.id === factID) return fact;
    return undefined;
  }

  private bestKnown(relationship: string, subject: string): Fact | undefined {
    const candidates = [
      ...this.base.match(relationship, subject, undefined),
      ...this.mapFacts.match(relationship, subject, undefined),
      ...[...this.knownFacts()].filter((fact) => fact.relationship === relationship && fact.subject === subject),
    ];
    return candidates.reduce<Fact | undefined>((best, fact) => (!best || fact.certainty > best.certainty ? fact : best), undefined);
  }

  private sessionFact(fact: Fact): SessionFact {
    const definition = this.map.relationships.get(fact.relationship);
    return {
      id: fact.id,
      subject: { concept: definition?.subject ?? '', value: fact.subject, dataType: 'string' },
      relationship: fact.relationship,
      object: { concept: definition?.object ?? '', value: fact.object, dataType: fact.objectType },
      certainty: fact.certainty,
      source: fact.source,
    };
  }
}

type MetadataOf = (name: Value | undefined) => Metadata;

function resultEntry(fact: Fact, subjectMetadata: MetadataOf, objectMetadata: MetadataOf): ResultEntry {
  const object = fact.objectType === 'date' && typeof fact.object === 'number' ? formatResultDate(fact.object) : fact.object;
  return {
    subject: fact.subject,
    relationship: fact.relationship,
    relationshipType: fact.relationship,
    object,
    certainty: Math.round(fact.certainty),
    factID: fact.id,
    subjectMetadata: subjectMetadata(fact.subject),
    objectMetadata: objectMetadata(fact.object),
  };
}

/** True when no entry is more certain than the one before it. */
function inCertaintyOrder(entries: readonly ResultEntry[]): boolean {
  for (let index = 1; index < entries.length; index++) if (entries[index].certainty > entries[index - 1].certainty) return false;
  return true;
}

/** The most certain fact (the earliest of equals), alone; none of none. */
function mostCertain(facts: readonly Fact[]): Fact[] {
  let best: Fact | undefined;
  for (const fact of facts) if (!best || fact.certainty > best.certainty) best = fact;
  return best ? [best] : [];
}
