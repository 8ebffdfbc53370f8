/**
 * The replay port for an engine in this process: the server's consultation and evidence functions
 * (`LapwingServer.decisions`, the ones its HTTP routes call) behind the `ReplayApi` the runner
 * uses, with no socket, no HTTP parsing and no fastify in between. Requests are made as the client
 * makes them (the same query strings, inject batches of 250, headers) and replies are read as the
 * client reads them (JSON text through the same schemas and error classification), so a run gives
 * the same report in-process as over HTTP; only the time differs.
 */
import {
  INJECT_BATCH_SIZE,
  injectBatches,
  ReceivedConsultationResponseSchema,
  ReceivedEvidenceRecordSchema,
  ReceivedInjectResponseSchema,
  StartResponseSchema,
  type AnswerInput,
  type ConsultationResponse,
  type EvidenceRecord,
  type FactInput,
  type QueryInput,
  type StartResponse,
} from '../../common/decision-api';
import { classifyReply, parseReply, type ApiResult, type InjectSummary, type StartOptions } from '../../client';
import type { z } from 'zod';
import type { ReplayApi } from './port';

/** A reply of the server's functions: a value for JSON, a string for the platform's plain text. */
export interface PlannedReply {
  readonly status: number;
  readonly body: unknown;
}

type Headers = Readonly<Record<string, string | undefined>>;

/** What `LapwingServer.decisions` offers (declared here by shape: the cases room does not import the server). */
export interface InProcessDecisions {
  start(kmID: string, query: Readonly<Record<string, string>>, headers: Headers): Promise<PlannedReply>;
  inject(sid: string, body: unknown): Promise<PlannedReply>;
  query(sid: string, body: unknown): Promise<PlannedReply>;
  respond(sid: string, body: unknown): Promise<PlannedReply>;
  evidence(factID: string, sid: string | undefined, headers: Headers): Promise<PlannedReply>;
}

interface InProcessOptions {
  /** Sent as `x-api-key` on every call, as the CLI's local target does over HTTP (it opens every version's evidence). */
  readonly userKey?: string;
}

function read<T>(planned: PlannedReply, schema: z.ZodType<T, unknown>, what: string): ApiResult<T> {
  const text = typeof planned.body === 'string' ? planned.body : JSON.stringify(planned.body);
  const classified = classifyReply({
    status: planned.status,
    contentType: typeof planned.body === 'string' ? 'text/plain' : 'application/json',
    text,
  });
  // The JSON text is what HTTP would carry: parsing it keeps the results free of the session's own objects.
  return classified.ok ? parseReply(classified.value, schema, what) : classified;
}

/** A request body as the server would parse it off the wire (keys left undefined dropped, values copied). */
const wire = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;

/** A `ReplayApi` over the server's functions in this process. */
export function inProcessApi(decisions: InProcessDecisions, options: InProcessOptions = {}): ReplayApi {
  const userKey = options.userKey === undefined ? {} : { 'x-api-key': options.userKey };
  // Header names in lower case, as Node gives them to the routes.
  const consult = async (sid: string, planned: Promise<PlannedReply>, what: string): Promise<ApiResult<ConsultationResponse>> => {
    const reply = read(await planned, ReceivedConsultationResponseSchema, what);
    return reply.ok && reply.value.sid === '' ? { ok: true, value: { ...reply.value, sid } } : reply;
  };
  return {
    async start(kmID: string, start: StartOptions): Promise<ApiResult<StartResponse>> {
      const query: Record<string, string> = {};
      if (start.useDraft !== undefined) query.useDraft = String(start.useDraft);
      if (start.version !== undefined) query.version = String(start.version);
      if (start.contextId !== undefined) query.contextid = start.contextId;
      return read(await decisions.start(kmID, query, { ...userKey, 'x-api-key': start.apiKey }), StartResponseSchema, 'start');
    },
    async inject(sid: string, facts: readonly FactInput[]): Promise<ApiResult<InjectSummary>> {
      const warnings: string[] = [];
      const parts = facts.length === 0 ? [[]] : injectBatches(facts);
      for (const [index, batch] of parts.entries()) {
        const reply = read(await decisions.inject(sid, wire(batch)), ReceivedInjectResponseSchema, 'inject');
        if (!reply.ok) {
          if (parts.length === 1) return reply;
          const done = index * INJECT_BATCH_SIZE;
          return {
            ok: false,
            error: {
              ...reply.error,
              messages: [`batch ${index + 1} of ${parts.length} failed; ${done} facts were injected before it`, ...reply.error.messages],
            },
          };
        }
        warnings.push(...(reply.value.warningLog ?? []));
      }
      return { ok: true, value: { batches: parts.length, warnings } };
    },
    query: (sid: string, query: QueryInput) => consult(sid, decisions.query(sid, wire(query)), 'query'),
    respond: (sid: string, answers: readonly AnswerInput[]) => consult(sid, decisions.respond(sid, wire({ answers })), 'response'),
    async evidence(factID: string, where: { sessionId?: string; evidenceKey?: string } = {}): Promise<ApiResult<EvidenceRecord>> {
      const headers = { ...userKey, ...(where.evidenceKey === undefined ? {} : { 'x-evidence-key': where.evidenceKey }) };
      return read(await decisions.evidence(factID, where.sessionId, headers), ReceivedEvidenceRecordSchema, 'evidence');
    },
  };
}
