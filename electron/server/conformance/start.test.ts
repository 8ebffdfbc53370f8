import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { travelMoneyWithCertainty } from '../test-support/fixtures';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
let kmID: string;
beforeAll(async () => {
  server = await startTestServer();
  kmID = await addMapOverHttp(server);
});
afterAll(() => server.dispose());

const basic = (user: string, password = ''): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The certainty of "Ana pays with yen" on the version a start selects (versions differ by rule cf). */
async function certaintyOn(id: string, query: string): Promise<number> {
  const sid = await startSession(server, id, query);
  await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
  const result = await post<{ result: { certainty: number }[] }>(server, sid, 'response', {
    answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }],
  });
  return result.result[0]?.certainty ?? -1;
}

describe('GET /start/{kmID}: authentication', () => {
  it('starts with X-API-Key and answers {id, kmVersion:{id}}', async () => {
    const reply = await server.call('GET', `/start/${kmID}`, { apiKey: TEST_API_KEY });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), kmVersion: { id: kmID } });
  });

  it('starts with legacy Basic authentication (key as user name, password empty or any)', async () => {
    expect((await server.call('GET', `/start/${kmID}`, { headers: { Authorization: basic(TEST_API_KEY) } })).status).toBe(200);
    expect((await server.call('GET', `/start/${kmID}`, { headers: { Authorization: basic(TEST_API_KEY, 'x') } })).status).toBe(200);
  });

  it('refuses a missing or wrong key with 401 and a JSON reason', async () => {
    const missing = await server.call('GET', `/start/${kmID}`);
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ error: 'Unauthorized', message: expect.stringContaining('X-API-Key') });
    const wrong = await server.call('GET', `/start/${kmID}`, { apiKey: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ error: 'Unauthorized' });
    expect((await server.call('GET', `/start/${kmID}`, { headers: { Authorization: basic('not-the-key') } })).status).toBe(401);
  });
});

describe('GET /start/{kmID}: errors', () => {
  it('answers an unknown map with plain-text 400 "Bad request!"', async () => {
    const reply = await server.call('GET', '/start/00000000-0000-4000-8000-000000000000', { apiKey: TEST_API_KEY });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(reply.text).toBe('Bad request!');
  });

  it('refuses useDraft together with version', async () => {
    const reply = await server.call('GET', `/start/${kmID}?useDraft=true&version=1`, { apiKey: TEST_API_KEY });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ err: ['useDraft: Please provide either useDraft or version, not both.'] });
  });

  it('refuses a malformed version with 400 and a missing one with 404 "Not Found"', async () => {
    const malformed = await server.call('GET', `/start/${kmID}?version=first`, { apiKey: TEST_API_KEY });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ err: ['version: Please provide a valid version.'] });
    const missing = await server.call('GET', `/start/${kmID}?version=42`, { apiKey: TEST_API_KEY });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('Not Found');
  });

  it('accepts an upper-case kmID, context IDs, the Go SDK double "?" and ignored extras', async () => {
    const reply = await server.call('GET', `/start/${kmID.toUpperCase()}?contextid=ctx?useDraft=true&source=rainbird-api-js`, {
      apiKey: TEST_API_KEY,
      headers: { 'x-rainbird-engine': 'Core' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect((await server.call('GET', `/start/${kmID}?contextId=ctx`, { apiKey: TEST_API_KEY })).status).toBe(200);
  });
});

describe('GET /start/{kmID}: which version', () => {
  it('uses the draft when nothing is live, the live version by default, and honours useDraft and version', async () => {
    // Its own map: versions differ by the rule's certainty (v1: 70, draft later: 60).
    const id = await addMapOverHttp(server, travelMoneyWithCertainty(70), 'Versions');
    expect(await certaintyOn(id, '')).toBe(70);
    const { registry } = server.server;
    registry.publish(id, { live: true });
    registry.updateDraft(id, travelMoneyWithCertainty(60));
    expect(await certaintyOn(id, '')).toBe(70);
    expect(await certaintyOn(id, '?useDraft=true')).toBe(60);
    expect(await certaintyOn(id, '?version=1')).toBe(70);
    expect(await certaintyOn(id, '?useDraft=false')).toBe(70);

    const live = await server.call('GET', `/start/${id}`, { apiKey: TEST_API_KEY });
    const versionId = registry.getMap(id)?.versions[0]?.versionId;
    expect(live.json).toMatchObject({ kmVersion: { id: versionId } });
    expect(versionId).not.toBe(id);
    registry.setLive(id, null);
    expect(await certaintyOn(id, '')).toBe(60);
  });
});
