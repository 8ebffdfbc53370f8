import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResultResponse } from '../../common/decision-api';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, type TestServer } from '../test-support/harness';
import { SessionStore } from './store';

let server: TestServer;
let kmID: string;
beforeAll(async () => {
  server = await startTestServer();
  kmID = await addMapOverHttp(server);
});
afterAll(() => server.dispose());
afterEach(() => vi.restoreAllMocks());

const answer = { answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }] };

describe('session journals', () => {
  it('commit the steps of concurrent requests together', async () => {
    const sids = await Promise.all(Array.from({ length: 12 }, () => startSession(server, kmID)));
    const write = vi.spyOn(SessionStore.prototype, 'write');
    const replies = await Promise.all(
      sids.map((sid) => server.call('POST', `/${sid}/query`, { body: { subject: 'Ana', relationship: 'pays with' } })),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    const steps = write.mock.calls.reduce((total, [, written]) => total + written.length, 0);
    expect(steps).toBe(12);
    expect(write.mock.calls.length).toBeLessThan(12);
  });

  it('answer 503 when a step cannot be stored, leaving the session as it was stored', async () => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    vi.spyOn(SessionStore.prototype, 'write').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    const failed = await server.call('POST', `/${sid}/response`, { body: answer });
    expect(failed.status).toBe(503);
    expect(failed.json).toEqual({
      error: 'Service Unavailable',
      message: 'The server could not store this step (the journal write failed); it was not recorded. Retry later.',
    });
    // Rebuilt from the journal: the answer that was not stored is not there, so it can be given again.
    const result = await post<ResultResponse>(server, sid, 'response', answer);
    expect(result.result).toMatchObject([{ object: 'yen' }]);
    const undone = await post(server, sid, 'undo', {});
    expect(undone).toMatchObject({ question: { relationship: 'is visiting' } });
  });

  it('answer 500 when the engine throws, and rebuild the session for the next call', async () => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    const manager = server.server.sessions;
    const original = manager.run.bind(manager);
    vi.spyOn(manager, 'run').mockImplementationOnce((id, access, work) =>
      original(id, access, (live) => {
        void work;
        throw new Error(`engine bug in ${live.record.id}`);
      }),
    );
    expect((await server.call('POST', `/${sid}/response`, { body: answer })).status).toBe(500);
    expect(await post<ResultResponse>(server, sid, 'response', answer)).toMatchObject({ result: [{ object: 'yen' }] });
  });
});
