/**
 * The typed Decision API client: one method per endpoint, keys passed per call, replies parsed
 * with the shared schemas (tolerant of what older engines omit), errors returned as data.
 * Used by the workbench and the CLI, against `lapwing serve` or a platform deployment.
 */
import { z } from 'zod';
import {
  CreateMapResponseSchema,
  InteractionEntrySchema,
  INJECT_BATCH_SIZE,
  injectBatches,
  MapFileResponseSchema,
  NLExplainResponseSchema,
  NLInteractResponseSchema,
  ReceivedConsultationResponseSchema,
  ReceivedEvidenceRecordSchema,
  ReceivedInjectResponseSchema,
  SessionInfoSchema,
  StartResponseSchema,
  type AnswerInput,
  type ConsultationResponse,
  type CreateMapRequest,
  type CreateMapResponse,
  type EvidenceRecord,
  type FactInput,
  type InteractionEntry,
  type MapFileResponse,
  type NLExplainRequest,
  type NLExplainResponse,
  type NLInteractRequest,
  type NLInteractResponse,
  type QueryInput,
  type SessionInfo,
  type StartResponse,
} from '../common/decision-api';
import { baseUrlOf, type Environment } from './environments';
import { parseReply, send, type FetchLike, type HttpRequest, type HttpSettings } from './http';
import { failure, success, type ApiResult } from './result';

interface ClientOptions {
  /** An environment, or a base URL. */
  readonly environment: Environment | string;
  /** Defaults to the global fetch. */
  readonly fetch?: FetchLike;
  /** Per-request time limit; none by default (as the platform's own clients). */
  readonly timeoutMs?: number;
  /** Sent as `x-rainbird-engine` on every call, for deployments with several engines. */
  readonly engine?: string;
}

export interface StartOptions {
  readonly apiKey: string;
  readonly useDraft?: boolean;
  readonly version?: number;
  readonly contextId?: string;
}

export interface InjectSummary {
  /** Requests sent (one per 250 facts). */
  readonly batches: number;
  readonly warnings: readonly string[];
}

type SessionFilter = 'version' | 'facts';

const InteractionLogSchema = z.array(InteractionEntrySchema);
const DocumentSchema = z.record(z.string(), z.unknown());

const segment = (value: string): string => encodeURIComponent(value);

export class DecisionApiClient {
  readonly baseUrl: string;
  private readonly http: HttpSettings;

  constructor(options: ClientOptions) {
    this.baseUrl = typeof options.environment === 'string' ? options.environment.replace(/\/+$/, '') : baseUrlOf(options.environment);
    this.http = {
      baseUrl: this.baseUrl,
      fetch: options.fetch ?? ((url, init) => fetch(url, init)),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      headers: options.engine === undefined ? {} : { 'x-rainbird-engine': options.engine },
    };
  }

  /** `GET /version`: the engine's semantic version. */
  async version(): Promise<ApiResult<string>> {
    const reply = await send(this.http, { method: 'GET', path: '/version', idempotent: true });
    return reply.ok ? success(reply.value.text.trim()) : reply;
  }

  /** `GET /start/{kmID}`: a new session (never retried: a retry could start two). */
  async start(kmID: string, options: StartOptions): Promise<ApiResult<StartResponse>> {
    const query = new URLSearchParams();
    if (options.useDraft !== undefined) query.set('useDraft', String(options.useDraft));
    if (options.version !== undefined) query.set('version', String(options.version));
    if (options.contextId !== undefined) query.set('contextid', options.contextId);
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return this.json(
      { method: 'GET', path: `/start/${segment(kmID)}${search}`, headers: { 'X-API-Key': options.apiKey }, idempotent: false },
      StartResponseSchema,
      'start',
    );
  }

  /**
   * `POST /{sessionID}/inject`, in batches of 250 facts, one after another. Stops at the first
   * failed batch; its messages say how many facts were injected before it.
   */
  async inject(sessionId: string, facts: readonly FactInput[]): Promise<ApiResult<InjectSummary>> {
    const warnings: string[] = [];
    // An empty injection is still one request (the server answers it as the platform does).
    const parts = facts.length === 0 ? [[]] : injectBatches(facts);
    const batches = parts.length;
    for (const [index, batch] of parts.entries()) {
      const reply = await this.json(
        { method: 'POST', path: `/${segment(sessionId)}/inject`, body: batch, idempotent: false },
        ReceivedInjectResponseSchema,
        'inject',
      );
      if (!reply.ok) {
        if (batches === 1) return reply;
        const done = index * INJECT_BATCH_SIZE;
        return failure({
          ...reply.error,
          messages: [`batch ${index + 1} of ${batches} failed; ${done} facts were injected before it`, ...reply.error.messages],
        });
      }
      warnings.push(...(reply.value.warningLog ?? []));
    }
    return success({ batches, warnings });
  }

  /** `POST /{sessionID}/query`. */
  query(sessionId: string, query: QueryInput): Promise<ApiResult<ConsultationResponse>> {
    return this.consult(sessionId, 'query', query);
  }

  /** `POST /{sessionID}/response`: one answer per value; skips carry `unanswered: true`. */
  respond(sessionId: string, answers: readonly AnswerInput[]): Promise<ApiResult<ConsultationResponse>> {
    return this.consult(sessionId, 'response', { answers });
  }

