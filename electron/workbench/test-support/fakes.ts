// Test doubles for service tests. Never used outside tests: the app has no in-memory keychain.
import type { KeychainStatus, KeyKind, MapSummary, Result, VersionPolicy } from '../../common/ipc';
import { ErrorCodes, fail, ok } from '../../common/ipc';
import { KeychainError, type Keychain } from '../../keychain';
import type { LoadResult } from '../../engine';
import { livesInQuestion, speaksResult } from '../../store/workbench/test-support/fixtures';
import type { DecisionApi, Endpoint } from '../ports/decision-api';
import type { LocalEngine, LocalMapSource } from '../ports/local-engine';

/** A keychain kept in a Map, with a switch to simulate an unavailable OS keychain. */
export class FakeKeychain implements Keychain {
  readonly values = new Map<string, string>();
  available = true;

  async status(): Promise<KeychainStatus> {
    return this.available ? { available: true } : { available: false, message: 'The OS keychain is not available (fake).' };
  }
  async has(environmentId: string, kind: KeyKind) {
    return (await this.get(environmentId, kind)) !== null;
  }
  async get(environmentId: string, kind: KeyKind) {
    this.check();
    return this.values.get(`${environmentId}:${kind}`) ?? null;
  }
  async set(environmentId: string, kind: KeyKind, value: string) {
    this.check();
    this.values.set(`${environmentId}:${kind}`, value);
  }
  async delete(environmentId: string, kind: KeyKind) {
    this.check();
    return this.values.delete(`${environmentId}:${kind}`);
  }
  async deleteAll(environmentId: string) {
    for (const kind of ['api', 'evidence', 'interaction', 'provider'] as const) await this.delete(environmentId, kind);
  }
  private check() {
    if (!this.available) throw new KeychainError('keychain/unavailable', 'The OS keychain is not available (fake).');
  }
}

/** One recorded Decision API call (the endpoint included, so tests can check which keys went where). */
interface ApiCall {
  readonly method: keyof DecisionApi;
  readonly endpoint: Endpoint;
  readonly args: unknown[];
}

/**
 * A scripted Decision API: the Hello World consultation (one question, then a result), evidence
 * secured by `evidenceKey`. Override any method per test.
 */
export class FakeDecisionApi implements DecisionApi {
  readonly calls: ApiCall[] = [];
  evidenceKey = 'evidence-secret';
  private answered = false;

