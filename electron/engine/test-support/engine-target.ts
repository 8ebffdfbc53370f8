/**
 * A replay target that is the engine itself, in process: the Decision API calls a case replay
 * makes (start, inject, query, respond, evidence), answered by a session on a loaded map, so the
 * golden cases run the engine exactly as a test case runs a deployment, without HTTP.
 */
import type { RunTarget } from '../../cases';
import type { ApiError, ApiResult } from '../../client';
import { createSession, type ConsultationSession, type KnowledgeMap, type Outcome } from '../index';
import { FIXED_NOW } from './harness';

function result<T>(outcome: Outcome<T>): ApiResult<T> {
  if (outcome.ok) return { ok: true, value: outcome.value };
  const error: ApiError = { kind: 'validation', status: 400, messages: outcome.error.messages };
  return { ok: false, error };
}

function unknownSession<T>(): ApiResult<T> {
  return { ok: false, error: { kind: 'not-found', status: 404, messages: ['Session ID not found'] } };
}

/** A run target on `map`: each `start` opens a fresh session with a fixed clock. */
export function engineTarget(map: KnowledgeMap, mapId = 'golden'): RunTarget {
  const sessions = new Map<string, ConsultationSession>();
  const session = (id: string) => sessions.get(id);
  return {
    label: 'engine',
    baseUrl: 'engine:',
    mapId,
    keys: { apiKey: '' },
    api: {
      start: async () => {
        const id = `golden-${sessions.size + 1}`;
        sessions.set(id, createSession(map, { id, kmVersionId: 'golden-version', clock: () => FIXED_NOW }));
        return { ok: true, value: { id, kmVersion: { id: 'golden-version' } } };
      },
      inject: async (id, facts) => {
        const found = session(id);
        if (!found) return unknownSession();
        const injected = result(found.inject(facts));
        return injected.ok ? { ok: true, value: { batches: 1, warnings: injected.value.warnings } } : injected;
      },
      query: async (id, query) => {
        const found = session(id);
        return found ? result(await found.query(query)) : unknownSession();
      },
      respond: async (id, answers) => {
        const found = session(id);
        return found ? result(await found.respond(answers)) : unknownSession();
      },
      evidence: async (factID, options = {}) => {
        const record = options.sessionId === undefined ? undefined : session(options.sessionId)?.evidence(factID);
        return record
          ? { ok: true, value: record }
          : { ok: false, error: { kind: 'not-found', status: 404, messages: [`no evidence for ${factID}`] } };
      },
    },
  };
}
