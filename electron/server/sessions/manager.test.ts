import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResultResponse } from '../../common/decision-api';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, type TestServer } from '../test-support/harness';
import { FACT_OWNERS_KEPT } from './manager';
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

describe('the sessions of result facts (evidence asked without a session)', () => {
  it('are remembered for the most recent facts, a fact given again counting as recent', () => {
    const manager = server.server.sessions;
    const ids = (prefix: string, count: number): string[] =>
      Array.from({ length: count }, (_, index) => `WA:RF:${prefix}${String(index).padStart(63, '0')}`);
    const half = FACT_OWNERS_KEPT / 2 + 1_000;
    const first = ids('a', half);
    const second = ids('b', half);
    manager.rememberFacts('session-a', first);
    manager.rememberFacts('session-a', [first[0]]);
    manager.rememberFacts('session-b', second);
    // 2,000 more than are kept: the oldest go, but not the first fact, given again after the others.
    const evicted = 2 * half - FACT_OWNERS_KEPT;
    expect(manager.ownerOf(first[0])).toBe('session-a');
    expect(manager.ownerOf(first[1])).toBeUndefined();
    expect(manager.ownerOf(first[evicted])).toBeUndefined();
    expect(manager.ownerOf(first[evicted + 1])).toBe('session-a');
    expect(manager.ownerOf(second[0])).toBe('session-b');
    expect(manager.ownerOf(second[half - 1])).toBe('session-b');
    // One result larger than what is kept: only its last facts are remembered.
    const large = ids('c', FACT_OWNERS_KEPT + 500);
    manager.rememberFacts('session-c', large);
    expect(manager.ownerOf(second[half - 1])).toBeUndefined();
    expect(manager.ownerOf(large[499])).toBeUndefined();
    expect(manager.ownerOf(large[500])).toBe('session-c');
    expect(manager.ownerOf(large[large.length - 1])).toBe('session-c');
  });
});
