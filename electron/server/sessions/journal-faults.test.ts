/**
 * A failing disk never loses an acknowledged step: on a real small filesystem (ext4 on a loop
 * device) that fills up, turns read-only or returns I/O errors, every request whose step was not
 * stored answers 503 (retry later), including when the failed commit was made by another
 * request's session rebuild, a shared-context load or the sweep; and after a restart the server
 * holds exactly the acknowledged steps.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResultResponse } from '../../common/decision-api';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, type TestServer } from '../test-support/harness';
import { mountSmallFilesystem, type SmallFilesystem } from '../test-support/small-filesystem';
import type { SessionManager } from './manager';

const mounted = mountSmallFilesystem();
const available = 'dir' in mounted;
if (!available) console.warn(`journal fault tests skipped: ${mounted.unavailable}`);
afterAll(() => {
  if (available) mounted.dispose();
});

const answer = { answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }] };
const payQuery = { subject: 'Ana', relationship: 'pays with' };

describe.skipIf(!available)('journal writes on a failing disk', () => {
  const disk = mounted as SmallFilesystem;
  let server: TestServer;
  let kmID: string;
  let dataDir: string;
  let reports: string[];
  let run = 0;

  beforeEach(async () => {
    run += 1;
    dataDir = `${disk.dir}/data-${run}`;
    reports = [];
    server = await startTestServer({ maxLiveSessions: 1, report: (message) => reports.push(message) }, dataDir);
    kmID = await addMapOverHttp(server);
  });
  afterEach(async () => {
    disk.free();
    await server.close().catch(() => {});
  });

  /** A session waiting for its answer to "is visiting". */
  async function asked(): Promise<string> {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'query', payQuery);
    return sid;
  }

  /** After a restart: the answer was not stored if the session still asks for it. */
  async function expectAnswerNotStored(sid: string): Promise<void> {
    server = await server.restart();
    const result = await post<ResultResponse>(server, sid, 'response', answer);
    expect(result.result).toMatchObject([{ object: 'yen' }]);
  }

  /** Answers `sid` through the manager and, once its step is queued, runs `meanwhile` in the same turn. */
  async function answerWhile(sid: string, meanwhile: (manager: SessionManager) => unknown): Promise<{ other: unknown }> {
    const manager = server.server.sessions;
    let other: unknown;
    const answered = manager.run(sid, 'core', async (live) => {
      const outcome = await live.session.respond(answer.answers);
      other = meanwhile(manager);
      // Checked by the caller after this call fails; handled now so its failure is not reported early.
      if (other instanceof Promise) other.catch(() => {});
      return outcome;
    });
    await expect(answered).rejects.toMatchObject({ statusCode: 503, message: expect.stringMatching(/disk is full.*Retry later/) });
    return { other };
  }

  it('answers 503 (retry later) when the disk is full, and the answer is not stored', async () => {
    const sid = await asked();
    disk.fill();
    const failed = await server.call('POST', `/${sid}/response`, { body: answer });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');
    expect(failed.json).toEqual({
      error: 'Service Unavailable',
      message: 'The server could not store this step (the disk is full); it was not recorded. Retry later.',
    });
    disk.free();
    // Retrying once there is room works, and the session is as stored (asking the same question).
    const retried = await post<ResultResponse>(server, sid, 'response', answer);
    expect(retried.result).toMatchObject([{ object: 'yen' }]);
    expect(reports.some((line) => line.startsWith('journal write failed'))).toBe(true);
  });

  it('never acknowledges an answer whose commit failed inside another session’s rebuild', async () => {
    const rebuilt = await asked();
    const sid = await asked(); // maxLiveSessions 1: `rebuilt` left memory and is rebuilt on its next call
    disk.fill();
    const { other } = await answerWhile(sid, (manager) => manager.run(rebuilt, 'read', (live) => live.session.interactions().length));
    // The rebuild itself only reads: it goes on and serves its caller.
    await expect(other).resolves.toMatchObject({ found: true });
    disk.free();
    await expectAnswerNotStored(sid);
  });

  it('never acknowledges an answer whose commit failed inside a shared-context load', async () => {
    const sid = await asked();
    disk.fill();
    const version = server.server.registry.resolve(kmID, { kind: 'default' });
    if (!version.ok) throw new Error('no version');
    const { other } = await answerWhile(sid, (manager) =>
      manager.start(version.value, { useDraft: false, recordInteractions: false, contextId: 'household-7' }),
    );
    // The new session itself cannot be stored either.
    await expect(other).rejects.toMatchObject({ statusCode: 503 });
    disk.free();
    await expectAnswerNotStored(sid);
  });

  it('never acknowledges an answer whose commit failed inside the periodic sweep', async () => {
    const sid = await asked();
    disk.fill();
    await answerWhile(sid, (manager) => {
      // As the sweep timer would: its own failure is only logged.
      try {
        manager.sweep();
      } catch {
        /* reported by the timer */
      }
    });
    disk.free();
    await expectAnswerNotStored(sid);
  });

  it('keeps every acknowledged step and answers 503 for the rest when the disk fills under load', async () => {
    const sids = await Promise.all(Array.from({ length: 16 }, () => asked()));
    const first = sids.slice(0, 8);
    const acknowledged = await Promise.all(first.map((sid) => server.call('POST', `/${sid}/response`, { body: answer })));
    expect(acknowledged.every((reply) => reply.status === 200)).toBe(true);
    disk.fill();
    // Half of these sessions are rebuilt from their journals meanwhile (only one stays in memory).
    const replies = await Promise.all(sids.slice(8).map((sid) => server.call('POST', `/${sid}/response`, { body: answer })));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 503));
    disk.free();
    server = await server.restart();
    for (const sid of first) {
      const again = await server.call('POST', `/${sid}/response`, { body: answer });
      // Stored: there is no pending question any more.
      expect(again.status, again.text).toBe(400);
    }
    for (const sid of sids.slice(8))
      expect((await post<ResultResponse>(server, sid, 'response', answer)).result).toMatchObject([{ object: 'yen' }]);
  });
});

describe.skipIf(!available)('journal writes when the disk turns read-only or fails', () => {
  const disk = mounted as SmallFilesystem;

  it.each([
    ['read-only', () => disk.failReadOnly()],
    ['I/O errors', () => disk.failIo()],
  ])('answers 503 once the filesystem fails (%s), and keeps every acknowledged step', async (_kind, fail) => {
    const dataDir = `${disk.dir}/data-${_kind.replace(/\W/g, '')}`;
    let server = await startTestServer({ report: () => {} }, dataDir);
    const kmID = await addMapOverHttp(server);
    const stored = await startSession(server, kmID);
    await post(server, stored, 'query', payQuery);
    const lost = await startSession(server, kmID);
    await post(server, lost, 'query', payQuery);
    await post(server, stored, 'response', answer);
    fail();
    const failed = await server.call('POST', `/${lost}/response`, { body: answer });
    expect(failed.status).toBe(503);
    expect((failed.json as { error: string }).error).toBe('Service Unavailable');
    await server.close().catch(() => {});
    disk.remount();
    server = await startTestServer({ report: () => {} }, dataDir);
    try {
      expect((await server.call('POST', `/${stored}/response`, { body: answer })).status).toBe(400);
      expect((await post<ResultResponse>(server, lost, 'response', answer)).result).toMatchObject([{ object: 'yen' }]);
    } finally {
      await server.close();
    }
  });
});
