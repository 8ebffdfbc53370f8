import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionResponse, ResultResponse } from '../../common/decision-api';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
let kmID: string;
beforeAll(async () => {
  server = await startTestServer();
  kmID = await addMapOverHttp(server);
});
afterAll(() => server.dispose());

const visiting = (object: string, extra: Record<string, unknown> = {}) => ({
  subject: 'Ana',
  relationship: 'is visiting',
  object,
  certainty: 100,
  ...extra,
});

describe('POST /{sessionID}/inject', () => {
  it('injects a bare array, reading cf (also as a string) as certainty', async () => {
    const sid = await startSession(server, kmID);
    expect(await post(server, sid, 'inject', [{ subject: 'Ana', relationship: 'is visiting', object: 'Norway', cf: '100' }])).toEqual({
      result: 'OK',
    });
    const result = await post<ResultResponse>(server, sid, 'query', { subject: 'Ana', relationship: 'pays with', object: null });
    expect(result.result).toMatchObject([{ object: 'krone', certainty: 80 }]);
  });

  it('asks again about a fact injected below 100, and then accepts a skip that keeps it (knownAnswers)', async () => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'inject', [{ subject: 'Ana', relationship: 'is visiting', object: 'Norway', cf: 90 }]);
    const question = await post<QuestionResponse>(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    expect(question.question).toMatchObject({
      relationship: 'is visiting',
      allowUnknown: false,
      knownAnswers: [{ subject: 'Ana', object: 'Norway', cf: 90 }],
    });
    const result = await post<ResultResponse>(server, sid, 'response', {
      answers: [{ subject: 'Ana', relationship: 'is visiting', object: '', unanswered: true }],
    });
    expect(result.result).toMatchObject([{ object: 'krone', certainty: 76 }]);
  });

  it('refuses more than 250 facts with a message saying to batch, changing nothing', async () => {
    const sid = await startSession(server, kmID);
    const facts = Array.from({ length: 251 }, (_, index) => ({
      subject: `T${index}`,
      relationship: 'is visiting',
      object: 'Japan',
      certainty: 100,
    }));
    const reply = await server.call('POST', `/${sid}/inject`, { body: facts });
    expect(reply.status).toBe(400);
    expect((reply.json as { err: string[] }).err[0]).toMatch(/at most 250 facts.*batches of 250/);
    expect((await server.call('POST', `/${sid}/inject`, { body: facts.slice(0, 250) })).status).toBe(200);
  });

  it('names the fact and field of a bad fact, and reports engine refusals as {"err": [...]}', async () => {
    const sid = await startSession(server, kmID);
    const bad = await server.call('POST', `/${sid}/inject`, { body: [{ subject: 'Ana', relationship: 'is visiting' }] });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ err: ['[0].object: Please provide a string, numeric or boolean object.'] });
    const unknown = await server.call('POST', `/${sid}/inject`, {
      body: [{ subject: 'Ana', relationship: 'is flying to', object: 'Japan', certainty: 100 }],
    });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { err: string[] }).err.join(' ')).toMatch(/is flying to/);
    const notArray = await server.call('POST', `/${sid}/inject`, { body: { subject: 'Ana' } });
    expect(notArray.status).toBe(400);
    expect(notArray.json).toEqual({ err: ['Please provide an array of facts to inject.'] });
  });
});

describe('POST /{sessionID}/query and /response', () => {
  it('asks, then answers with the result; both carry sid', async () => {
    const sid = await startSession(server, kmID);
    const question = await post<QuestionResponse>(server, sid, 'query', { subject: 'Ana', relationship: 'pays with', object: '' });
    expect(question).toMatchObject({
      sid,
      question: { relationship: 'is visiting', type: 'Second Form Object', allowUnknown: false, prompt: 'Where is Ana travelling to?' },
    });
    const result = await post<ResultResponse>(server, sid, 'response', {
      answers: [visiting('Japan', { certainty: undefined, cf: '100' })],
    });
    expect(result).toMatchObject({
      sid,
      queryProfile: [],
      stats: {},
      result: [{ subject: 'Ana', relationship: 'pays with', relationshipType: 'pays with', object: 'yen', certainty: 80 }],
    });
    expect(result.result[0]?.factID).toMatch(/^WA:RF:[0-9a-f]{64}$/);
  });

  it('refuses a query with neither subject nor object with the platform messages', async () => {
    const sid = await startSession(server, kmID);
    const reply = await server.call('POST', `/${sid}/query`, { body: { relationship: 'pays with', subject: null, object: '' } });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ err: ['Please provide a string or numeric subject.', 'Please provide a string or numeric object.'] });
  });

  it('answers first-form questions with answer "yes"', async () => {
    const sid = await startSession(server, kmID);
    const question = await post<QuestionResponse>(server, sid, 'query', { subject: 'Ana', relationship: 'is visiting', object: 'Mexico' });
    expect(question.question).toMatchObject({ type: 'First Form', prompt: 'Is Ana visiting Mexico?' });
    const result = await post<ResultResponse>(server, sid, 'response', { answers: [visiting('Mexico', { answer: 'yes' })] });
    expect(result.result).toMatchObject([{ object: 'Mexico', certainty: 100 }]);
  });

  it('applies the skip rule: refused without allowUnknown or knownAnswers, accepted with allowUnknown', async () => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    const refused = await server.call('POST', `/${sid}/response`, {
      body: { answers: [{ subject: 'Ana', relationship: 'is visiting', object: '', unanswered: true }] },
    });
    expect(refused.status).toBe(400);
    expect((refused.json as { err: string[] }).err[0]).toMatch(/^Please provide an expected boolean value for unanswered\./);
    // The refused skip left the session on the same question.
    expect(await post<ResultResponse>(server, sid, 'response', { answers: [visiting('Japan')] })).toMatchObject({
      result: [{ object: 'yen' }],
    });

    const other = await startSession(server, kmID);
    const passport = await post<QuestionResponse>(server, other, 'query', { subject: 'Ana', relationship: 'holds passport of' });
    expect(passport.question.allowUnknown).toBe(true);
    expect(
      await post(server, other, 'response', {
        answers: [{ cf: 100, unanswered: true, relationship: 'holds passport of', subject: 'Ana' }],
      }),
    ).toMatchObject({ result: [] });
  });

  it('refuses an answer for a relationship that was not asked', async () => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    const reply = await server.call('POST', `/${sid}/response`, {
      body: { answers: [{ subject: 'Ana', relationship: 'holds passport of', object: 'Japan', certainty: 100 }] },
    });
    expect(reply.status).toBe(400);
    expect((reply.json as { err: string[] }).err.length).toBeGreaterThan(0);
  });

  it('ignores the extra fields and parameters real clients send', async () => {
    const sid = await startSession(server, kmID);
    const reply = await server.call('POST', `/${sid}/query?profiler=true&source=rainbird-api-js&environment=api.rainbird.ai`, {
      body: { id: '10000001', sessionId: sid, subject: 'Ana', relationship: 'pays with', object: null },
      headers: { 'x-rainbird-engine': 'Experimental (Beta)', 'X-API-Key': 'tolerated-even-if-wrong' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ question: { relationship: 'is visiting' } });
  });
});