  private log(method: keyof DecisionApi, endpoint: Endpoint, ...args: unknown[]) {
    this.calls.push({ method, endpoint, args });
  }
  async start(endpoint: Endpoint, mapId: string, policy: VersionPolicy) {
    this.log('start', endpoint, mapId, policy);
    if (endpoint.apiKey !== 'api-secret' && endpoint.apiKey !== 'local-run-key')
      return fail<never>('engine/rejected', 'Unauthorized', { status: 401 });
    return ok({ id: 'session-1', kmVersion: { id: mapId } });
  }
  async inject(endpoint: Endpoint, sessionId: string, facts: readonly unknown[]) {
    this.log('inject', endpoint, sessionId, facts);
    return ok({ result: 'OK' as const, batches: Math.ceil(facts.length / 250) });
  }
  async query(endpoint: Endpoint, sessionId: string, query: unknown) {
    this.log('query', endpoint, sessionId, query);
    return ok(livesInQuestion);
  }
  async respond(endpoint: Endpoint, sessionId: string, answers: readonly unknown[]) {
    this.log('respond', endpoint, sessionId, answers);
    this.answered = true;
    return ok(speaksResult);
  }
  async undo(endpoint: Endpoint, sessionId: string) {
    this.log('undo', endpoint, sessionId);
    this.answered = false;
    return ok(livesInQuestion);
  }
  async evidence(endpoint: Endpoint, sessionId: string, factId: string) {
    this.log('evidence', endpoint, sessionId, factId);
    if (endpoint.evidenceKey !== this.evidenceKey) return fail<never>('engine/rejected', 'Forbidden', { status: 403 });
    return ok({
      factID: factId,
      source: 'rule' as const,
      fact: {
        subject: { type: 'person', value: 'John', dataType: 'string' },
        relationship: { type: 'speaks' },
        object: { type: 'language', value: 'English', dataType: 'string' },
        certainty: 75,
      },
      time: 1,
    });
  }
  async interactions(endpoint: Endpoint, sessionId: string) {
    this.log('interactions', endpoint, sessionId);
    return ok([{ event: 'start' as const, created: '2026-11-22T10:00:00.000Z', values: {} }]);
  }
  async sessionInfo(endpoint: Endpoint, sessionId: string, filter: 'version' | 'facts') {
    this.log('sessionInfo', endpoint, sessionId, filter);
    return ok({ km: { id: 'hello-world', name: 'Hello', versionID: 'hello-world', versionCreated: 'x', versionStatus: 'Draft' } });
  }
  async mapFile(endpoint: Endpoint, kmId: string): Promise<Result<string>> {
    this.log('mapFile', endpoint);
    return kmId === 'hello-world' ? ok(HELLO_SOURCE) : fail(ErrorCodes.engineRejected, `No map ${kmId}.`);
  }
  async version(endpoint: Endpoint): Promise<Result<string>> {
    this.log('version', endpoint);
    return ok('1.2.3');
  }
  /** Whether the last consultation step was an answer (for undo tests). */
  get lastWasAnswer() {
    return this.answered;
  }
}

const HELLO_SOURCE = '<rbl>hello</rbl>';

/** An embedded engine at a made-up URL with one map. */
export function fakeLocalEngine(disposed: { value: boolean } = { value: false }): LocalEngine {
  const map: MapSummary = {
    id: 'hello-world',
    name: 'Hello World',
    versions: [{ number: 1, id: 'v1-id', createdAt: 'x', live: true, note: '' }],
    hasDraft: true,
  };
  return {
    url: 'http://127.0.0.1:9',
    apiKey: 'local-run-key',
    version: '1.2.3',
    registry: null,
    listMaps: () => [map],
    mapSource: (mapId): LocalMapSource | null =>
      mapId === map.id ? { id: map.id, name: map.name, versionStatus: 'Draft', rblang: HELLO_SOURCE } : null,
    versionKeys: (kmVersionId) =>
      kmVersionId === 'hello-world' ? { evidenceKey: 'evidence-secret', interactionKey: 'interaction-secret' } : null,
    // A made-up engine has no sessions to explain.
    whyNoResult: async () => null,
    dispose: () => {
      disposed.value = true;
    },
  };
}

/** A loader that returns a tiny map with one relationship, for vocabulary tests. */
export function fakeLoadMap(): LoadResult {
  const position = { line: 1, column: 1 };
  return {
    ok: true,
    diagnostics: [{ severity: 'warning', message: 'an unused concept', line: 3, column: 5, code: 'name/unused' }],
    map: {
      concepts: new Map([
        ['person', { name: 'person', type: 'string', mutuallyExclusive: false, contextScoped: false, datasources: [], position }],
        ['language', { name: 'language', type: 'string', mutuallyExclusive: false, contextScoped: false, datasources: [], position }],
      ]),
      instances: new Map([['language', new Map([['English', { name: 'English', concept: 'language', metadata: [], position }]])]]),
      relationships: new Map([
        [
          'speaks',
          {
            name: 'speaks',
            subject: 'person',
            object: 'language',
            plural: true,
            askable: 'all',
            allowCF: true,
            allowUnknown: false,
            canAdd: { subject: true, object: false },
            groups: [],
            contextScoped: false,
            questions: { secondFormObject: 'What does %S speak?' },
            position,
          },
        ],
      ]),
      facts: [],
      rules: [],
      rulesByRelationship: new Map(),
      imports: [],
    },
  };
}
