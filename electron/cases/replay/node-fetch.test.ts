import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecisionApiClient } from '../../client';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../server/test-support/harness';
import { createNodeFetch } from './node-fetch';

let server: TestServer;
const transport = createNodeFetch();
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  transport.close();
  await server.dispose();
});

describe('the node:http fetch for the client', () => {
  it('carries status, headers and bodies both ways, errors included', async () => {
    const client = new DecisionApiClient({ environment: server.url, fetch: transport.fetch });
    const version = await client.version();
    expect(version.ok && version.value).toMatch(/^\d+\.\d+\.\d+/);
    const missing = await client.start('00000000-0000-4000-8000-000000000000', { apiKey: TEST_API_KEY });
    expect(missing).toMatchObject({ ok: false, error: { status: 400 } });
    const bad = await client.query('no-such-session', { subject: 'Ada', relationship: 'speaks' });
    expect(bad.ok).toBe(false);
    const reply = await transport.fetch(`${server.url}/version`, { method: 'GET', headers: {} });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('stops a request when its signal aborts, and reports refused connections', async () => {
    const aborted = transport.fetch(`${server.url}/version`, { method: 'GET', headers: {}, signal: AbortSignal.abort() });
    await expect(aborted).rejects.toThrow(/aborted/);
    const client = new DecisionApiClient({ environment: 'http://127.0.0.1:9', fetch: transport.fetch });
    const refused = await client.version();
    expect(refused).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});
