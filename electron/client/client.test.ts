import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuestionResponse, type FactInput } from '../common/decision-api';
import { DRAFT } from '../server';
import { fixtureMap } from '../server/test-support/fixtures';
import { TEST_API_KEY, startTestServer, type TestServer } from '../server/test-support/harness';
import { DecisionApiClient, baseUrlOf, type FetchLike } from './index';
import { renewKeys } from '../server/test-support/keys';

let server: TestServer;
let client: DecisionApiClient;
let kmID: string;
beforeAll(async () => {
  server = await startTestServer();
  client = new DecisionApiClient({ environment: server.url, engine: 'Core' });
  const created = await client.createMap(
    { rblang: fixtureMap('travel-money'), name: 'Travel', description: 'client test' },
    { apiKey: TEST_API_KEY },
  );
  if (!created.ok) throw new Error(created.error.messages.join('; '));
  kmID = created.value.kmID;
});
afterAll(() => server.dispose());

// The registry keeps only digests: the test renews the keys to know them.
const keys = () => renewKeys(server.server.registry, kmID, DRAFT);

describe('environments', () => {
  it('knows the platform hosts and builds local and custom URLs', () => {
    expect(baseUrlOf({ kind: 'community' })).toBe('https://api.rainbird.ai');
    expect(baseUrlOf({ kind: 'enterprise' })).toBe('https://enterprise-api.rainbird.ai');
    expect(baseUrlOf({ kind: 'local', port: 3100 })).toBe('http://127.0.0.1:3100');
    expect(baseUrlOf({ kind: 'local', port: 3100, host: '::1' })).toBe('http://[::1]:3100');
    expect(baseUrlOf({ kind: 'custom', baseUrl: 'https://acme-api.rainbird.ai/' })).toBe('https://acme-api.rainbird.ai');
  });
});

describe('DecisionApiClient against lapwing serve', () => {
  it('runs a whole consultation and reads its analysis', async () => {
    server.server.registry.updateSettings(kmID, DRAFT, { recordInteractions: true });
    const version = await client.version();
    expect(version.ok && version.value).toMatch(/^\d+\.\d+\.\d+$/);

    const started = await client.start(kmID, { apiKey: TEST_API_KEY, useDraft: true });
    if (!started.ok) throw new Error(started.error.messages.join());
    const sid = started.value.id;
    expect(started.value.kmVersion.id).toBe(kmID);

    // 600 facts go as three requests of at most 250.
    const facts: FactInput[] = Array.from({ length: 600 }, (_, index) => ({
      subject: `T${index}`,
      relationship: 'is visiting',
      object: 'Norway',
      certainty: 100,
    }));
    expect(await client.inject(sid, facts)).toEqual({ ok: true, value: { batches: 3, warnings: [] } });

    const question = await client.query(sid, { subject: 'Ana', relationship: 'pays with' });
    expect(question.ok && isQuestionResponse(question.value) && question.value.question.relationship).toBe('is visiting');
    const result = await client.respond(sid, [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }]);
    if (!result.ok || isQuestionResponse(result.value)) throw new Error('expected a result');
    expect(result.value.result).toMatchObject([{ object: 'yen', certainty: 80 }]);
    const factID = result.value.result[0]?.factID ?? '';

    const evidence = await client.evidence(factID, { sessionId: sid, evidenceKey: keys().evidenceKey });
    expect(evidence.ok && evidence.value.source).toBe('rule');
    const undone = await client.undo(sid);
    expect(undone.ok && isQuestionResponse(undone.value)).toBe(true);
    // Undo took the result back, and its evidence with it.
    expect(await client.evidence(factID, { sessionId: sid, evidenceKey: keys().evidenceKey })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    const log = await client.interactions(sid, { interactionKey: keys().interactionKey });
    expect(log.ok && log.value.map((entry) => entry.event)).toEqual([
      'start',
      'inject',
      'inject',
      'inject',
      'query',
      'question',
      'answer',
      'result',
      'question',
    ]);
    const csv = await client.interactionsCsv(sid, { interactionKey: keys().interactionKey });
    expect(csv.ok && csv.value.split('\n')[0]).toBe('event,created,subject,relationship,object,certainty,prompt,details');
    const info = await client.session(sid, { apiKey: TEST_API_KEY, filter: ['version', 'facts'], relationships: ['uses'] });
    expect(info.ok && info.value.km?.versionStatus).toBe('Draft');
    expect(info.ok && info.value.facts?.global.length).toBe(3);

    const file = await client.mapFile(kmID, { apiKey: TEST_API_KEY });
    expect(file.ok && file.value.rblang).toBe(fixtureMap('travel-money'));
    const document = await client.openapi();
    expect(document.ok && document.value.openapi).toBe('3.1.0');
  });

  it('returns each kind of failure as data', async () => {
    const auth = await client.start(kmID, { apiKey: 'wrong' });
    expect(auth).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } });

    const missing = await client.query('c1bf18d7-d1f0-44bc-a639-8cd4ded56dce', { subject: 'Ana', relationship: 'pays with' });
    expect(missing).toEqual({
      ok: false,
      error: { kind: 'not-found', status: 404, messages: ['Session ID not found'], body: { error: 'Session ID not found' } },
    });

    const started = await client.start(kmID, { apiKey: TEST_API_KEY });
    const sid = started.ok ? started.value.id : '';
    const invalid = await client.query(sid, { relationship: 'pays with' });
    expect(invalid).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        status: 400,
        messages: ['Please provide a string or numeric subject.', 'Please provide a string or numeric object.'],
      },
    });

    const badMap = await client.createMap({ rblang: fixtureMap('broken'), name: 'Broken' }, { apiKey: TEST_API_KEY });
    expect(badMap).toMatchObject({
      ok: false,
      error: { kind: 'validation', body: { diagnostics: [{ code: 'name/undeclared-concept' }] } },
    });

    const unknownMap = await client.start('00000000-0000-4000-8000-000000000000', { apiKey: TEST_API_KEY });
    expect(unknownMap).toMatchObject({ ok: false, error: { kind: 'validation', messages: ['Bad request!'] } });

    // The NL error envelope becomes an error carrying its message.
    const nl = await client.nlInteract(
      { sessionID: 'c1bf18d7-d1f0-44bc-a639-8cd4ded56dce', userPrompt: 'hello' },
      { apiKey: TEST_API_KEY },
    );
    expect(nl).toMatchObject({
      ok: false,
      error: { kind: 'not-found', status: 404, messages: [expect.any(String)], body: { error: { code: 28 } } },
    });

    const offline = new DecisionApiClient({ environment: { kind: 'local', port: 1 } });
    expect(await offline.version()).toMatchObject({ ok: false, error: { kind: 'network' } });
  });

  it('reports which batch failed, and how many facts went in before it', async () => {
    const started = await client.start(kmID, { apiKey: TEST_API_KEY });
    const sid = started.ok ? started.value.id : '';
    const facts: FactInput[] = Array.from({ length: 300 }, (_, index) => ({
      subject: `T${index}`,
      relationship: index === 280 ? 'is flying to' : 'is visiting',
      object: 'Japan',
      certainty: 100,
    }));
    const reply = await client.inject(sid, facts);
    expect(reply).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        messages: ['batch 2 of 2 failed; 250 facts were injected before it', expect.stringMatching(/is flying to/)],
      },
    });
  });
});

