import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceRecord, InteractionEntry, ResultResponse, SessionInfo } from '../../common/decision-api';
import { DRAFT } from '../registry/types';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';
import { renewKeys } from '../test-support/keys';

let server: TestServer;
let kmID: string;
beforeAll(async () => {
  server = await startTestServer();
  kmID = await addMapOverHttp(server);
});
afterAll(() => server.dispose());

/** Fresh keys of a version (the registry keeps only digests, so tests renew them as an operator would). */
function settings(id = kmID, version = DRAFT) {
  return renewKeys(server.server.registry, id, version);
}

/** A finished consultation: Ana visits Japan and pays with yen. */
async function consulted(id = kmID): Promise<{ sid: string; factID: string }> {
  const sid = await startSession(server, id);
  await post(server, sid, 'inject', [{ subject: 'Ana', relationship: 'holds passport of', object: 'Norway', certainty: 100 }]);
  await post(server, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
  const result = await post<ResultResponse>(server, sid, 'response', {
    answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }],
  });
  return { sid, factID: result.result[0]?.factID ?? '' };
}

describe('GET /analysis/evidence/{factID}/{sessionID}', () => {
  it('is secured by default: 401 without the evidence key, 200 with it', async () => {
    const { sid, factID } = await consulted();
    const locked = await server.call('GET', `/analysis/evidence/${factID}/${sid}`);
    expect(locked.status).toBe(401);
    expect(locked.json).toMatchObject({ error: 'Unauthorized', message: expect.stringContaining('x-evidence-key') });
    expect((await server.call('GET', `/analysis/evidence/${factID}/${sid}`, { headers: { 'x-evidence-key': 'wrong' } })).status).toBe(401);

    const reply = await server.call('GET', `/analysis/evidence/${encodeURIComponent(factID)}/${sid}`, {
      headers: { 'x-evidence-key': settings().evidenceKey },
    });
    expect(reply.status).toBe(200);
    const record = reply.json as EvidenceRecord;
    expect(record).toMatchObject({
      factID,
      source: 'rule',
      fact: { certainty: 80 },
      rule: { ruleMaxCertainty: 80, bindings: { S: 'Ana', O: 'yen', PLACE: 'Japan' } },
    });
    // The owner's API key opens it too.
    expect((await server.call('GET', `/analysis/evidence/${factID}/${sid}`, { apiKey: TEST_API_KEY })).status).toBe(200);
  });

  it('needs no key when the version has evidence unsecured', async () => {
    const id = await addMapOverHttp(server, undefined, 'Open evidence');
    server.server.registry.updateSettings(id, DRAFT, { evidenceSecured: false });
    const { sid, factID } = await consulted(id);
    expect((await server.call('GET', `/analysis/evidence/${factID}/${sid}`)).status).toBe(200);
  });

  it('serves the legacy form without a session, and 404s unknown facts and sessions', async () => {
    const { sid, factID } = await consulted();
    const key = { 'x-evidence-key': settings().evidenceKey };
    const legacy = await server.call('GET', `/analysis/evidence/${factID}?source=rainbird-api-js`, { headers: key });
    expect(legacy.status).toBe(200);
    expect(legacy.json).toMatchObject({ factID });
    const conditionFact = ((legacy.json as EvidenceRecord).rule?.conditions[1] as { factID: string }).factID;
    expect((await server.call('GET', `/analysis/evidence/${conditionFact}`, { headers: key })).status).toBe(200);

    expect((await server.call('GET', `/analysis/evidence/WA:XX/${sid}`, { headers: key })).status).toBe(404);
    expect((await server.call('GET', '/analysis/evidence/WA:RF:nothing', { headers: key })).status).toBe(404);
    const noSession = await server.call('GET', `/analysis/evidence/${factID}/c1bf18d7-d1f0-44bc-a639-8cd4ded56dce`, { headers: key });
    expect(noSession.status).toBe(404);
    expect(noSession.json).toEqual({ error: 'Session ID not found' });
  });
});

