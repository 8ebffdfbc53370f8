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

const nl = (endpoint: string, body: unknown, headers: Record<string, string> = { Version: 'v1' }) => server.call('POST', `/nl/${endpoint}`, { apiKey: TEST_API_KEY, headers, body });

describe('POST /nl/interact and /nl/explain (not available yet)', () => {
  it('answer the error envelope saying the interface is not available', async () => {
    const interact = await nl('interact', { sessionID: sid, userPrompt: 'What money does Ana need?' });
    expect(interact.status).toBe(501);
    const body = NLInteractResponseSchema.parse(interact.json);
    expect(body).toMatchObject({ responseType: 'error', error: { code: 501, statusCode: '501', message: expect.stringMatching(/not available/) } });
    expect(body.error?.suggestedChatResponse).toBeTruthy();

    const explain = await nl('explain', { language: 'en', sessionID: sid, factID: 'WA:RF:1' });
    expect(explain.status).toBe(501);
    expect(NLExplainResponseSchema.parse(explain.json).error?.code).toBe(501);
  });

  it('check the key, the Version header, the body and the session first', async () => {
    expect((await server.call('POST', '/nl/interact', { headers: { Version: 'v1' }, body: { sessionID: sid, userPrompt: 'x' } })).status).toBe(401);
    const noVersion = await nl('interact', { sessionID: sid, userPrompt: 'x' }, {});
    expect(noVersion.status).toBe(400);
    expect(noVersion.json).toMatchObject({ responseType: '', error: { code: 400, message: expect.stringMatching(/Version/) } });
    const noPrompt = await nl('interact', { sessionID: sid });
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.json).toMatchObject({ error: { message: expect.stringMatching(/userPrompt/) } });
    const gone = await nl('explain', { language: 'en', sessionID: 'c1bf18d7-d1f0-44bc-a639-8cd4ded56dce', factID: 'x' });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ error: { code: 28, statusCode: '404' } });
  });
});
