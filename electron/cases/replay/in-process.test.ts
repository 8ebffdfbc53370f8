import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY } from '../../server/test-support/harness';
import type { TestCase } from '../core';
import { toJUnit } from '../report/junit';
import { adaCase, brunoCase } from '../test-support/language-cases';
import { startCaseServer, type CaseServer } from '../test-support/server';
import { importCsvCases } from '../import/csv-cases';
import { inProcessApi } from './in-process';
import { runCases, type TargetRun } from './runner';

let server: CaseServer;
let suite: TestCase[];

beforeAll(async () => {
  server = await startCaseServer();
  // Passing, failing, diverging and refused cases, so every path of a replay is compared.
  const table = importCsvCases(
    [
      'name,subject,query,fact:is aged,answer:lives in,answer:has lived in,answer:took lessons in,expect',
      'Ada table,Ada,speaks,,Wales@90,France,yes,French@90|Welsh@76|English@76',
      'Bruno table,Bruno,speaks,40,England,skip,,English@80',
      'Wrong certainty,Cy,speaks,,France,skip,,French@50',
      'No answer for lessons,Di,speaks,,Wales,England,,Welsh@80',
      'Bad injected age,Ed,speaks,old,Wales,skip,,',
    ].join('\n'),
    { mapId: server.mapId },
  );
  if (!table.ok) throw new Error(table.error.message);
  suite = [
    adaCase(server.mapId),
    brunoCase(server.mapId),
    ...table.value.cases,
    adaCase(server.mapId, { name: 'On the draft', target: { mapId: server.mapId, version: { policy: 'draft' } } }),
  ];
}, 60_000);
afterAll(() => server.dispose());

/**
 * A run as a report reader sees it, without what differs between any two runs: times (of the
 * replay and of evidence facts), session IDs, the base URL, and the session-made fact IDs
 * (numbered in order of appearance instead).
 */
function comparable(run: TargetRun): unknown {
  const cases = run.cases.map((caseRun) => {
    const { sessionId, timing: _timing, target, ...observation } = caseRun.observation;
    let text = JSON.stringify({ ...caseRun, observation: { ...observation, target: { ...target, baseUrl: 'X' } } });
    if (sessionId) text = text.split(sessionId).join('SESSION');
    text = text.replace(/"time":\d+/g, '"time":0');
    const ids = new Map<string, string>();
    text = text.replace(/WA:RF:[0-9a-f]+/g, (id) => {
      if (!ids.has(id)) ids.set(id, `F${ids.size + 1}`);
      return ids.get(id) as string;
    });
    return JSON.parse(text) as unknown;
  });
  return { target: run.target, counts: run.counts, cancelled: run.cancelled, cases };
}

describe('running cases in-process through the server functions the HTTP routes call', () => {
  it('gives the same report as over HTTP, case by case', async () => {
    const overHttp = await runCases(suite, server.target('local'));
    const inProcess = await runCases(suite, {
      ...server.target('local'),
      api: inProcessApi(server.server.server.decisions),
    });
    expect(overHttp.counts.passed).toBeGreaterThan(0);
    expect(overHttp.counts.failed).toBeGreaterThan(0);
    expect(overHttp.counts.error).toBeGreaterThan(0);
    expect(comparable(inProcess)).toEqual(comparable(overHttp));
    const junit = (run: TargetRun) =>
      toJUnit({
        kind: 'run',
        generatedAt: 'then',
        run: {
          ...run,
          durationMs: 0,
          startedAt: 'then',
          cases: run.cases.map((item) => ({
            ...item,
            observation: { ...item.observation, timing: { totalMs: 0, httpMs: 0 }, target: { ...item.observation.target, baseUrl: 'X' } },
          })),
        },
      }).replace(/WA:RF:[0-9a-f]+|[0-9a-f]{8}-[0-9a-f-]{27}/g, 'ID');
    expect(junit(inProcess)).toBe(junit(overHttp));
  });

  it('refuses what HTTP refuses: a wrong user key, an unknown map, a locked evidence record', async () => {
    const api = inProcessApi(server.server.server.decisions);
    const wrongKey = await api.start(server.mapId, { apiKey: 'not-a-key' });
    const httpWrongKey = await server.client.start(server.mapId, { apiKey: 'not-a-key' });
    expect(wrongKey).toEqual(httpWrongKey);
    expect(wrongKey.ok).toBe(false);
    const unknownMap = await api.start('no-such-map', { apiKey: TEST_API_KEY });
    expect(unknownMap).toEqual(await server.client.start('no-such-map', { apiKey: TEST_API_KEY }));

    const run = await runCases([adaCase(server.mapId)], { ...server.target('local'), api, keys: { apiKey: TEST_API_KEY } });
    expect(run.cases[0]?.observation.evidenceProblems.join(' ')).toContain('evidence is locked');
    const httpRun = await runCases([adaCase(server.mapId)], { ...server.target('local'), keys: { apiKey: TEST_API_KEY } });
    expect(run.cases[0]?.observation.evidenceProblems).toEqual(httpRun.cases[0]?.observation.evidenceProblems);
  });

  it('keeps the session in the journal, so HTTP can continue what the in-process port started', async () => {
    const api = inProcessApi(server.server.server.decisions);
    const started = await api.start(server.mapId, { apiKey: TEST_API_KEY });
    if (!started.ok) throw new Error('start failed');
    const asked = await api.query(started.value.id, { subject: 'Ada', relationship: 'speaks' });
    expect(asked.ok && 'question' in asked.value).toBe(true);
    const answered = await server.client.respond(started.value.id, [
      { subject: 'Ada', relationship: 'lives in', object: 'England', certainty: 100 },
    ]);
    expect(answered.ok).toBe(true);
  });
});
