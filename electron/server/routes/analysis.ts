/**
 * Analysis endpoints: evidence (with and without the session in the path), the interaction log
 * (JSON or CSV) and session information. They serve expired sessions too, as long as the
 * session's journal is kept: the session is rebuilt from it to answer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { InteractionsQuerySchema, SessionInfoQuerySchema, describeIssues, type SessionInfo } from '../../common/decision-api';
import { interactionKeyOf } from '../auth';
import { isoSeconds, requireApiKey, type Planned, type ServerContext } from '../context';
import { evidenceOf, legacyEvidenceOf, locked, unlocked } from '../decisions';
import { interactionsToCsv } from '../interactions-csv';
import { sendPlanned, sendSessionNotFound, sendValidation } from '../http/errors';
import { DRAFT } from '../registry/types';
import type { LiveSession } from '../sessions/manager';

/** A version's publication time; for a draft, when the exact source the session runs on was saved. */
async function versionCreated(context: ServerContext, live: LiveSession): Promise<number> {
  const { record } = live;
  if (record.version !== DRAFT) {
    const version = await context.registry.resolve(record.mapId, { kind: 'number', number: record.version });
    if (version.ok) return version.value.created;
  }
  return (await context.registry.sourceCreated(record.sourceId)) ?? record.startedAt;
}

export function analysisRoutes(app: FastifyInstance, context: ServerContext): void {
  async function onSession(
    sid: string,
    reply: FastifyReply,
    work: (live: LiveSession) => Planned | Promise<Planned>,
  ): Promise<FastifyReply> {
    const run = await context.sessions.run(sid, 'read', work);
    if (!run.found) return sendSessionNotFound(reply);
    const { status, body } = run.value;
    if (typeof body === 'string') return reply.code(status).type('text/csv; charset=utf-8').send(body);
    return reply.code(status).send(body);
  }

  app.get<{ Params: { factID: string; sid: string } }>('/analysis/evidence/:factID/:sid', async (request, reply) =>
    sendPlanned(reply, await evidenceOf(context, request.params.factID, request.params.sid, request.headers)),
  );

  // The legacy form without the session (used by the analysis UI and rainbird-api-js).
  app.get<{ Params: { factID: string } }>('/analysis/evidence/:factID', async (request, reply) =>
    sendPlanned(reply, await legacyEvidenceOf(context, request.params.factID, request.headers)),
  );

  app.get<{ Params: { sid: string } }>('/analysis/interactions/:sid', async (request, reply) => {
    const query = InteractionsQuerySchema.safeParse(request.query);
    if (!query.success) return sendValidation(reply, describeIssues(query.error));
    return onSession(request.params.sid, reply, async (live) => {
      const settings = await context.registry.settings(live.record.mapId, live.record.version);
      const secured = !settings.ok || settings.value.interactionsSecured;
      if (
        !unlocked(
          context,
          request.headers,
          secured,
          settings.ok ? settings.value.interactionKeyDigest : undefined,
          interactionKeyOf(request.headers),
        )
      ) {
        return locked('interaction log', 'x-interaction-key');
      }
      // Only sessions started while recording was on have a log (as on the platform).
      const entries = live.record.recordInteractions ? live.session.interactions() : [];
      return { status: 200, body: query.data.format === 'csv' ? interactionsToCsv(entries) : entries };
    });
  });

  app.get<{ Params: { sid: string } }>('/analysis/session/:sid', async (request, reply) => {
    if (!requireApiKey(context, request, reply)) return reply;
    const query = SessionInfoQuerySchema.safeParse(request.query);
    if (!query.success) return sendValidation(reply, describeIssues(query.error));
    return onSession(request.params.sid, reply, async (live) => {
      const body: SessionInfo = {};
      if (query.data.filter.includes('version')) {
        const { record } = live;
        const map = await context.registry.getMap(record.mapId);
        body.km = {
          id: record.mapId,
          name: map?.name ?? '',
          versionID: record.versionId,
          ...(record.version === DRAFT ? {} : { versionNumber: record.version }),
          versionCreated: isoSeconds(await versionCreated(context, live)),
          versionStatus: record.version === DRAFT ? 'Draft' : `Version${record.version}`,
        };
      }
      if (query.data.filter.includes('facts')) body.facts = live.session.facts(query.data.relationships);
      return { status: 200, body };
    });
  });
}