describe('DecisionApiClient with a scripted fetch', () => {
  function scripted(replies: Array<Response | Error>): { fetch: FetchLike; calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      fetch: async (url, init) => {
        calls.push(`${init.method} ${url}`);
        const next = replies.shift();
        if (next === undefined || next instanceof Error) throw next ?? new Error('no more replies');
        return next;
      },
    };
  }

  it('retries an idempotent GET once after a network failure, never a POST', async () => {
    const get = scripted([new TypeError('fetch failed'), new Response('4.2.0', { status: 200 })]);
    expect(await new DecisionApiClient({ environment: 'http://x', fetch: get.fetch }).version()).toEqual({ ok: true, value: '4.2.0' });
    expect(get.calls).toEqual(['GET http://x/version', 'GET http://x/version']);

    const post = scripted([new TypeError('fetch failed'), new Response('{}', { status: 200 })]);
    const reply = await new DecisionApiClient({ environment: 'http://x', fetch: post.fetch }).query('s', {
      subject: 'a',
      relationship: 'r',
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(post.calls).toEqual(['POST http://x/s/query']);

    const start = scripted([new TypeError('fetch failed')]);
    await new DecisionApiClient({ environment: 'http://x', fetch: start.fetch }).start('km', { apiKey: 'k' });
    expect(start.calls).toHaveLength(1);
  });

  it('reads replies of older engines, and reports unreadable ones as server errors', async () => {
    const older = scripted([
      new Response(
        JSON.stringify({
          question: {
            subject: 'John',
            dataType: 'string',
            relationship: 'lives in',
            type: 'Second Form Object',
            plural: false,
            allowCF: true,
            allowUnknown: false,
            canAdd: true,
            prompt: 'Where does John live?',
            knownAnswers: [],
          },
        }),
      ),
      new Response(JSON.stringify({ result: 'ok' })),
      new Response('<html>gateway</html>', { status: 200 }),
      new Response('upstream failed', { status: 502 }),
    ]);
    const api = new DecisionApiClient({ environment: 'http://x', fetch: older.fetch });
    expect(await api.undo('s1')).toMatchObject({ ok: true, value: { sid: 's1', question: { concepts: [] } } });
    expect(await api.inject('s1', [{ subject: 'a', relationship: 'r', object: 'b', certainty: 100 }])).toEqual({
      ok: true,
      value: { batches: 1, warnings: [] },
    });
    expect(await api.undo('s1')).toMatchObject({ ok: false, error: { kind: 'server', messages: [expect.stringMatching(/not JSON/)] } });
    expect(await api.undo('s1')).toMatchObject({ ok: false, error: { kind: 'server', status: 502, messages: ['upstream failed'] } });
  });
});
