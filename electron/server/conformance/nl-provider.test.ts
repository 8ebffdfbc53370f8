/**
 * The natural-language endpoints with a language-model provider configured through the server's
 * environment (`LAPWING_NL_PROVIDER_*`), against a local OpenAI-compatible test server.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NLInteractResponseSchema } from '../../common/decision-api';
import { startFakeProvider, type FakeProvider } from '../../nl/provider/test-support/fake-provider';
import { addMapOverHttp, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';

const HELLO = readFileSync(new URL('../../../resources/maps/hello-world.rbl', import.meta.url), 'utf8');
const ENV = ['LAPWING_NL_PROVIDER_URL', 'LAPWING_NL_PROVIDER_MODEL', 'LAPWING_NL_PROVIDER_KEY', 'LAPWING_NL_PROVIDER_TIMEOUT_MS'] as const;

let fake: FakeProvider;
let server: TestServer;
let kmID: string;
/** What the server logged (pino's JSON lines), to see why the provider was given up. */
let logged = '';
const log = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString();
    done();
  },
});
beforeAll(async () => {
  fake = await startFakeProvider();
  Object.assign(process.env, {
    LAPWING_NL_PROVIDER_URL: fake.url,
    LAPWING_NL_PROVIDER_MODEL: 'test-model',
    LAPWING_NL_PROVIDER_KEY: 'sk-server',
    LAPWING_NL_PROVIDER_TIMEOUT_MS: '300',
  });
  server = await startTestServer({ logger: { stream: log } });
  kmID = await addMapOverHttp(server, HELLO, 'Hello world');
});
afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  await server.dispose();
  await fake.close();
});

async function say(sid: string, userPrompt: string) {
  const reply = await server.call('POST', '/nl/interact', {
    apiKey: TEST_API_KEY,
    headers: { Version: 'v1' },
    body: { sessionID: sid, userPrompt },
  });
  return { status: reply.status, body: NLInteractResponseSchema.parse(reply.json) };
}

describe('/nl/interact with a provider', () => {
  it('uses the provider for what the offline reader cannot place, and reports its tokens', async () => {
    const sid = await startSession(server, kmID);
    fake.answer({
      content: JSON.stringify({ kind: 'query', query: { subject: 'Chiara', relationship: 'lives in' } }),
      usage: { prompt_tokens: 410, completion_tokens: 22, total_tokens: 432 },
    });
    const reply = await say(sid, '¿Dónde vive Chiara?');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      responseType: 'result',
      query: { subject: 'Chiara', relationship: 'lives in' },
      results: [{ Object: 'Italy' }],
      metadata: { llmTokens: { promptTokens: 410, completionTokens: 22, totalTokens: 432 } },
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-server');

    // Offline-readable prompts never reach the provider.
    const before = fake.requests.length;
    expect((await say(sid, 'Does Chiara live in Italy?')).body.metadata?.llmTokens.totalTokens).toBe(0);
    expect(fake.requests.length).toBe(before);
  });

  it('answers with the offline reader when the provider times out', async () => {
    const sid = await startSession(server, kmID);
    fake.answer({ hang: true });
    const reply = await say(sid, '¿Dónde vive Chiara?');
    // Given up after the configured 300 ms, not the 15 s default: the server says which limit it hit.
    expect(logged).toContain('natural-language provider failed: the provider did not answer within 300 ms');
    expect(reply.body).toMatchObject({ responseType: 'error', error: { code: 101 }, metadata: { llmTokens: { totalTokens: 0 } } });
  });
});

describe('/nl/interact with a provider source passed by an embedding app', () => {
  it('looks the provider up on each call, goes offline without one, and offline when the lookup fails', async () => {
    let current: { url: string; model: string; key?: string; timeoutMs: number } | undefined;
    let failing = false;
    const embedded = await startTestServer({
      nlProvider: async () => {
        if (failing) throw new Error('The OS keychain is not available');
        return current;
      },
    });
    try {
      const km = await addMapOverHttp(embedded, HELLO, 'Hello world');
      const ask = async () => {
        const sid = await startSession(embedded, km);
        const reply = await embedded.call('POST', '/nl/interact', {
          apiKey: TEST_API_KEY,
          body: { sessionID: sid, userPrompt: '¿Dónde vive Chiara?' },
        });
        return NLInteractResponseSchema.parse(reply.json);
      };
      fake.answer({ content: JSON.stringify({ kind: 'query', query: { subject: 'Chiara', relationship: 'lives in' } }) });
      const before = fake.requests.length;
      expect((await ask()).responseType).toBe('error'); // no provider yet: offline only
      expect(fake.requests.length).toBe(before);

      current = { url: fake.url, model: 'embedded-model', key: 'key-one', timeoutMs: 2000 };
      expect(await ask()).toMatchObject({ responseType: 'result', results: [{ Object: 'Italy' }] });
      expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer key-one');
      current = { ...current, key: 'key-two' };
      await ask();
      expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer key-two');

      failing = true;
      const count = fake.requests.length;
      expect((await ask()).responseType).toBe('error');
      expect(fake.requests.length).toBe(count);
    } finally {
      await embedded.dispose();
    }
  });
});
