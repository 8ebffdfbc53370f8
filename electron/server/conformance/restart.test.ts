import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionResponse, ResultResponse } from '../../common/decision-api';
import { DRAFT } from '../registry/types';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';
import { renewKeys } from '../test-support/keys';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.dispose();
});

const visiting = (object: string) => ({ subject: 'Ana', relationship: 'is visiting', object, certainty: 100 });

describe('sessions survive a restart', () => {
  it('finishes a consultation begun before the restart with the same result', async () => {
    // The reference run, without a restart.
    const reference = await startTestServer();
    servers.push(reference);
    const refMap = await addMapOverHttp(reference);
    const refSid = await startSession(reference, refMap);
    await post(reference, refSid, 'inject', [{ subject: 'Ana', relationship: 'holds passport of', object: 'Mexico', certainty: 100 }]);
    await post(reference, refSid, 'query', { subject: 'Ana', relationship: 'pays with' });
    await post(reference, refSid, 'response', { answers: [visiting('Norway')] });
    await post(reference, refSid, 'undo', {});
    const expected = await post<ResultResponse>(reference, refSid, 'response', { answers: [visiting('Japan')] });

    const first = await startTestServer();
    const kmID = await addMapOverHttp(first);
    const sid = await startSession(first, kmID);
    await post(first, sid, 'inject', [{ subject: 'Ana', relationship: 'holds passport of', object: 'Mexico', certainty: 100 }]);
    const question = await post<QuestionResponse>(first, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    await post(first, sid, 'response', { answers: [visiting('Norway')] });

    const second = await first.restart();
    servers.push(second);
    expect(second.server.sessions.liveCount).toBe(0);
    // Undo works across the restart: the rebuilt session knows the answer batch it stepped back from.
    expect(await post(second, sid, 'undo', {})).toEqual(question);
    const result = await post<ResultResponse>(second, sid, 'response', { answers: [visiting('Japan')] });
    expect(
      result.result.map(({ subject, relationship, object, certainty, factID }) => ({ subject, relationship, object, certainty, factID })),
    ).toEqual(
      expected.result.map(({ subject, relationship, object, certainty, factID }) => ({ subject, relationship, object, certainty, factID })),
    );
    expect(result.sid).toBe(sid);

    // The session information and evidence are there after the restart too.
    const info = await second.call('GET', `/analysis/session/${sid}?filter=facts`, { apiKey: TEST_API_KEY });
    expect(info.status).toBe(200);
    const { evidenceKey } = renewKeys(second.server.registry, kmID, DRAFT);
    const evidence = await second.call('GET', `/analysis/evidence/${result.result[0]?.factID}/${sid}`, {
      headers: { 'x-evidence-key': evidenceKey },
    });
    expect(evidence.status).toBe(200);
  });

  it('rebuilds sessions evicted from memory', async () => {
    const server = await startTestServer({ maxLiveSessions: 2 });
    servers.push(server);
    const kmID = await addMapOverHttp(server);
    const sids = [await startSession(server, kmID), await startSession(server, kmID), await startSession(server, kmID)];
    expect(server.server.sessions.liveCount).toBe(2);
    for (const sid of sids) await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    const result = await post<ResultResponse>(server, sids[0] ?? '', 'response', { answers: [visiting('Mexico')] });
    expect(result.result).toMatchObject([{ object: 'peso' }]);
  });
});

describe('idle expiry', () => {
  it('answers 404 to core calls after the idle time, while evidence stays readable', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const hour = 60 * 60 * 1000;
    const server = await startTestServer({ clock: () => now, sessionIdleMs: 24 * hour, sessionRetentionMs: 72 * hour });
    servers.push(server);
    const kmID = await addMapOverHttp(server);
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    now += 23 * hour;
    const result = await post<ResultResponse>(server, sid, 'response', { answers: [visiting('Japan')] });
    const factID = result.result[0]?.factID ?? '';

    now += 24 * hour + 1;
    const expired = await server.call('POST', `/${sid}/query`, { body: { subject: 'Ana', relationship: 'pays with' } });
    expect(expired.status).toBe(404);
    expect(expired.json).toEqual({ error: 'Session ID not found' });
    const headers = { 'x-evidence-key': renewKeys(server.server.registry, kmID, DRAFT).evidenceKey };
    expect((await server.call('GET', `/analysis/evidence/${factID}/${sid}`, { headers })).status).toBe(200);

    // After a restart the expired session is still refused, and its evidence still served.
    const again = await server.restart({ clock: () => now });
    servers.push(again);
    expect((await again.call('POST', `/${sid}/undo`, { body: {} })).status).toBe(404);
    expect((await again.call('GET', `/analysis/evidence/${factID}/${sid}`, { headers })).status).toBe(200);

    // Past retention the journal is purged and nothing of the session is served.
    now += 72 * hour;
    await again.server.sessions.sweep();
    expect((await again.call('GET', `/analysis/evidence/${factID}/${sid}`, { headers })).status).toBe(404);
  });
});
