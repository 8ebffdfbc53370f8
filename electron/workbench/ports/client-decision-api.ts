/**
 * The DecisionApi port over the typed client of `electron/client`, for the embedded engine and
 * remote deployments alike. Client errors become Result errors with stable codes:
 * `engine/unreachable` (no reply), `engine/rejected` (a 4xx/5xx reply; details carry the status
 * and the engine's messages), `engine/invalid-response` (a reply the client could not read).
 * Keys go only into the client's request headers.
 */
import { startOptionsOf, type AnswerInput, type FactInput, type QueryInput } from '../../common/decision-api';
import { ErrorCodes, fail, ok, type Result, type VersionPolicy } from '../../common/ipc';
import { DecisionApiClient, type ApiError, type ApiResult } from '../../client';
import type { DecisionApi, Endpoint } from './decision-api';

/** Per-request time limit; a consultation step on a large map stays far below it. */
const REQUEST_TIMEOUT_MS = 60_000;

function resultOf<T>(reply: ApiResult<T>, baseUrl: string, what: string): Result<T> {
  return reply.ok ? ok(reply.value) : failureOf(reply.error, baseUrl, what);
}

function failureOf(error: ApiError, baseUrl: string, what: string): Result<never> {
  const said = error.messages.join(' ') || 'no details';
  // The client already says which host, why, and what to check; no raw `fetch failed`.
  if (error.kind === 'network')
    return fail(
      ErrorCodes.engineUnreachable,
      said,
      error.network ? { reason: error.network.reason, host: error.network.host, baseUrl } : { baseUrl },
    );
  // A success status with an unreadable body: the client reports it as a `server` error.
  if (error.status === undefined || error.status < 400)
    return fail(ErrorCodes.engineInvalidResponse, `Unexpected answer to ${what} from ${baseUrl}: ${said}`);
  return fail(ErrorCodes.engineRejected, `The engine refused ${what} (HTTP ${error.status}): ${said}`, {
    status: error.status,
    kind: error.kind,
    messages: error.messages,
  });
}

/** Decision API calls through `DecisionApiClient`, one client per endpoint base URL. */
export class ClientDecisionApi implements DecisionApi {
  private client(endpoint: Endpoint): DecisionApiClient {
    return new DecisionApiClient({ environment: endpoint.baseUrl, timeoutMs: REQUEST_TIMEOUT_MS });
  }

  async start(endpoint: Endpoint, mapId: string, policy: VersionPolicy) {
    const options = { apiKey: endpoint.apiKey ?? '', ...startOptionsOf(policy) };
    return resultOf(await this.client(endpoint).start(mapId, options), endpoint.baseUrl, 'start');
  }

  async inject(endpoint: Endpoint, sessionId: string, facts: readonly FactInput[]) {
    const reply = await this.client(endpoint).inject(sessionId, facts);
    if (!reply.ok) return failureOf(reply.error, endpoint.baseUrl, 'inject');
    const warnings = [...reply.value.warnings];
    return ok({ result: 'OK' as const, ...(warnings.length > 0 ? { warningLog: warnings } : {}), batches: reply.value.batches });
  }

  async query(endpoint: Endpoint, sessionId: string, query: QueryInput) {
    return resultOf(await this.client(endpoint).query(sessionId, query), endpoint.baseUrl, 'query');
  }

  async respond(endpoint: Endpoint, sessionId: string, answers: readonly AnswerInput[]) {
    return resultOf(await this.client(endpoint).respond(sessionId, answers), endpoint.baseUrl, 'response');
  }

  async undo(endpoint: Endpoint, sessionId: string) {
    return resultOf(await this.client(endpoint).undo(sessionId), endpoint.baseUrl, 'undo');
  }

  async evidence(endpoint: Endpoint, sessionId: string, factId: string) {
    const reply = await this.client(endpoint).evidence(factId, {
      sessionId,
      ...(endpoint.evidenceKey ? { evidenceKey: endpoint.evidenceKey } : {}),
    });
    return resultOf(reply, endpoint.baseUrl, 'evidence');
  }

  async interactions(endpoint: Endpoint, sessionId: string) {
    const reply = await this.client(endpoint).interactions(
      sessionId,
      endpoint.interactionKey ? { interactionKey: endpoint.interactionKey } : {},
    );
    return resultOf(reply, endpoint.baseUrl, 'interactions');
  }

  async sessionInfo(endpoint: Endpoint, sessionId: string, filter: 'version' | 'facts', relationships?: readonly string[]) {
    const reply = await this.client(endpoint).session(sessionId, {
      apiKey: endpoint.apiKey ?? '',
      filter: [filter],
      ...(relationships ? { relationships } : {}),
    });
    return resultOf(reply, endpoint.baseUrl, 'session information');
  }

  async version(endpoint: Endpoint) {
    return resultOf(await this.client(endpoint).version(), endpoint.baseUrl, 'version');
  }

  async mapFile(endpoint: Endpoint, kmId: string, version?: number): Promise<Result<string>> {
    const reply = await this.client(endpoint).mapFile(kmId, {
      apiKey: endpoint.apiKey ?? '',
      ...(version === undefined ? {} : { version }),
    });
    const result = resultOf(reply, endpoint.baseUrl, 'map file');
    return result.ok ? { ok: true, value: result.value.rblang } : result;
  }
}
