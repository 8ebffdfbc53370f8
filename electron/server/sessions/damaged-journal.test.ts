/**
 * One damaged journal entry costs only its own session: that session answers a clear error
 * (every time, reported to the operator once), and every other session goes on.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResultResponse } from '../../common/decision-api';
import { serverDatabaseFile } from '../options';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, type TestServer } from '../test-support/harness';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.dispose();
});

const answer = { answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }] };

describe.each([
  [
    'not JSON (cut short)',
    'UPDATE session_journal SET entry = substr(entry, 1, 20) WHERE session_id = ? AND seq = 0',
    /step 0 is not valid JSON/,
  ],
  ['not a step', `UPDATE session_journal SET entry = '{"kind":"query","at":"noon"}' WHERE session_id = ? AND seq = 0`, /step 0: at: /],
  ['missing', 'DELETE FROM session_journal WHERE session_id = ? AND seq = 0', /step 0 is missing/],
])('a journal entry %s', (_kind, damage, reason) => {
  it('gives its session a clear error, reported once, and leaves other sessions alone', async () => {
    const first = await startTestServer();
    const kmID = await addMapOverHttp(first);
    const damaged = await startSession(first, kmID);
    const healthy = await startSession(first, kmID);
    for (const sid of [damaged, healthy]) {
      await post(first, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
      await post(first, sid, 'inject', [{ subject: 'Ana', relationship: 'holds passport of', object: 'Mexico', certainty: 100 }]);
    }
    await first.close();
    const db = new Database(serverDatabaseFile(first.dataDir));
    db.prepare(damage).run(damaged);
    db.close();

    const reports: string[] = [];
    const server = await startTestServer({ report: (message) => reports.push(message) }, first.dataDir);
    servers.push(server);
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await server.call('POST', `/${damaged}/response`, { body: answer });
      expect(reply.status).toBe(500);
      const body = reply.json as { error: string; message: string };
      expect(body.error).toBe('Internal Server Error');
      expect(body.message).toMatch(new RegExp(`^Session ${damaged} cannot be resumed: its stored journal is damaged \\(`));
      expect(body.message).toMatch(reason);
      expect(body.message).toMatch(/Start a new session/);
    }
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain(damaged);
    expect(reports[0]).toMatch(reason);
    expect((await post<ResultResponse>(server, healthy, 'response', answer)).result).toMatchObject([{ object: 'yen' }]);
  });
});
