/**
 * The Decision API's consultation and evidence calls as plain functions of the server context:
 * what the HTTP routes do once fastify has parsed a request, and what an in-process caller (the
 * CLI's and the workbench's case runs on the embedded engine) calls without a socket. Both paths
 * run the same validation, key checks, session queue and journal writes, so they answer alike.
 *
 * Each call answers a `Planned` reply (status and body); a string body is plain text, as the
 * platform sends `Bad request!` and `Not Found`.
 */
import {
  InjectRequestSchema,
  QueryRequestSchema,
  ResponseRequestSchema,
  SESSION_NOT_FOUND,
  StartQuerySchema,
  describeIssues,
  type ConsultationResponse,
  type InjectResponse,
  type StartResponse,
} from '../common/decision-api';
import type { Outcome } from '../engine';
import type { z } from 'zod';
import { apiKeyOf, evidenceKeyOf, matchesKeyDigest } from './auth';
import type { Planned, ServerContext } from './context';
import { DRAFT, type VersionSelector } from './registry/types';
import { ServiceError } from './service-error';
import type { LiveSession } from './sessions/manager';

/** Request headers as fastify gives them, or as an in-process caller sets them (lower-case names). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

const SESSION_GONE: Planned = { status: 404, body: { error: SESSION_NOT_FOUND } };

function invalid(messages: readonly string[]): Planned {
  return { status: 400, body: { err: [...messages] } };
}

function parseBody<T extends z.ZodType>(schema: T, body: unknown): { ok: true; value: z.output<T> } | { ok: false; planned: Planned } {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, planned: invalid(describeIssues(parsed.error)) };
}

/** The 401 replies of `requireApiKey` (context.ts), as a plan; undefined when the key is valid. */
function apiKeyRefusal(context: ServerContext, headers: RequestHeaders): Planned | undefined {
  const check = context.apiKeys.check(headers);
  if (check === 'valid') return undefined;
  const message =
    check === 'missing'
      ? 'Send your API key in the X-API-Key header (or as the user name of Basic authentication).'
      : 'The API key is not valid.';
  return { status: 401, body: { error: 'Unauthorized', message } };
}

/** A secured resource opens with its own key, or with the server's user key (the owner's). */
export function unlocked(
  context: ServerContext,
  headers: RequestHeaders,
  secured: boolean,
  keyDigest: string | undefined,
  given: string | undefined,
): boolean {
  if (!secured) return true;
  if (matchesKeyDigest(given, keyDigest)) return true;
  return apiKeyOf(headers) !== undefined && context.apiKeys.check(headers) === 'valid';
}

export function locked(what: string, header: string): Planned {
  return {
    status: 401,
    body: { error: 'Unauthorized', message: `The ${what} of this map is secured: send its key in the ${header} header.` },
  };
}

/** `GET /start/{kmID}` after the key check: `query` is the raw query string object (strings). */
export async function startSession(context: ServerContext, kmIdGiven: string, query: unknown): Promise<Planned> {
  const parsed = StartQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(describeIssues(parsed.error));
  // The platform accepts an upper-case kmID (api-wire.md §1.5); GUIDs are stored lower-case.
  const kmID = kmIdGiven.trim().toLowerCase();
  const selector: VersionSelector =
    parsed.data.version !== undefined
      ? { kind: 'number', number: parsed.data.version }
      : parsed.data.useDraft
        ? { kind: 'draft' }
        : { kind: 'default' };
  const version = await context.registry.resolve(kmID, selector);
  if (!version.ok) {
    // The platform's own replies: an unknown map is a plain-text 400, a missing version a 404.
    return version.error.kind === 'map-not-found' ? { status: 400, body: 'Bad request!' } : { status: 404, body: 'Not Found' };
  }
  const settings = await context.registry.settings(kmID, version.value.number);
  const live = await context.sessions.start(version.value, {
    useDraft: version.value.number === DRAFT,
    recordInteractions: settings.ok && settings.value.recordInteractions,
    ...(parsed.data.contextId === undefined ? {} : { contextId: parsed.data.contextId }),
  });
  const body: StartResponse = { id: live.record.id, kmVersion: { id: live.record.versionId } };
  return { status: 200, body };
}

/** Runs one core call on a session in its queue (404 when the session is gone). */
async function onSession(context: ServerContext, sid: string, work: (live: LiveSession) => Promise<Planned> | Planned): Promise<Planned> {
  const run = await context.sessions.run(sid, 'core', work);
  return run.found ? run.value : SESSION_GONE;
}

/** Turns an engine outcome into a reply, noting result facts for the legacy evidence route. */
function answer(context: ServerContext, live: LiveSession, outcome: Outcome<ConsultationResponse>): Planned {
  if (!outcome.ok) return invalid(outcome.error.messages);
  if ('result' in outcome.value) {
    context.sessions.rememberFacts(
      live.record.id,
      outcome.value.result.map((entry) => entry.factID),
    );
  }
  return { status: 200, body: outcome.value };
}

