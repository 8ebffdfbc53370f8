import { describe, expect, it } from 'vitest';
import type { AnswerInput, ConsultationResponse, FactInput } from '../../common/decision-api';
import { createContext } from '../index';
import type { KnowledgeMap } from '../model/types';
import { Fact, FactIndex } from '../facts/fact';
import { QuestionNeeded, type QuestionRequest } from '../solver/signals';
import { Solver, type AskedState } from '../solver/solver';
import { FIXED_NOW, mapOf, rbl, restored, sessionOf, value } from '../test-support/harness';
import { mapFactIndex } from './map-facts';
import type { ConsultationSession } from './types';

/**
 * An intake: `eligible` asks q1, q2 and q3 about the applicant in turn; `score` (a number per
 * derivation) counts the answers; `referred` reads q1 of the applicant's referrer, a fact that
 * another goal of the run reads too (an answer then changes what the run already read).
 */
const INTAKE = rbl(`
  <concept name="Person" type="string"/>
  <concept name="Answer" type="string"/>
  <concept name="Points" type="number"/>
  <concinst name="yes" type="Answer"/><concinst name="no" type="Answer"/>
  <concinst name="Ann" type="Person"/><concinst name="Bob" type="Person"/>
  <rel name="q1" subject="Person" object="Answer" askable="secondFormObject"/>
  <rel name="q2" subject="Person" object="Answer" askable="secondFormObject"/>
  <rel name="q3" subject="Person" object="Answer" askable="secondFormObject"/>
  <rel name="referrer" subject="Person" object="Person" askable="secondFormObject"/>
  <rel name="eligible" subject="Person" object="Answer" askable="none"/>
  <rel name="score" subject="Person" object="Points" askable="none"/>
  <relinst type="eligible" object="yes" cf="90">
    <condition rel="referrer" subject="%S" object="%R" weight="0"/>
    <condition rel="q1" subject="%R" object="%X" weight="0" optional="true"/>
    <condition rel="q1" subject="%S" object="yes"/>
    <condition rel="q2" subject="%S" object="%B"/>
    <condition rel="q3" subject="%S" object="%C"/>
  </relinst>
  <relinst type="score" cf="100">
    <condition rel="eligible" subject="%S" object="yes"/>
    <condition rel="q2" subject="%S" object="%B"/>
    <condition expression="%O = 10"/>
  </relinst>
`);

type Step =
  | { readonly kind: 'query'; readonly relationship: string }
  | { readonly kind: 'respond'; readonly answers: AnswerInput[] }
  | { readonly kind: 'inject'; readonly facts: FactInput[] }
  | { readonly kind: 'undo' };

const query = (relationship: string): Step => ({ kind: 'query', relationship });
const answer = (relationship: string, object: string, subject = 'Ann'): Step => ({
  kind: 'respond',
  answers: [{ subject, relationship, object, certainty: 100 }],
});
const inject = (relationship: string, object: string, subject = 'Ann'): Step => ({
  kind: 'inject',
  facts: [{ subject, relationship, object, certainty: 100 }],
});
const undo: Step = { kind: 'undo' };

/** What a step shows a client: the response, with the evidence of every fact of a result. */
async function apply(session: ConsultationSession, step: Step): Promise<unknown> {
  if (step.kind === 'inject') return session.inject(step.facts);
  const outcome =
    step.kind === 'query'
      ? await session.query({ subject: 'Ann', relationship: step.relationship })
      : step.kind === 'respond'
        ? await session.respond(step.answers)
        : await session.undo();
  if (!outcome.ok) return outcome;
  const response: ConsultationResponse = outcome.value;
  if (!('result' in response)) return response;
  return { response, evidence: response.result.map((entry) => session.evidence(entry.factID)) };
}

/** Everything a session shows after its steps. */
function state(session: ConsultationSession): unknown {
  return { facts: session.facts(), interactions: session.interactions() };
}

/**
 * The reference: a session in a shared context of its own, which runs the query again from the start
 * on every answer (its runs are never continued); the context holds nothing, as no relationship of
 * the map is context-scoped.
 */
function rerunning(map: KnowledgeMap): ConsultationSession {
  return sessionOf(map, { context: createContext('reference') });
}

/** Runs the steps on a session that continues its runs and on the reference; every response and the end state agree. */
async function expectSameAsRerun(steps: readonly Step[]): Promise<ConsultationSession> {
  const map = mapOf(INTAKE);
  const session = sessionOf(map);
  const reference = rerunning(map);
  for (const [index, step] of steps.entries()) {
    expect(await apply(session, step), `step ${index + 1} (${step.kind})`).toEqual(await apply(reference, step));
  }
  expect(state(session)).toEqual(state(reference));
  return session;
}

const ALL_YES = [
  query('eligible'),
  answer('referrer', 'Bob'),
  answer('q1', 'yes', 'Bob'),
  answer('q1', 'yes'),
  answer('q2', 'no'),
  answer('q3', 'yes'),
];

