import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureMap } from '../test-support/fixtures';
import { addMapOverHttp } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const createMap = (body: unknown, headers: Record<string, string> = { Version: 'v1' }) =>
  server.call('POST', '/maps', { apiKey: TEST_API_KEY, headers, body });

describe('POST /maps', () => {
  it('adds a map and answers 201 {id, kmID}', async () => {
    const reply = await createMap({ rblang: fixtureMap('travel-money'), name: 'Travel', description: 'money' });
    expect(reply.status).toBe(201);
    const { id, kmID } = reply.json as { id: string; kmID: string };
    expect(kmID).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).toBe(kmID);
    expect(server.server.registry.getMap(kmID)).toMatchObject({ name: 'Travel', description: 'money' });
  });

  it('needs the API key and "Version: v1"', async () => {
    expect((await server.call('POST', '/maps', { headers: { Version: 'v1' }, body: { rblang: 'x', name: 'x' } })).status).toBe(401);
    const missing = await createMap({ rblang: fixtureMap('travel-money'), name: 'Travel' }, {});
    expect(missing.status).toBe(400);
    expect((missing.json as { err: string[] }).err[0]).toMatch(/unsupported API version/);
    expect((await createMap({ rblang: fixtureMap('travel-money'), name: 'Travel' }, { Version: 'v2' })).status).toBe(400);
  });

  it('names missing fields', async () => {
    const reply = await createMap({ name: '' });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ err: ['rblang: Please provide the map source as rblang.', 'name: Please provide a name.'] });
  });

  it('refuses a map that does not load, with its diagnostics', async () => {
    const reply = await createMap({ rblang: fixtureMap('broken'), name: 'Broken' });
    expect(reply.status).toBe(400);
    const body = reply.json as { err: string[]; diagnostics: { line: number; code: string; severity: string }[] };
    expect(body.err).toEqual([expect.stringMatching(/^rblang: line 5, column \d+: .*planet/)]);
    expect(body.diagnostics).toEqual([expect.objectContaining({ severity: 'error', line: 5, code: 'name/undeclared-concept' })]);
    const malformed = await createMap({ rblang: '<rbl:kb><concept', name: 'Malformed' });
    expect(malformed.status).toBe(400);
    expect(server.server.registry.listMaps().some((map) => map.name === 'Broken' || map.name === 'Malformed')).toBe(false);
  });

  it('takes a 20 MB map, and answers 413 over the limit', async () => {
    const padding = `<!-- ${'p'.repeat(20 * 1000 * 1000)} -->`;
    const big = fixtureMap('travel-money').replace('</rbl:kb>', `${padding}\n</rbl:kb>`);
    const reply = await createMap({ rblang: big, name: 'Big' });
    expect(reply.status, reply.text.slice(0, 200)).toBe(201);
    const huge = await createMap({ rblang: `${big}${'q'.repeat(13 * 1024 * 1024)}`, name: 'Huge' });
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ error: 'Payload Too Large' });
  });
});

describe('GET /analysis/file/{kmID}', () => {
  it('returns the draft, or a version with ?version=N', async () => {
    const kmID = await addMapOverHttp(server);
    server.server.registry.publish(kmID);
    server.server.registry.updateDraft(kmID, fixtureMap('travel-money').replace('Local money', 'Local cash'));
    const draft = await server.call('GET', `/analysis/file/${kmID}`, { apiKey: TEST_API_KEY });
    expect(draft.status).toBe(200);
    expect((draft.json as { rblang: string }).rblang).toContain('Local cash');
    const v1 = await server.call('GET', `/analysis/file/${kmID}?version=1`, { apiKey: TEST_API_KEY });
    expect((v1.json as { rblang: string }).rblang).toContain('Local money');
  });

  it('answers the platform errors: 403 without a key, 401 with a wrong one, 404 for unknown maps and versions', async () => {
    const kmID = await addMapOverHttp(server);
    const noKey = await server.call('GET', `/analysis/file/${kmID}`);
    expect(noKey.status).toBe(403);
    expect(noKey.json).toMatchObject({ error: 'NO_PERMISSION' });
    expect((await server.call('GET', `/analysis/file/${kmID}`, { apiKey: 'bogus' })).status).toBe(401);
    const unknown = await server.call('GET', '/analysis/file/00000000-0000-4000-8000-000000000000', { apiKey: TEST_API_KEY });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: 'File not found' });
    const noVersion = await server.call('GET', `/analysis/file/${kmID}?version=7`, { apiKey: TEST_API_KEY });
    expect(noVersion.status).toBe(404);
    expect(noVersion.json).toMatchObject({ error: "Can't find Version" });
  });
});
