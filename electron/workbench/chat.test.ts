/**
 * The chat service against a real Decision API server: turns go to the session's environment with
 * its key, natural-language error envelopes come back as replies (not failures), and the provider
 * notice is given exactly when a language-model provider will see the map and the user's text.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../common/ipc';
import { addMapOverHttp, startSession } from '../server/test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../server/test-support/harness';
import { ClientNaturalLanguageApi } from './ports/natural-language-api';
import type { LocalEngine } from './ports/local-engine';
import { ChatService } from './services/chat-service';
import { EndpointResolver } from './services/endpoints';
import { FakeKeychain } from './test-support/fakes';

const HELLO = readFileSync(new URL('../../resources/maps/hello-world.rbl', import.meta.url), 'utf8');

const environment = (kind: Environment['kind'], name = 'Local'): Environment => ({
  id: kind,
  name,
  kind,
  baseUrl: '',
  defaultMapId: null,
  versionPolicy: { kind: 'live' },
  builtIn: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

let server: TestServer;
let sid: string;
let endpoints: EndpointResolver;
beforeAll(async () => {
  server = await startTestServer();
  sid = await startSession(server, await addMapOverHttp(server, HELLO, 'Hello world'));
  const engine: LocalEngine = {
    url: server.url,
    apiKey: TEST_API_KEY,
    version: '0.0.0-chat-test',
    listMaps: () => [],
    mapSource: () => null,
    versionKeys: () => null,
    whyNoResult: async () => null,
    registry: null,
    dispose: async () => {},
  };
  endpoints = new EndpointResolver(new FakeKeychain(), () => ({ engine }));
});
afterAll(() => server.dispose());

describe('chat service', () => {
  const local = { environmentOf: () => environment('local') };

  it('sends turns to the session, and returns natural-language errors as replies', async () => {
    const chat = new ChatService(local, endpoints, new ClientNaturalLanguageApi(), {});
    expect(await chat.interact(sid, 'Which country does Bruno live in?')).toMatchObject({
      responseType: 'question',
      questions: [{ prompt: 'Which country does Bruno live in?' }, { relationship: 'is aged' }],
    });
    expect(await chat.interact(sid, 'Italy, and he is 51')).toMatchObject({
      responseType: 'result',
      results: [{ Subject: 'Bruno', Object: 'Italy' }],
    });
    const error = await chat.interact(sid, 'asdfgh');
    expect(error).toMatchObject({ responseType: 'error', error: { code: 100, suggestedChatResponse: expect.any(String) } });
    const asked = await chat.interact(sid, 'Does Chiara live in Italy?');
    const factId = asked.results?.[0]?.FactID ?? '';
    expect((await chat.explain(sid, { factId, language: 'en' })).explanation).toContain('Chiara lives in Italy');
    expect((await chat.explain(sid, { factId, language: 'fr' })).error).toMatchObject({ code: 111 });
  });

  it('fails plainly when the engine cannot be reached', async () => {
    const gone = new EndpointResolver(new FakeKeychain(), () => ({ engine: null, error: 'it is disabled in this run' }));
    await expect(new ChatService(local, gone, new ClientNaturalLanguageApi(), {}).interact(sid, 'hello')).rejects.toThrow(/not running/);
  });

  it('gives the provider notice for remote environments and for a local engine with a provider', async () => {
    const api = new ClientNaturalLanguageApi();
    expect(await new ChatService(local, endpoints, api, {}).status(sid)).toEqual({ usesProvider: false });
    const configured = await new ChatService(local, endpoints, api, {
      LAPWING_NL_PROVIDER_URL: 'http://127.0.0.1:11434/v1',
      LAPWING_NL_PROVIDER_MODEL: 'llama3',
    }).status(sid);
    expect(configured).toMatchObject({ usesProvider: true, notice: expect.stringContaining('llama3 at 127.0.0.1:11434') });
    expect(configured.notice).toMatch(/this map's content .* and your text/);
    const remote = await new ChatService({ environmentOf: () => environment('community', 'Community') }, endpoints, api, {}).status(sid);
    expect(remote).toMatchObject({ usesProvider: true, notice: expect.stringContaining("Community's natural-language service") });
  });
});
