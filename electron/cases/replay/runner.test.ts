import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaCase, brunoCase } from '../test-support/language-cases';
import { startCaseServer, type CaseServer } from '../test-support/server';
import type { ReplayApi } from './port';
import { runCases, type RunProgress } from './runner';

let server: CaseServer;
beforeAll(async () => {
  server = await startCaseServer();
});
afterAll(() => server.dispose());

/**
 * The client, except that every second session lowers its results by one point: a stand-in for a
 * nondeterministic engine.
 */
function flakyApi(): ReplayApi {
  const client = server.client;
  let sessions = 0;
  const alter = <T>(reply: T): T => {
    const value = reply as { ok: boolean; value?: { result?: { certainty: number }[] } };
    if (sessions % 2 === 0 && value.ok && value.value?.result) {
      return {
        ...value,
        value: { ...value.value, result: value.value.result.map((entry) => ({ ...entry, certainty: entry.certainty - 1 })) },
      } as T;
    }
    return reply;
  };
  return {
    start: async (kmID, options) => {
      sessions += 1;
      return client.start(kmID, options);
    },
    inject: client.inject.bind(client),
    evidence: client.evidence.bind(client),
    query: async (sessionId, query) => alter(await client.query(sessionId, query)),
    respond: async (sessionId, answers) => alter(await client.respond(sessionId, answers)),
  };
}

describe('running many cases', () => {
  it('reports progress with counts and time left, and totals by status', async () => {
    const seen: RunProgress[] = [];
    const cases = [
      adaCase(server.mapId),
      brunoCase(server.mapId),
      { ...brunoCase(server.mapId), name: 'Bruno on the draft', target: { mapId: server.mapId, version: { policy: 'draft' as const } } },
    ];
    const { mapId: _map, ...target } = server.target('per case');
    const run = await runCases(cases, target, { onProgress: (progress) => seen.push(progress), concurrency: 2 });
    expect(run.counts).toEqual({ passed: 2, failed: 1, error: 0, cancelled: 0 });
    expect(run.cases.map((caseRun) => caseRun.caseName)).toEqual([
      'Ada, Wales and French lessons',
      'Bruno in England',
      'Bruno on the draft',
    ]);
    expect(seen.map((progress) => progress.done)).toEqual([1, 2, 3]);
    expect(seen.at(-1)).toMatchObject({ total: 3, passed: 2, failed: 1, errors: 0, remainingMs: 0 });
    expect(seen[0].remainingMs).toBeGreaterThan(0);
  });

  it('twice: agreeing replays pass; replays that differ are flagged as nondeterministic', async () => {
    const steady = await runCases([brunoCase(server.mapId)], server.target('live'), { twice: true });
    expect(steady.cases[0].nondeterminism).toEqual([]);
    expect(steady.cases[0].verdict.status).toBe('passed');

    const run = await runCases([brunoCase(server.mapId)], server.target('flaky', undefined, flakyApi()), { twice: true });
    expect(run.cases[0].nondeterminism).toEqual(['Bruno · speaks · English: 80% → 79%']);
    expect(run.cases[0].verdict.status).toBe('failed');
    expect(run.cases[0].verdict.checks.at(-1)?.message).toMatch(/^nondeterministic: /);
  });

  it('fetches the evidence of map facts once per map version, not once per case', async () => {
    const fetched: string[] = [];
    const client = server.client;
    const counting: ReplayApi = {
      start: client.start.bind(client),
      inject: client.inject.bind(client),
      query: client.query.bind(client),
      respond: client.respond.bind(client),
      evidence: (factID, options) => {
        fetched.push(factID);
        return client.evidence(factID, options);
      },
    };
    const cases = [brunoCase(server.mapId), { ...brunoCase(server.mapId), name: 'Bruno again' }];
    const run = await runCases(cases, server.target('counting', undefined, counting), { concurrency: 1 });
    const mapFacts = fetched.filter((id) => id.includes(':KF:'));
    expect(mapFacts).toHaveLength(new Set(mapFacts).size);
    expect(mapFacts.length).toBeGreaterThan(0);
    // Both observations still hold the map fact's record.
    for (const caseRun of run.cases)
      expect(Object.keys(caseRun.observation.evidence).filter((id) => id.includes(':KF:'))).toEqual(mapFacts);
  });

  it('cancels the cases not yet finished', async () => {
    const controller = new AbortController();
    const cases = Array.from({ length: 6 }, (_, index) => ({ ...brunoCase(server.mapId), name: `Bruno ${index}` }));
    const run = await runCases(cases, server.target('live'), {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.done === 2) controller.abort();
      },
    });
    expect(run.cancelled).toBe(true);
    expect(run.counts).toEqual({ passed: 2, failed: 0, error: 0, cancelled: 4 });
  });
});
