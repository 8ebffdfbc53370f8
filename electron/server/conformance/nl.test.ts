/**
 * The request-level checks of the natural-language endpoints, which hold whatever answers them
 * (the interface itself is tested with its implementation): key, `Version`, body, session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NLExplainResponseSchema, NLInteractResponseSchema } from '../../common/decision-api';
import { addMapOverHttp, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
let sid: string;
beforeAll(async () => {
  server = await startTestServer();
  sid = await startSession(server, await addMapOverHttp(server));
});
afterAll(() => server.dispose());

const nl = (endpoint: string, body: unknown, headers: Record<string, string> = { Version: 'v1' }) =>
  server.call('POST', `/nl/${endpoint}`, { apiKey: TEST_API_KEY, headers, body });

describe('POST /nl/interact and /nl/explain: request checks', () => {
  it('need the API key', async () => {
    expect(
      (await server.call('POST', '/nl/interact', { headers: { Version: 'v1' }, body: { sessionID: sid, userPrompt: 'x' } })).status,
    ).toBe(401);
    expect(
      (
        await server.call('POST', '/nl/explain', {
          apiKey: 'wrong',
          headers: { Version: 'v1' },
          body: { language: 'en', sessionID: sid, factID: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('refuse an unknown Version and a body without its fields, in the error envelope', async () => {
    const version = await nl('interact', { sessionID: sid, userPrompt: 'x' }, { Version: 'v9' });
    expect(version.status).toBe(400);
    expect(NLInteractResponseSchema.parse(version.json).error?.statusCode).toBe('400');
    const noPrompt = await nl('interact', { sessionID: sid });
    expect(noPrompt.status).toBe(400);
    expect(NLInteractResponseSchema.parse(noPrompt.json).error?.message).toMatch(/userPrompt/);
    const noFact = await nl('explain', { language: 'en', sessionID: sid });
    expect(noFact.status).toBe(400);
    expect(NLExplainResponseSchema.parse(noFact.json).error?.message).toMatch(/factID/);
  });

  it('answer an unknown session with 404 and the platform code 28', async () => {
    const gone = await nl('explain', { language: 'en', sessionID: 'c1bf18d7-d1f0-44bc-a639-8cd4ded56dce', factID: 'x' });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ error: { code: 28, statusCode: '404' } });
    const interact = await nl('interact', { sessionID: 'c1bf18d7-d1f0-44bc-a639-8cd4ded56dce', userPrompt: 'hello' });
    expect(interact.status).toBe(404);
    expect(NLInteractResponseSchema.parse(interact.json)).toMatchObject({ responseType: 'error', error: { code: 28 } });
  });
});
