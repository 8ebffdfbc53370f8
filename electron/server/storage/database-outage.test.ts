/**
 * PostgreSQL out of reach: calls answer 503 (retry later) and store nothing; once it is back the
 * same server goes on from what was acknowledged. Skipped, saying why, without PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ResultResponse } from '../../common/decision-api';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, TEST_API_KEY } from '../test-support/harness';
import { startPostgres, type PostgresCluster } from '../test-support/postgres';
import { openPostgresStore } from './postgres';

const started = await startPostgres();
const available = !('unavailable' in started);
if (!available) console.warn(`database outage test skipped: ${started.unavailable}`);
const cluster = available ? (started as PostgresCluster) : undefined;
afterAll(() => cluster?.stop());

const answer = { answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }] };

describe.skipIf(!available)('a server whose PostgreSQL goes away', () => {
  it('answers 503 while it is gone, stores nothing then, and goes on once it is back', async () => {
    const store = await openPostgresStore(await cluster!.createDatabase(), { poolSize: 2 });
    const server = await startTestServer({ store });
    try {
      const kmID = await addMapOverHttp(server);
      const sid = await startSession(server, kmID);
      await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });

      await cluster!.pause();
      const failed = await server.call('POST', `/${sid}/response`, { body: answer });
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toBe('5');
      expect(failed.json).toMatchObject({ error: 'Service Unavailable', message: expect.stringMatching(/Retry later/) });
      // Reads of the registry too (/start), and a new map is not half-stored.
      const start = await server.call('GET', `/start/${kmID}`, { apiKey: TEST_API_KEY });
      expect(start.status).toBe(503);
      expect(start.json).toMatchObject({ message: expect.stringMatching(/cannot reach its database .* Retry later/) });

      await cluster!.resume();
      expect(await post<ResultResponse>(server, sid, 'response', answer)).toMatchObject({ result: [{ object: 'yen' }] });
      // Exactly the acknowledged steps: the query and this answer.
      expect(await store.journal.journalLength(sid)).toBe(2);
    } finally {
      await server.dispose();
      await store.close();
    }
  });
});
