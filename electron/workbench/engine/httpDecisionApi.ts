/**
 * The DecisionApi port over HTTP (fetch), for the embedded engine and remote deployments alike.
 *
 * Responses are parsed with the tolerant `Received*` schemas (older and remote engines omit some
 * fields). Failures are data: `engine/unreachable` (network), `engine/rejected` (non-2xx, with
 * `{ status, body }` in details), `engine/invalid-response` (a 2xx that is not the expected shape).
 * Nothing is retried: injections, answers and undos are not idempotent. Keys go only into headers.
 */
import { z } from 'zod';
import {
  InjectResponseSchema,
  InteractionEventSchema,
  ReceivedConsultationResponseSchema,
  ReceivedEvidenceRecordSchema,
  SessionInfoSchema,
  StartResponseSchema,
  type AnswerInput,
  type FactInput,
  type InteractionEntry,
  type QueryInput,
} from '../../common/decision-api';
import { describeIssues, ErrorCodes, fail, ok, type Result, type VersionPolicy } from '../../common/ipc';
import { INJECT_BATCH_SIZE } from '../../common/ipc';
import type { DecisionApi, Endpoint } from './decisionApi';

/** Per-request time limit; a consultation step on a large map stays far below it. */
const REQUEST_TIMEOUT_MS = 60_000;
/** How much of an error body is kept in details (bodies can be whole HTML pages). */
const BODY_EXCERPT = 2_000;

/** Event names some deployments write in the plural (api-wire.md §3). */
const EVENT_ALIASES: Readonly<Record<string, string>> = { questions: 'question', answers: 'answer', results: 'result' };

type Fetch = typeof fetch;

function headersFor(endpoint: Endpoint, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (json) headers['content-type'] = 'application/json';
  if (endpoint.apiKey) headers['x-api-key'] = endpoint.apiKey;
  if (endpoint.evidenceKey) headers['x-evidence-key'] = endpoint.evidenceKey;
  if (endpoint.interactionKey) headers['x-interaction-key'] = endpoint.interactionKey;
  return headers;
}

/** The readable part of an error body: `{"err":[...]}`, `{"error","message"}`, or the text. */
function messageOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null) {
      const { err, error, message } = parsed as { err?: unknown; error?: unknown; message?: unknown };
      if (Array.isArray(err)) return err.map(String).join(' ');
      if (typeof message === 'string' && typeof error === 'string') return `${error}: ${message}`;
      if (typeof error === 'string') return error;
      if (typeof message === 'string') return message;
    }
  } catch {
    // Not JSON: the platform answers some errors as plain text.
  }
  return body.trim().slice(0, 300) || 'no details';
}

/** Interaction entries, keeping the events the contract knows and reading plural names. */
function interactionEntries(body: unknown): Result<InteractionEntry[]> {
  const list = Array.isArray(body) ? body : typeof body === 'object' && body !== null && Array.isArray((body as { interactions?: unknown }).interactions) ? (body as { interactions: unknown[] }).interactions : null;
  if (!list) return fail(ErrorCodes.engineInvalidResponse, 'The interaction log is not a list of entries.');
  const entries: InteractionEntry[] = [];
  for (const item of list) {
    const raw = z.object({ event: z.string(), created: z.union([z.string(), z.number()]), values: z.record(z.string(), z.unknown()).default({}) }).safeParse(item);
    if (!raw.success) continue;
    const event = InteractionEventSchema.safeParse(EVENT_ALIASES[raw.data.event] ?? raw.data.event);
    if (!event.success) continue;
    entries.push({ event: event.data, created: String(raw.data.created), values: raw.data.values });
  }
  return ok(entries);
}

/** Decision API calls over fetch. */
export class HttpDecisionApi implements DecisionApi {
  constructor(private readonly fetchImpl: Fetch = fetch) {}

  start(endpoint: Endpoint, mapId: string, policy: VersionPolicy) {
    const query = policy.kind === 'draft' ? '?useDraft=true' : policy.kind === 'version' ? `?version=${policy.version}` : '';
    return this.call(endpoint, 'GET', `/start/${encodeURIComponent(mapId)}${query}`, undefined, StartResponseSchema);
  }

