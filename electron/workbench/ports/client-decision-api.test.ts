import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientDecisionApi } from './client-decision-api';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A tiny engine stand-in answering every request with `status` and `body`. */
async function engine(status: number, body: string): Promise<string> {
  server = createServer((_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('ClientDecisionApi error mapping', () => {
  const api = new ClientDecisionApi();

  it('reports an engine that does not answer as engine/unreachable', async () => {
    const result = await api.version({ baseUrl: 'http://127.0.0.1:1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'engine/unreachable', message: expect.stringContaining('127.0.0.1:1') } });
  });

  it('reports a refusal as engine/rejected with the status and the engine’s words', async () => {
    const baseUrl = await engine(400, JSON.stringify({ err: ['Please provide a string or numeric subject.'] }));
    const result = await api.query({ baseUrl }, 's', { relationship: 'speaks' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'engine/rejected', details: { status: 400 }, message: expect.stringContaining('numeric subject') },
    });
  });

  it('reports an unreadable success as engine/invalid-response', async () => {
    const baseUrl = await engine(200, '{"surprise":true}');
    const result = await api.start({ baseUrl, apiKey: 'k' }, 'map', { kind: 'live' });
    expect(result).toMatchObject({ ok: false, error: { code: 'engine/invalid-response' } });
  });
});