describe('POST /{sessionID}/undo', () => {
  it('steps back to the question whatever the body ({}, {"data":{}}, none), and repeats it when nothing is left', async () => {
    const sid = await startSession(server, kmID);
    const asked = await post<QuestionResponse>(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    await post(server, sid, 'response', { answers: [visiting('Japan')] });
    expect(await post(server, sid, 'undo', {})).toEqual(asked);
    expect(await post<ResultResponse>(server, sid, 'response', { answers: [visiting('Mexico')] })).toMatchObject({
      result: [{ object: 'peso' }],
    });
    expect(await post(server, sid, 'undo', { data: {} })).toEqual(asked);
    const empty = await server.call('POST', `/${sid}/undo`, { rawBody: '' });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual(asked);
  });
});

describe('unknown sessions and malformed requests', () => {
  it('answers 404 {"error":"Session ID not found"} on every session endpoint', async () => {
    for (const endpoint of ['inject', 'query', 'response', 'undo']) {
      const reply = await server.call('POST', `/c1bf18d7-d1f0-44bc-a639-8cd4ded56dce/${endpoint}`, { body: {} });
      expect(reply.status, endpoint).toBe(404);
      expect(reply.json).toEqual({ error: 'Session ID not found' });
    }
  });

  it('refuses malformed JSON with 400 {"err": [...]}', async () => {
    const sid = await startSession(server, kmID);
    const reply = await server.call('POST', `/${sid}/query`, { rawBody: '{"relationship": "pays with",' });
    expect(reply.status).toBe(400);
    expect((reply.json as { err: string[] }).err[0]).toMatch(/not valid JSON/);
    // The session is untouched and still usable.
    expect(await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' })).toMatchObject({ question: {} });
  });

  it('reads JSON sent with another content type', async () => {
    const sid = await startSession(server, kmID);
    const reply = await server.call('POST', `/${sid}/query`, {
      rawBody: JSON.stringify({ subject: 'Ana', relationship: 'pays with' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(reply.status).toBe(200);
  });

  it('answers unknown routes with 404 JSON', async () => {
    const reply = await server.call('GET', '/maps');
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: 'Not Found', message: 'Cannot GET /maps' });
    expect((await server.call('DELETE', '/version')).status).toBe(404);
  });

  it('refuses bodies over the limit with 413', async () => {
    const sid = await startSession(server, kmID);
    const reply = await server.call('POST', `/${sid}/inject`, {
      rawBody: JSON.stringify([{ subject: 'x'.repeat(1_100_000), relationship: 'is visiting', object: 'Japan' }]),
    });
    expect(reply.status).toBe(413);
    expect(reply.json).toMatchObject({ error: 'Payload Too Large' });
  });

  it('serialises concurrent calls on one session', async () => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? server.call('POST', `/${sid}/response`, { body: { answers: [visiting('Japan')] } })
          : server.call('POST', `/${sid}/undo`, { body: {} }),
      ),
    );
    expect(replies.every((reply) => reply.status === 200 || reply.status === 400)).toBe(true);
    // Whatever the interleaving, the session still answers consistently afterwards.
    const last = await server.call('POST', `/${sid}/query`, { body: { subject: 'Ana', relationship: 'pays with' } });
    expect(last.status).toBe(200);
  });
});

describe('GET /version', () => {
  it('answers a plain-text semantic version without a key', async () => {
    const reply = await server.call('GET', '/version?source=rainbird-api-js');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(reply.text).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