  async inject(endpoint: Endpoint, sessionId: string, facts: readonly FactInput[]) {
    const warnings: string[] = [];
    let batches = 0;
    for (let offset = 0; offset < facts.length; offset += INJECT_BATCH_SIZE) {
      const batch = facts.slice(offset, offset + INJECT_BATCH_SIZE);
      const result = await this.call(endpoint, 'POST', `/${encodeURIComponent(sessionId)}/inject`, batch, InjectResponseSchema);
      batches += 1;
      if (!result.ok) {
        // Earlier batches are in the session already; say how far it got.
        return fail<never>(result.error.code, `${result.error.message} (batch ${batches} of ${Math.ceil(facts.length / INJECT_BATCH_SIZE)}; ${offset} facts were injected before it)`, result.error.details);
      }
      warnings.push(...(result.value.warningLog ?? []));
    }
    return ok({ result: 'OK' as const, ...(warnings.length > 0 ? { warningLog: warnings } : {}), batches });
  }

  query(endpoint: Endpoint, sessionId: string, query: QueryInput) {
    return this.call(endpoint, 'POST', `/${encodeURIComponent(sessionId)}/query`, query, ReceivedConsultationResponseSchema);
  }

  respond(endpoint: Endpoint, sessionId: string, answers: readonly AnswerInput[]) {
    return this.call(endpoint, 'POST', `/${encodeURIComponent(sessionId)}/response`, { answers }, ReceivedConsultationResponseSchema);
  }

  undo(endpoint: Endpoint, sessionId: string) {
    return this.call(endpoint, 'POST', `/${encodeURIComponent(sessionId)}/undo`, {}, ReceivedConsultationResponseSchema);
  }

  evidence(endpoint: Endpoint, sessionId: string, factId: string) {
    return this.call(endpoint, 'GET', `/analysis/evidence/${encodeURIComponent(factId)}/${encodeURIComponent(sessionId)}`, undefined, ReceivedEvidenceRecordSchema);
  }

  async interactions(endpoint: Endpoint, sessionId: string) {
    const raw = await this.call(endpoint, 'GET', `/analysis/interactions/${encodeURIComponent(sessionId)}?format=json`, undefined, z.unknown());
    return raw.ok ? interactionEntries(raw.value) : raw;
  }

  sessionInfo(endpoint: Endpoint, sessionId: string, filter: 'version' | 'facts', relationships?: readonly string[]) {
    const params = new URLSearchParams({ filter });
    if (relationships && relationships.length > 0) params.set('relationships', relationships.join(','));
    return this.call(endpoint, 'GET', `/analysis/session/${encodeURIComponent(sessionId)}?${params}`, undefined, SessionInfoSchema);
  }

  async version(endpoint: Endpoint) {
    const response = await this.send({ baseUrl: endpoint.baseUrl }, 'GET', '/version', undefined);
    if (!response.ok) return response;
    return ok(response.value.body.trim());
  }

  private async call<T>(endpoint: Endpoint, method: 'GET' | 'POST', path: string, body: unknown, schema: z.ZodType<T, unknown>): Promise<Result<T>> {
    const response = await this.send(endpoint, method, path, body);
    if (!response.ok) return response;
    let json: unknown;
    try {
      json = JSON.parse(response.value.body);
    } catch {
      return fail(ErrorCodes.engineInvalidResponse, `${method} ${path.split('?')[0]} did not answer JSON.`, { status: response.value.status });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return fail(ErrorCodes.engineInvalidResponse, describeIssues(`Unexpected answer to ${method} ${path.split('?')[0]}`, parsed.error));
    return ok(parsed.data);
  }

  private async send(endpoint: Endpoint, method: 'GET' | 'POST', path: string, body: unknown): Promise<Result<{ status: number; body: string }>> {
    const url = `${endpoint.baseUrl.replace(/\/+$/, '')}${path}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: headersFor(endpoint, body !== undefined),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      return fail(ErrorCodes.engineUnreachable, `Could not reach ${endpoint.baseUrl}: ${cause}`);
    }
    const text = await response.text();
    if (!response.ok) {
      return fail(ErrorCodes.engineRejected, `The engine refused ${method} ${path.split('?')[0]} (HTTP ${response.status}): ${messageOf(text)}`, { status: response.status, body: text.slice(0, BODY_EXCERPT) });
    }
    return ok({ status: response.status, body: text });
  }
}
