/**
 * Replaying one case on one target through the Decision API: start, inject (in batches of 250,
 * by the client), query, answer each question from the case, collect the results and their
 * evidence. A question the case cannot answer stops the replay there: the "first divergent step".
 */
import {
  isQuestionResponse,
  type ConsultationResponse,
  type EvidenceRecord,
  type FactInput,
  type QueryInput,
} from '../../common/decision-api';
import type { ApiResult } from '../../client';
import type { ObservedQuestion } from '../core';
import type { Observation, ObservedResult, ReplayOutcome, ReplayStep, StopReason } from '../core';
import type { TestCase } from '../core';
import { answerGroup } from './answers';
import { fetchEvidence } from './evidence';
import { resolveTarget, startOptionsOf, type RunTarget } from './port';

interface ReplayOptions {
  readonly signal?: AbortSignal;
  /** Fetch evidence for the results (default true; comparisons and evidence expectations need it). */
  readonly evidence?: boolean;
  /** Questions answered at most before the replay gives up (a map that keeps asking). */
  readonly maxQuestions?: number;
  /**
   * Evidence of map facts shared by the replays of one run, by map version (`kmVersion.id`) then
   * fact ID: a suite meets the same map facts in every case, and they never differ by session.
   */
  readonly mapFactEvidence?: Map<string, Map<string, EvidenceRecord>>;
}

/** The platform answers `/start` on an unknown map with HTTP 400 and a plain `Bad request!`. */
function isUnknownMap(error: { readonly status?: number | undefined; readonly messages: readonly string[] }): boolean {
  return error.status === 400 && error.messages.length === 1 && error.messages[0].trim() === 'Bad request!';
}

/** "map 1a2b3c4d… is not in Local" (the full ID stays in the observation's target). */
function mapNotInTarget(mapId: string, target: RunTarget): string {
  const shown = mapId.length > 12 ? `${mapId.slice(0, 8)}…` : mapId;
  return `start failed: map ${shown} is not in ${target.environmentName ?? target.label}`;
}

/** Runs `testCase` on `target`; never throws for anything the target does (errors are in the observation). */
export async function replayCase(testCase: TestCase, target: RunTarget, options: ReplayOptions = {}): Promise<Observation> {
  const began = performance.now();
  let httpMs = 0;
  const ref = resolveTarget(target, testCase.target);
  const steps: ReplayStep[] = [];
  const questions: ObservedQuestion[] = [];
  let results: ObservedResult[] = [];
  /** Known once `/start` answered; `finish` reports whatever is known when the replay ends. */
  const session: { id?: string; kmVersionId?: string } = {};

  const timed = async <T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      httpMs += performance.now() - started;
    }
  };
  const finish = (
    outcome: ReplayOutcome,
    stop?: StopReason,
    evidence: Observation['evidence'] = {},
    evidenceProblems: string[] = [],
  ): Observation => ({
    target: ref,
    outcome,
    ...(session.id === undefined ? {} : { sessionId: session.id }),
    ...(session.kmVersionId === undefined ? {} : { kmVersionId: session.kmVersionId }),
    steps,
    questions,
    results,
    evidence,
    evidenceProblems,
    ...(stop ? { stop } : {}),
    timing: { totalMs: performance.now() - began, httpMs },
  });
  const failed = (what: string, error: { messages: readonly string[] }) =>
    finish('error', { step: steps.length + 1, message: `${what} failed: ${error.messages.join('; ')}` });
  const cancelled = () => finish('cancelled', { step: steps.length + 1, message: 'cancelled' });

  if (options.signal?.aborted) return cancelled();
  // A target that knows its maps says so by name instead of letting the engine answer `Bad request!`.
  if (target.hasMap && !target.hasMap(ref.mapId)) return finish('error', { step: 1, message: mapNotInTarget(ref.mapId, target) });
  const started = await timed(() => target.api.start(ref.mapId, { apiKey: target.keys.apiKey, ...startOptionsOf(ref.version) }));
  if (!started.ok) {
    if (isUnknownMap(started.error)) return finish('error', { step: 1, message: mapNotInTarget(ref.mapId, target) });
    return failed('start', started.error);
  }
  const sessionId = started.value.id;
  session.id = sessionId;
  session.kmVersionId = started.value.kmVersion.id;
  steps.push({ kind: 'start', sessionId, kmVersionId: started.value.kmVersion.id });

  if (testCase.facts.length > 0) {
    if (options.signal?.aborted) return cancelled();
    const facts: FactInput[] = testCase.facts.map((fact) => ({ ...fact }));
    const injected = await timed(() => target.api.inject(sessionId, facts));
    if (!injected.ok) return failed('inject', injected.error);
    steps.push({ kind: 'inject', facts, batches: injected.value.batches });
  }

  if (options.signal?.aborted) return cancelled();
  const query: QueryInput = { ...testCase.query };
  let response: ApiResult<ConsultationResponse> = await timed(() => target.api.query(sessionId, query));
  steps.push({ kind: 'query', query });
  const maxQuestions = options.maxQuestions ?? 1000;
  for (;;) {
    if (!response.ok) return failed(steps[steps.length - 1].kind === 'query' ? 'query' : 'response', response.error);
    const body = response.value;
    if (!isQuestionResponse(body)) {
      results = body.result.map((entry) => ({
        subject: entry.subject,
        relationship: entry.relationship,
        object: entry.object,
        certainty: entry.certainty,
        factID: entry.factID,
      }));
      steps.push({ kind: 'results', count: results.length });
      break;
    }
    const group = [body.question, ...(body.extraQuestions ?? [])];
    const planned = answerGroup(testCase.answers, group);
    questions.push(...planned.questions);
    steps.push({ kind: 'questions', questions: planned.questions });
    if (!planned.ok) return finish('diverged', { step: steps.length, message: planned.message, question: planned.question });
    if (questions.length > maxQuestions)
      return finish('error', { step: steps.length, message: `the consultation did not end after ${maxQuestions} questions` });
    if (options.signal?.aborted) return cancelled();
    const answers = planned.answers;
    steps.push({ kind: 'answers', answers });
    response = await timed(() => target.api.respond(sessionId, answers));
  }

  if (options.evidence === false || results.length === 0) return finish('completed');
  const evidenceKey = target.keys.evidenceKey ?? target.evidenceKeyFor?.(ref);
  const versionId = session.kmVersionId ?? '';
  let mapFacts = options.mapFactEvidence?.get(versionId);
  if (options.mapFactEvidence && !mapFacts) options.mapFactEvidence.set(versionId, (mapFacts = new Map()));
  // Evidence requests overlap, so their wall time (not the sum of each request's) counts as HTTP time.
  const evidenceStarted = performance.now();
  const evidence = await fetchEvidence(
    target.api,
    results.map((result) => result.factID),
    {
      sessionId,
      ...(evidenceKey === undefined ? {} : { evidenceKey }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(mapFacts ? { mapFacts } : {}),
    },
  );
  httpMs += performance.now() - evidenceStarted;
  if (options.signal?.aborted) return cancelled();
  return finish('completed', undefined, evidence.records, evidence.problems);
}
