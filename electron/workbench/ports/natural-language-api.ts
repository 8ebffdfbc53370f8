/**
 * The natural-language calls of the chat panel, as a port, and their implementation over the typed
 * client of `electron/client`. A natural-language error envelope (a 4xx with `error {code, …}`) is a
 * reply the chat shows, so it comes back as a value; only transport failures are Result errors.
 */
import {
  NLExplainResponseSchema,
  NLInteractResponseSchema,
  type NLExplainResponse,
  type NLInteractResponse,
} from '../../common/decision-api';
import { ErrorCodes, fail, ok, type Result } from '../../common/ipc';
import { DecisionApiClient, type ApiResult } from '../../client';
import type { Endpoint } from './decision-api';

export interface NaturalLanguageApi {
  interact(endpoint: Endpoint, sessionId: string, prompt: string): Promise<Result<NLInteractResponse>>;
  explain(
    endpoint: Endpoint,
    sessionId: string,
    request: { factId: string; language: string; instructions?: string },
  ): Promise<Result<NLExplainResponse>>;
}

/** Explanations of a long chain through a provider can take a while; interact is usually milliseconds. */
const REQUEST_TIMEOUT_MS = 90_000;

function envelopeOf<T extends { error?: unknown }>(
  reply: ApiResult<T>,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  baseUrl: string,
  what: string,
): Result<T> {
  if (reply.ok) return ok(reply.value);
  const envelope = schema.safeParse(reply.error.body);
  if (envelope.success && envelope.data.error) return ok(envelope.data);
  const said = reply.error.messages.join(' ') || 'no details';
  // The client already says which host, why, and what to check; no raw `fetch failed`.
  if (reply.error.kind === 'network')
    return fail(
      ErrorCodes.engineUnreachable,
      said,
      reply.error.network ? { reason: reply.error.network.reason, host: reply.error.network.host, baseUrl } : { baseUrl },
    );
  return fail(
    ErrorCodes.engineRejected,
    `The engine refused ${what}${reply.error.status ? ` (HTTP ${reply.error.status})` : ''}: ${said}`,
    { status: reply.error.status, messages: reply.error.messages },
  );
}

/** `/nl/interact` and `/nl/explain` through `DecisionApiClient`. */
export class ClientNaturalLanguageApi implements NaturalLanguageApi {
  private client(endpoint: Endpoint): DecisionApiClient {
    return new DecisionApiClient({ environment: endpoint.baseUrl, timeoutMs: REQUEST_TIMEOUT_MS });
  }

  async interact(endpoint: Endpoint, sessionId: string, prompt: string): Promise<Result<NLInteractResponse>> {
    const reply = await this.client(endpoint).nlInteract({ sessionID: sessionId, userPrompt: prompt }, { apiKey: endpoint.apiKey ?? '' });
    return envelopeOf(reply, NLInteractResponseSchema, endpoint.baseUrl, 'the message');
  }

  async explain(
    endpoint: Endpoint,
    sessionId: string,
    request: { factId: string; language: string; instructions?: string },
  ): Promise<Result<NLExplainResponse>> {
    const reply = await this.client(endpoint).nlExplain(
      {
        sessionID: sessionId,
        factID: request.factId,
        language: request.language,
        ...(request.instructions ? { instructions: request.instructions } : {}),
      },
      { apiKey: endpoint.apiKey ?? '' },
    );
    return envelopeOf(reply, NLExplainResponseSchema, endpoint.baseUrl, 'the explanation');
  }
}

/** Used when no natural-language API is wired (service tests): says so instead of failing obscurely. */
export const unavailableNaturalLanguageApi: NaturalLanguageApi = {
  interact: async () => fail(ErrorCodes.engineUnreachable, 'The chat is not available in this run.'),
  explain: async () => fail(ErrorCodes.engineUnreachable, 'The chat is not available in this run.'),
};
