import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMapOverHttp, startSession } from './test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from './test-support/harness';

const log = new PassThrough();
let written = '';
log.on('data', (chunk: Buffer) => void (written += chunk.toString()));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logger: { stream: log } });
});
afterAll(() => server.dispose());

describe('request logging', () => {
  it('logs requests but never a key, whichever header carries it', async () => {
    const kmID = await addMapOverHttp(server);
    const sid = await startSession(server, kmID);
    const basic = `Basic ${Buffer.from(`${TEST_API_KEY}:`).toString('base64')}`;
    await server.call('GET', `/start/${kmID}`, { headers: { Authorization: basic } });
    await server.call('GET', `/analysis/evidence/WA:RF:1/${sid}`, {
      headers: { 'x-evidence-key': 'secret-evidence-key', 'x-interaction-key': 'secret-interaction-key' },
    });
    await server.call('GET', '/start/nope', { apiKey: 'wrong-secret-key' });
    expect(written).toContain('incoming request');
    for (const secret of [TEST_API_KEY, basic.slice(6), 'secret-evidence-key', 'secret-interaction-key', 'wrong-secret-key'])
      expect(written).not.toContain(secret);
  });
});
