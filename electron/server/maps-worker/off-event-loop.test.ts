/**
 * While a huge map is being loaded for `POST /maps`, the server keeps answering: the load runs in
 * the map worker thread. Requests sent after the load began are answered before it ends (loading in
 * the server's thread, no request could be answered until the whole load was done). Judged by the
 * order of events, not by timings, so a busy machine cannot decide it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMapOverHttp, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';
import { hugeMap } from '../test-support/huge-map';
import { WorkerMapLoader } from './map-loader';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.dispose();
});

afterEach(() => vi.restoreAllMocks());

describe('loading a map off the event loop', () => {
  it('GET /version and a consultation on another map answer while a huge map loads', async () => {
    const kmID = await addMapOverHttp(server);
    const sid = await startSession(server, kmID);
    const rblang = hugeMap(40_000);

    // Watches the real worker loader (it still loads): whether the huge map went to it, and while it was at it.
    const worker: { loading: 'not yet' | 'under way' | 'done' } = { loading: 'not yet' };
    const load = WorkerMapLoader.prototype.load;
    vi.spyOn(WorkerMapLoader.prototype, 'load').mockImplementation(function (this: WorkerMapLoader, ...args) {
      worker.loading = 'under way';
      return load.apply(this, args).finally(() => (worker.loading = 'done'));
    });

    let uploaded = false;
    const upload = server
      .call('POST', '/maps', { apiKey: TEST_API_KEY, headers: { Version: 'v1' }, body: { rblang, name: 'Huge' } })
      .finally(() => {
        uploaded = true;
      });
    let answeredDuringLoad = 0;
    while (!uploaded) {
      const sentDuringLoad = worker.loading === 'under way';
      const [version, query] = await Promise.all([
        server.call('GET', '/version'),
        server.call('POST', `/${sid}/query`, { body: { subject: 'Ana', relationship: 'pays with' } }),
      ]);
      expect(version.status).toBe(200);
      expect(query.status, query.text).toBe(200);
      if (sentDuringLoad && worker.loading === 'under way') answeredDuringLoad++;
    }
    const added = await upload;
    expect(added.status, added.text).toBe(201);
    expect(worker.loading).toBe('done');
    expect(answeredDuringLoad, 'consultations sent and answered while the worker loaded the map').toBeGreaterThanOrEqual(2);
  }, 120_000);
});
