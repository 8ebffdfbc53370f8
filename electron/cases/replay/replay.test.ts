import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCase } from '../core';
import { adaCase, brunoCase } from '../test-support/language-cases';
import { startCaseServer, type CaseServer } from '../test-support/server';
import { replayCase } from './replay';
import type { ReplayApi } from './port';

let server: CaseServer;
beforeAll(async () => {
  server = await startCaseServer();
});
afterAll(() => server.dispose());

describe('replaying a case through the Decision API', () => {
  it('starts, answers each question by its key, and collects results, questions and evidence', async () => {
    const testCase = adaCase(server.mapId);
    const observation = await replayCase(testCase, server.target('live', { policy: 'live' }));
    expect(observation.outcome).toBe('completed');
    expect(observation.steps.map((step) => step.kind)).toEqual([
      'start',
      'query',
      'questions',
      'answers',
      'questions',
      'answers',
      'questions',
      'answers',
      'results',
    ]);
    expect(observation.results.map((result) => [result.object, result.certainty])).toEqual([
      ['French', 90],
      ['Welsh', 76],
      ['English', 76],
    ]);
    // Every result's tree: the rule facts, the answers and the map facts below them.
    const sources = Object.values(observation.evidence)
      .map((record) => record.source)
      .sort();
    expect(new Set(sources)).toEqual(new Set(['rule', 'answer', 'knowledgemap']));
    expect(Object.keys(observation.evidence).some((id) => id.includes(':XX'))).toBe(false);
    expect(evaluateCase(testCase, observation)).toMatchObject({ status: 'passed' });
  });

  it('injects facts first and runs on the version the target asks for', async () => {
    const testCase = brunoCase(server.mapId);
    const live = await replayCase(testCase, server.target('live', { policy: 'live' }));
    expect(live.steps[1]).toMatchObject({ kind: 'inject', batches: 1 });
    expect(evaluateCase(testCase, live).status).toBe('passed');
    const draft = await replayCase(testCase, server.target('draft', { policy: 'draft' }));
    expect(draft.results.find((result) => result.object === 'English')?.certainty).toBe(60);
    expect(
      evaluateCase(testCase, draft)
        .checks.filter((check) => !check.passed)
        .map((check) => check.message),
    ).toEqual(['Bruno · speaks · English: expected 80% ± 0, got 60% (-20)']);
  });

  it('sends more than 250 facts in batches of 250', async () => {
    const facts = Array.from({ length: 260 }, (_, index) => ({
      subject: `Person ${index}`,
      relationship: 'is aged',
      object: 20 + (index % 50),
      certainty: 100,
    }));
    const observation = await replayCase(
      { ...brunoCase(server.mapId), facts: [...brunoCase(server.mapId).facts, ...facts] },
      server.target('live'),
    );
    expect(observation.steps[1]).toMatchObject({ kind: 'inject', batches: 2 });
    expect(observation.outcome).toBe('completed');
  });

  it('stops at the first question the case cannot answer, naming the step and the question', async () => {
    const testCase = adaCase(server.mapId, { answers: adaCase(server.mapId).answers.slice(0, 2) });
    const observation = await replayCase(testCase, server.target('live'));
    expect(observation.outcome).toBe('diverged');
    expect(observation.stop).toMatchObject({
      step: 7,
      message:
        'the engine asked "Has Ada taken lessons in French?" (Ada · took lessons in · French, first-form) and the case has no answer for it',
    });
    const verdict = evaluateCase(testCase, observation);
    expect(verdict.status).toBe('failed');
    expect(verdict.checks[0].message).toMatch(/^first divergent step: step 7: the engine asked "Has Ada taken lessons in French\?"/);
  });

  it('reports a target that refuses the case as an error, and locked evidence as a problem', async () => {
    // The case's own map is used when the target does not override it.
    const { mapId: _override, ...caseMap } = server.target('live');
    const missing = await replayCase(adaCase('00000000-0000-4000-8000-000000000000'), caseMap);
    expect(missing.outcome).toBe('error');
    expect(missing.stop?.message).toBe('start failed: map 00000000… is not in live');
    const locked = { ...server.target('live'), keys: { apiKey: server.target('live').keys.apiKey } };
    const observation = await replayCase(brunoCase(server.mapId), locked);
    expect(observation.outcome).toBe('completed');
    expect(observation.evidenceProblems[0]).toMatch(/evidence is locked/);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const slowApi: ReplayApi = {
      ...server.client,
      start: server.client.start.bind(server.client),
      inject: server.client.inject.bind(server.client),
      respond: server.client.respond.bind(server.client),
      evidence: server.client.evidence.bind(server.client),
      query: async (sessionId, query) => {
        const reply = await server.client.query(sessionId, query);
        controller.abort();
        return reply;
      },
    };
    const observation = await replayCase(adaCase(server.mapId), server.target('live', undefined, slowApi), { signal: controller.signal });
    expect(observation.outcome).toBe('cancelled');
    expect(evaluateCase(adaCase(server.mapId), observation).status).toBe('cancelled');
  });
});