/** `POST /{sessionID}/inject`. */
export function injectFacts(context: ServerContext, sid: string, body: unknown): Promise<Planned> {
  return onSession(context, sid, (live) => {
    const facts = parseBody(InjectRequestSchema, body);
    if (!facts.ok) return facts.planned;
    const outcome = live.session.inject(facts.value);
    if (!outcome.ok) return invalid(outcome.error.messages);
    const reply: InjectResponse = { result: 'OK', ...(outcome.value.warnings.length > 0 ? { warningLog: outcome.value.warnings } : {}) };
    return { status: 200, body: reply };
  });
}

/** `POST /{sessionID}/query`. */
export function querySession(context: ServerContext, sid: string, body: unknown): Promise<Planned> {
  return onSession(context, sid, async (live) => {
    const query = parseBody(QueryRequestSchema, body);
    if (!query.ok) return query.planned;
    return answer(context, live, await live.session.query(query.value));
  });
}

/** `POST /{sessionID}/response`. */
export function respondSession(context: ServerContext, sid: string, body: unknown): Promise<Planned> {
  return onSession(context, sid, async (live) => {
    const parsed = parseBody(ResponseRequestSchema, body);
    if (!parsed.ok) return parsed.planned;
    return answer(context, live, await live.session.respond(parsed.value.answers));
  });
}

/** `POST /{sessionID}/undo` (the body is ignored, api-wire.md §2.5). */
export function undoSession(context: ServerContext, sid: string): Promise<Planned> {
  return onSession(context, sid, async (live) => answer(context, live, await live.session.undo()));
}

/** `GET /analysis/evidence/{factID}/{sid}`: the record, if the evidence key (or the user key) opens it. */
export async function evidenceOf(context: ServerContext, factID: string, sid: string, headers: RequestHeaders): Promise<Planned> {
  const run = await context.sessions.run(sid, 'read', async (live): Promise<Planned> => {
    const settings = await context.registry.settings(live.record.mapId, live.record.version);
    const secured = !settings.ok || settings.value.evidenceSecured;
    if (!unlocked(context, headers, secured, settings.ok ? settings.value.evidenceKeyDigest : undefined, evidenceKeyOf(headers))) {
      return locked('evidence', 'x-evidence-key');
    }
    const record = live.session.evidence(factID);
    if (!record) return { status: 404, body: { error: 'Fact not found', message: `Session ${sid} has no fact ${factID}.` } };
    return { status: 200, body: record };
  });
  return run.found ? run.value : SESSION_GONE;
}

/** `GET /analysis/evidence/{factID}`: the legacy form, finding the session that holds the fact. */
export async function legacyEvidenceOf(context: ServerContext, factID: string, headers: RequestHeaders): Promise<Planned> {
  // With a shared store (PostgreSQL), the session that returned the fact on any server.
  const sid = await context.sessions.findFactOwner(factID);
  if (sid === undefined)
    return {
      status: 404,
      body: {
        error: 'Fact not found',
        message: `No recent session holds fact ${factID}; ask with /analysis/evidence/{factID}/{sessionID}.`,
      },
    };
  return evidenceOf(context, factID, sid, headers);
}

/**
 * The consultation and evidence calls for a caller in this process: the same functions the routes
 * call, with the key checks the routes make first. Bodies go in and come out as values (no JSON
 * text); a `ServiceError` (a full disk, a damaged session) becomes the reply HTTP would send.
 */
export interface DecisionService {
  start(kmID: string, query: Readonly<Record<string, string>>, headers: RequestHeaders): Promise<Planned>;
  inject(sid: string, body: unknown): Promise<Planned>;
  query(sid: string, body: unknown): Promise<Planned>;
  respond(sid: string, body: unknown): Promise<Planned>;
  undo(sid: string): Promise<Planned>;
  evidence(factID: string, sid: string | undefined, headers: RequestHeaders): Promise<Planned>;
}

async function asReply(call: () => Promise<Planned>): Promise<Planned> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.statusCode, body: { error: error.title, message: error.message } };
    throw error;
  }
}

export function decisionService(context: ServerContext): DecisionService {
  return {
    start: (kmID, query, headers) => asReply(async () => apiKeyRefusal(context, headers) ?? (await startSession(context, kmID, query))),
    inject: (sid, body) => asReply(() => injectFacts(context, sid, body)),
    query: (sid, body) => asReply(() => querySession(context, sid, body)),
    respond: (sid, body) => asReply(() => respondSession(context, sid, body)),
    undo: (sid) => asReply(() => undoSession(context, sid)),
    evidence: (factID, sid, headers) =>
      asReply(() => (sid === undefined ? legacyEvidenceOf(context, factID, headers) : evidenceOf(context, factID, sid, headers))),
  };
}
