/**
 * Test helpers for driving the engine: load a map from RBLang text (failing loudly on load errors),
 * start a session with a fixed clock, and unwrap outcomes.
 */
import { expect } from 'vitest';
import type { ConsultationResponse, QuestionResponse, ResultResponse } from '../../common/decision-api';
import { createSession, loadMap, restoreSession } from '../index';
import type { KnowledgeMap } from '../model/types';
import type { ConsultationSession, JournalEntry, Outcome, SessionOptions } from '../session/types';

export const FIXED_NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

export function mapOf(source: string): KnowledgeMap {
  const loaded = loadMap(source, { fileName: 'fixture.rbl' });
  const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  expect(errors, 'fixture map should load without errors').toEqual([]);
  if (!loaded.map) throw new Error('fixture map did not load');
  return loaded.map;
}

export function sessionOf(source: string | KnowledgeMap, options: Partial<SessionOptions> = {}): ConsultationSession {
  const map = typeof source === 'string' ? mapOf(source) : source;
  return createSession(map, { id: 'test-session', kmVersionId: 'test-version', clock: () => FIXED_NOW, ...options });
}

export function restored(
  source: KnowledgeMap,
  journal: readonly JournalEntry[],
  options: Partial<SessionOptions> = {},
): Promise<ConsultationSession> {
  return restoreSession(source, { id: 'test-session', kmVersionId: 'test-version', clock: () => FIXED_NOW, ...options }, journal);
}

export function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.kind}: ${outcome.error.messages.join('; ')}`);
  return outcome.value;
}

export function errorOf<T>(outcome: Outcome<T>): string[] {
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return [...outcome.error.messages];
}

export function asQuestion(response: ConsultationResponse): QuestionResponse {
  if (!('question' in response))
    throw new Error(
      `expected a question, got results ${JSON.stringify(response.result.map((entry) => [entry.subject, entry.relationship, entry.object, entry.certainty]))}`,
    );
  return response;
}

export function asResult(response: ConsultationResponse): ResultResponse {
  if (!('result' in response)) throw new Error(`expected a result, got the question "${response.question.prompt}"`);
  return response;
}

/** Results as compact [subject, object, certainty] rows. */
export function rows(response: ConsultationResponse): [string, unknown, number][] {
  return asResult(response).result.map((entry) => [entry.subject, entry.object, entry.certainty]);
}

/** Wraps concept/rel/fact/rule declarations into a map document. */
export function rbl(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">\n${body}\n</rbl:kb>\n`;
}