  /** `POST /{sessionID}/undo`. */
  undo(sessionId: string): Promise<ApiResult<ConsultationResponse>> {
    return this.consult(sessionId, 'undo', {});
  }

  /** `GET /analysis/evidence/{factID}[/{sessionID}]`. */
  evidence(factID: string, options: { sessionId?: string; evidenceKey?: string } = {}): Promise<ApiResult<EvidenceRecord>> {
    const path = `/analysis/evidence/${segment(factID)}${options.sessionId === undefined ? '' : `/${segment(options.sessionId)}`}`;
    return this.json(
      { method: 'GET', path, headers: { 'x-evidence-key': options.evidenceKey }, idempotent: true },
      ReceivedEvidenceRecordSchema,
      'evidence',
    );
  }

  /** `GET /analysis/interactions/{sessionID}` as JSON entries. */
  interactions(sessionId: string, options: { interactionKey?: string } = {}): Promise<ApiResult<InteractionEntry[]>> {
    return this.json(
      {
        method: 'GET',
        path: `/analysis/interactions/${segment(sessionId)}?format=json`,
        headers: { 'x-interaction-key': options.interactionKey },
        idempotent: true,
      },
      InteractionLogSchema,
      'interactions',
    );
  }

  /** `GET /analysis/interactions/{sessionID}?format=csv`, the text as sent. */
  async interactionsCsv(sessionId: string, options: { interactionKey?: string } = {}): Promise<ApiResult<string>> {
    const reply = await send(this.http, {
      method: 'GET',
      path: `/analysis/interactions/${segment(sessionId)}?format=csv`,
      headers: { 'x-interaction-key': options.interactionKey, Accept: 'text/csv' },
      idempotent: true,
    });
    return reply.ok ? success(reply.value.text) : reply;
  }

  /** `GET /analysis/session/{sessionID}`. */
  session(
    sessionId: string,
    options: { apiKey: string; filter?: readonly SessionFilter[]; relationships?: readonly string[] },
  ): Promise<ApiResult<SessionInfo>> {
    const query = new URLSearchParams();
    if (options.filter && options.filter.length > 0) query.set('filter', options.filter.join(','));
    if (options.relationships && options.relationships.length > 0) query.set('relationships', options.relationships.join(','));
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return this.json(
      {
        method: 'GET',
        path: `/analysis/session/${segment(sessionId)}${search}`,
        headers: { 'X-API-Key': options.apiKey },
        idempotent: true,
      },
      SessionInfoSchema,
      'session',
    );
  }

  /** `POST /nl/interact` (beta). An error envelope comes back as an error with its message. */
  nlInteract(request: NLInteractRequest, options: { apiKey: string }): Promise<ApiResult<NLInteractResponse>> {
    return this.json(
      { method: 'POST', path: '/nl/interact', headers: { 'X-API-Key': options.apiKey, Version: 'v1' }, body: request, idempotent: false },
      NLInteractResponseSchema,
      'nl/interact',
    );
  }

  /** `POST /nl/explain` (beta). */
  nlExplain(request: NLExplainRequest, options: { apiKey: string }): Promise<ApiResult<NLExplainResponse>> {
    return this.json(
      { method: 'POST', path: '/nl/explain', headers: { 'X-API-Key': options.apiKey, Version: 'v1' }, body: request, idempotent: false },
      NLExplainResponseSchema,
      'nl/explain',
    );
  }

  /** `POST /maps`: adds a map; a map that does not load fails with its diagnostics in `error.body`. */
  createMap(request: CreateMapRequest, options: { apiKey: string }): Promise<ApiResult<CreateMapResponse>> {
    return this.json(
      { method: 'POST', path: '/maps', headers: { 'X-API-Key': options.apiKey, Version: 'v1' }, body: request, idempotent: false },
      CreateMapResponseSchema,
      'maps',
    );
  }

  /** `GET /analysis/file/{kmID}[?version=N]`: a map's RBLang source. */
  mapFile(kmID: string, options: { apiKey: string; version?: number }): Promise<ApiResult<MapFileResponse>> {
    const search = options.version === undefined ? '' : `?version=${options.version}`;
    return this.json(
      { method: 'GET', path: `/analysis/file/${segment(kmID)}${search}`, headers: { 'X-API-Key': options.apiKey }, idempotent: true },
      MapFileResponseSchema,
      'analysis/file',
    );
  }

  /** `GET /openapi.json` (Lapwing servers). */
  openapi(): Promise<ApiResult<Record<string, unknown>>> {
    return this.json({ method: 'GET', path: '/openapi.json', idempotent: true }, DocumentSchema, 'openapi');
  }

  private async consult(
    sessionId: string,
    endpoint: 'query' | 'response' | 'undo',
    body: unknown,
  ): Promise<ApiResult<ConsultationResponse>> {
    const reply = await this.json(
      { method: 'POST', path: `/${segment(sessionId)}/${endpoint}`, body, idempotent: false },
      ReceivedConsultationResponseSchema,
      endpoint,
    );
    // Some engines leave `sid` out (the Go SDK's undo example); the caller knows it.
    return reply.ok && reply.value.sid === '' ? success({ ...reply.value, sid: sessionId }) : reply;
  }

  private async json<T>(request: HttpRequest, schema: z.ZodType<T, unknown>, what: string): Promise<ApiResult<T>> {
    const reply = await send(this.http, request);
    return reply.ok ? parseReply(reply.value, schema, what) : reply;
  }
}