describe('GET /analysis/interactions/{sessionID}', () => {
  it('records nothing by default (recording is off)', async () => {
    const { sid } = await consulted();
    const reply = await server.call('GET', `/analysis/interactions/${sid}`, {
      headers: { 'x-interaction-key': settings().interactionKey },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([]);
  });

  it('records sessions started after recording was turned on, as JSON and CSV, behind the interaction key', async () => {
    const id = await addMapOverHttp(server, undefined, 'Recorded');
    const before = await consulted(id);
    server.server.registry.updateSettings(id, DRAFT, { recordInteractions: true });
    const { sid } = await consulted(id);
    const key = { 'x-interaction-key': settings(id).interactionKey };

    expect((await server.call('GET', `/analysis/interactions/${sid}`)).status).toBe(401);
    const json = await server.call('GET', `/analysis/interactions/${sid}?format=json`, { headers: key });
    expect(json.status).toBe(200);
    const entries = json.json as InteractionEntry[];
    expect(entries.map((entry) => entry.event)).toEqual(['start', 'inject', 'query', 'question', 'answer', 'result']);
    expect(entries[0]?.values).toEqual({ start: { useDraft: true, kmVersionID: id, sessionID: sid } });
    expect(entries[0]?.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const csv = await server.call('GET', `/analysis/interactions/${sid}?format=CSV`, { headers: key });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual(['event', 'created', 'subject', 'relationship', 'object', 'certainty', 'prompt', 'details']);
    expect(rows.map((row) => row.event)).toEqual(['start', 'inject', 'query', 'question', 'answer', 'result']);
    expect(rows[3]).toMatchObject({ subject: 'Ana', relationship: 'is visiting', prompt: 'Where is Ana travelling to?' });
    expect(rows[5]).toMatchObject({ subject: 'Ana', relationship: 'pays with', object: 'yen', certainty: '80' });
    expect(JSON.parse(rows[5]?.details ?? '{}')).toMatchObject({ factID: expect.stringMatching(/^WA:RF:/) });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ start: { useDraft: true, kmVersionID: id, sessionID: sid } });

    // Only sessions started after enabling are recorded.
    expect((await server.call('GET', `/analysis/interactions/${before.sid}`, { headers: key })).json).toEqual([]);
    expect((await server.call('GET', `/analysis/interactions/${sid}?format=xml`, { headers: key })).status).toBe(400);
    server.server.registry.updateSettings(id, DRAFT, { interactionsSecured: false });
    expect((await server.call('GET', `/analysis/interactions/${sid}`)).status).toBe(200);
  });
});

describe('GET /analysis/session/{sessionID}', () => {
  it('needs the API key', async () => {
    const { sid } = await consulted();
    expect((await server.call('GET', `/analysis/session/${sid}`)).status).toBe(401);
    expect((await server.call('GET', `/analysis/session/${sid}`, { apiKey: 'wrong' })).status).toBe(401);
  });

  it('reports the version by default, facts on request, filtered by relationships', async () => {
    const { sid } = await consulted();
    const version = await server.call('GET', `/analysis/session/${sid}`, { apiKey: TEST_API_KEY });
    expect(version.status).toBe(200);
    expect(version.json).toEqual({
      km: {
        id: kmID,
        name: 'Travel money',
        versionID: kmID,
        versionCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        versionStatus: 'Draft',
      },
    });

    const facts = (await server.call('GET', `/analysis/session/${sid}?filter=facts`, { apiKey: TEST_API_KEY })).json as SessionInfo;
    expect(facts.km).toBeUndefined();
    expect(facts.facts?.global.length).toBe(3);
    expect(facts.facts?.local.map((fact) => fact.source).sort()).toEqual(['answer', 'injection', 'rule']);

    const both = (
      await server.call('GET', `/analysis/session/${sid}?filter=version,facts&relationships=pays%20with`, { apiKey: TEST_API_KEY })
    ).json as SessionInfo;
    expect(both.km?.versionStatus).toBe('Draft');
    expect(both.facts).toMatchObject({ global: [], local: [{ relationship: 'pays with', source: 'rule' }], context: [] });
    expect((await server.call('GET', `/analysis/session/${sid}?filter=all`, { apiKey: TEST_API_KEY })).status).toBe(400);
  });

  it('reports published versions with their number', async () => {
    const id = await addMapOverHttp(server, undefined, 'Published');
    const published = server.server.registry.publish(id, { live: true });
    const { sid } = await consulted(id);
    const info = (await server.call('GET', `/analysis/session/${sid}`, { apiKey: TEST_API_KEY })).json as SessionInfo;
    expect(info.km).toMatchObject({
      id,
      versionNumber: 1,
      versionStatus: 'Version1',
      versionID: published.ok ? published.value.versionId : '',
    });
  });
});
