/**
 * While a huge map is being loaded for `POST /maps`, the server keeps answering: the load runs in
 * the map worker thread. Each request made during the upload must be answered in well under half the
 * upload's time (loading in the server's thread, a request that arrives during the load waits for
 * all of it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMapOverHttp, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';
import { hugeMap } from '../test-support/huge-map';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.dispose();
});

describe('loading a map off the event loop', () => {
  it('GET /version and a consultation on another map answer while a huge map loads', async () => {
    const kmID = await addMapOverHttp(server);
    const sid = await startSession(server, kmID);
    const rblang = hugeMap(40_000);

    const uploadStart = performance.now();
    let uploaded = false;
    const upload = server
      .call('POST', '/maps', { apiKey: TEST_API_KEY, headers: { Version: 'v1' }, body: { rblang, name: 'Huge' } })
      .finally(() => {
        uploaded = true;
      });
    const latencies: number[] = [];
    let consultations = 0;
    while (!uploaded) {
      const start = performance.now();
      const [version, query] = await Promise.all([
        server.call('GET', '/version'),
        server.call('POST', `/${sid}/query`, { body: { subject: 'Ana', relationship: 'pays with' } }),
      ]);
      if (uploaded) break;
      latencies.push(performance.now() - start);
      expect(version.status).toBe(200);
      expect(query.status, query.text).toBe(200);
      consultations++;
    }
    const added = await upload;
    const uploadMs = performance.now() - uploadStart;
    expect(added.status, added.text).toBe(201);
    expect(consultations, `only ${consultations} answers during a ${uploadMs.toFixed(0)} ms upload`).toBeGreaterThanOrEqual(2);
    expect(Math.max(...latencies)).toBeLessThan(uploadMs / 2);
  }, 120_000);
});