describe('a suspended run continues on the answer, as a run from the start would give', () => {
  it('keeps the run: each answer continues the same machine where its question stopped it', () => {
    const map = mapOf(INTAKE);
    const base = new FactIndex();
    const asked = new Map<string, AskedState>();
    const solver = new Solver({ map, layers: [mapFactIndex(map), base], asked, fetched: new Set(), now: FIXED_NOW }, new FactIndex());
    const questionOf = (run: () => unknown): QuestionRequest => {
      try {
        run();
      } catch (signal) {
        if (signal instanceof QuestionNeeded) return signal.request;
        throw signal;
      }
      throw new Error('expected a question');
    };
    let request = questionOf(() => solver.solveQuery('eligible', 'Ann', undefined));
    const asks: string[] = [];
    for (const [relationship, subject, object] of [
      ['referrer', 'Ann', 'Bob'],
      ['q1', 'Bob', 'yes'],
      ['q1', 'Ann', 'yes'],
      ['q2', 'Ann', 'no'],
    ]) {
      asks.push(`${request.relationship.name}(${request.subject})`);
      expect(solver.resumableAt(FIXED_NOW)).toBe(true);
      const fact = new Fact(subject, object, 100, { relationship, objectType: 'string', source: 'answer', time: FIXED_NOW });
      base.add(fact);
      asked.set(request.key, 'answered');
      expect(solver.observes(fact)).toBe(false);
      request = questionOf(() => solver.resume(FIXED_NOW));
    }
    expect(asks).toEqual(['referrer(Ann)', 'q1(Bob)', 'q1(Ann)', 'q2(Ann)']);
    expect(`${request.relationship.name}(${request.subject})`).toBe('q3(Ann)');
    // What the run has read (q1 of Bob and of Ann, the referrer) against what it has not (q3: the
    // question's own goal; q2 of Bob).
    const fact = (relationship: string, subject: string) =>
      new Fact(subject, 'no', 100, { relationship, objectType: 'string', source: 'injection', time: FIXED_NOW });
    expect(
      [fact('q1', 'Bob'), fact('q1', 'Ann'), fact('referrer', 'Ann'), fact('q3', 'Ann'), fact('q2', 'Bob')].map((added) =>
        solver.observes(added),
      ),
    ).toEqual([true, true, true, false, false]);
    base.add(new Fact('Ann', 'yes', 100, { relationship: 'q3', objectType: 'string', source: 'answer', time: FIXED_NOW }));
    asked.set(request.key, 'answered');
    expect(solver.resume(FIXED_NOW).map((fact) => [fact.subject, fact.object, fact.certainty])).toEqual([['Ann', 'yes', 90]]);
  });

  it('answers a consultation question by question', async () => {
    const session = await expectSameAsRerun([...ALL_YES, query('score')]);
    expect(session.facts(['eligible']).local.map((fact) => [fact.subject.value, fact.object.value, fact.certainty])).toEqual([
      ['Ann', 'yes', 90],
    ]);
  });

  it('continues after an undo, with a different answer', async () => {
    await expectSameAsRerun([
      ...ALL_YES.slice(0, 5),
      undo,
      answer('q2', 'yes'),
      answer('q3', 'no'),
      undo,
      undo,
      answer('q2', 'no'),
      answer('q3', 'yes'),
    ]);
  });

  it('continues after an injection made while a question was pending, of a fact the run has yet to read', async () => {
    const session = await expectSameAsRerun([...ALL_YES.slice(0, 4), inject('q3', 'yes'), answer('q2', 'yes')]);
    // q3 came from the injection: it was not asked.
    expect(session.interactions().filter((entry) => entry.event === 'question')).toHaveLength(4);
  });

  it('runs from the start when an injection changes a fact the run has read', async () => {
    // The run read q1 of Ann (asked, answered yes); the injection replaces it with "no" (singular).
    await expectSameAsRerun([...ALL_YES.slice(0, 4), inject('q1', 'no'), answer('q2', 'yes')]);
    await expectSameAsRerun([...ALL_YES.slice(0, 3), inject('q1', 'no', 'Bob'), answer('q1', 'yes')]);
  });

  it('continues the same way in a session restored from its journal', async () => {
    const map = mapOf(INTAKE);
    const session = sessionOf(map);
    for (const step of ALL_YES.slice(0, 4)) await apply(session, step);
    value(session.inject([{ subject: 'Bob', relationship: 'q2', object: 'yes', certainty: 100 }]));
    const copy = await restored(map, session.journal());
    expect(state(copy)).toEqual(state(session));
    for (const step of [answer('q2', 'no'), undo, answer('q2', 'yes'), answer('q3', 'yes'), query('score')]) {
      expect(await apply(copy, step)).toEqual(await apply(session, step));
    }
    expect(state(copy)).toEqual(state(session));
  });
});
