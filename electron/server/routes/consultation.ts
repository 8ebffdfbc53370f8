/**
 * The core consultation endpoints: `GET /start/{kmID}`, then `POST /{sessionID}/inject`,
 * `/query`, `/response` and `/undo`. After start the session ID is the credential (as on the
 * platform, whose SDKs send no key after start); keys sent anyway are tolerated.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  InjectRequestSchema,
  QueryRequestSchema,
  ResponseRequestSchema,
  StartQuerySchema,
  describeIssues,
  type ConsultationResponse,
  type InjectResponse,
  type StartResponse,
} from '../../common/decision-api';
import type { Outcome } from '../../engine';
import { requireApiKey, type Planned, type ServerContext } from '../context';
import { sendSessionNotFound, sendText, sendValidation } from '../http/errors';
import { DRAFT, type VersionSelector } from '../registry/types';
import type { LiveSession } from '../sessions/manager';

interface SessionParams {
  sid: string;
}

function invalid(messages: readonly string[]): Planned {
  return { status: 400, body: { err: [...messages] } };
}

function parseBody<T extends z.ZodType>(schema: T, body: unknown): { ok: true; value: z.output<T> } | { ok: false; planned: Planned } {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, planned: invalid(describeIssues(parsed.error)) };
}

export function consultationRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get<{ Params: { kmID: string } }>('/start/:kmID', async (request, reply) => {
    if (!requireApiKey(context, request, reply)) return reply;
    const query = StartQuerySchema.safeParse(request.query);
    if (!query.success) return sendValidation(reply, describeIssues(query.error));
    // The platform accepts an upper-case kmID (api-wire.md §1.5); GUIDs are stored lower-case.
    const kmID = request.params.kmID.trim().toLowerCase();
    const selector: VersionSelector =
      query.data.version !== undefined
        ? { kind: 'number', number: query.data.version }
        : query.data.useDraft
          ? { kind: 'draft' }
          : { kind: 'default' };
    const version = await context.registry.resolve(kmID, selector);
    if (!version.ok) {
      // The platform's own replies: an unknown map is a plain-text 400, a missing version a 404.
      return version.error.kind === 'map-not-found' ? sendText(reply, 400, 'Bad request!') : sendText(reply, 404, 'Not Found');
    }
    const settings = await context.registry.settings(kmID, version.value.number);
    const live = await context.sessions.start(version.value, {
      useDraft: version.value.number === DRAFT,
      recordInteractions: settings.ok && settings.value.recordInteractions,
      ...(query.data.contextId === undefined ? {} : { contextId: query.data.contextId }),
    });
    const body: StartResponse = { id: live.record.id, kmVersion: { id: live.record.versionId } };
    return body;
  });

  /** Runs one core call on a session and sends what it planned (404 when the session is gone). */
  async function onSession(
    sid: string,
    reply: FastifyReply,
    work: (live: LiveSession) => Promise<Planned> | Planned,
  ): Promise<FastifyReply> {
    const run = await context.sessions.run(sid, 'core', work);
    if (!run.found) return sendSessionNotFound(reply);
    return reply.code(run.value.status).send(run.value.body);
  }

  /** Turns an engine outcome into a reply, noting result facts for the legacy evidence route. */
  function answer(live: LiveSession, outcome: Outcome<ConsultationResponse>): Planned {
    if (!outcome.ok) return invalid(outcome.error.messages);
    if ('result' in outcome.value) {
      context.sessions.rememberFacts(
        live.record.id,
        outcome.value.result.map((entry) => entry.factID),
      );
    }
    return { status: 200, body: outcome.value };
  }

  app.post<{ Params: SessionParams }>('/:sid/inject', (request, reply) =>
    onSession(request.params.sid, reply, (live) => {
      const facts = parseBody(InjectRequestSchema, request.body);
      if (!facts.ok) return facts.planned;
      const outcome = live.session.inject(facts.value);
      if (!outcome.ok) return invalid(outcome.error.messages);
      const body: InjectResponse = { result: 'OK', ...(outcome.value.warnings.length > 0 ? { warningLog: outcome.value.warnings } : {}) };
      return { status: 200, body };
    }),
  );

  app.post<{ Params: SessionParams }>('/:sid/query', (request, reply) =>
    onSession(request.params.sid, reply, async (live) => {
      const query = parseBody(QueryRequestSchema, request.body);
      if (!query.ok) return query.planned;
      return answer(live, await live.session.query(query.value));
    }),
  );

  app.post<{ Params: SessionParams }>('/:sid/response', (request, reply) =>
    onSession(request.params.sid, reply, async (live) => {
      const body = parseBody(ResponseRequestSchema, request.body);
      if (!body.ok) return body.planned;
      return answer(live, await live.session.respond(body.value.answers));
    }),
  );

  // The undo body is ignored: `{}`, the JS SDK's `{"data":{}}` or none (api-wire.md §2.5).
  app.post<{ Params: SessionParams }>('/:sid/undo', (request, reply) =>
    onSession(request.params.sid, reply, async (live) => answer(live, await live.session.undo())),
  );
}
