/**
 * The core consultation endpoints: `GET /start/{kmID}`, then `POST /{sessionID}/inject`,
 * `/query`, `/response` and `/undo`. After start the session ID is the credential (as on the
 * platform, whose SDKs send no key after start); keys sent anyway are tolerated. The work is in
 * `../decisions.ts`, which in-process callers use too.
 */
import type { FastifyInstance } from 'fastify';
import { requireApiKey, type ServerContext } from '../context';
import { injectFacts, querySession, respondSession, startSession, undoSession } from '../decisions';
import { sendPlanned } from '../http/errors';

interface SessionParams {
  sid: string;
}

export function consultationRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get<{ Params: { kmID: string } }>('/start/:kmID', async (request, reply) => {
    if (!requireApiKey(context, request, reply)) return reply;
    return sendPlanned(reply, await startSession(context, request.params.kmID, request.query));
  });

  app.post<{ Params: SessionParams }>('/:sid/inject', async (request, reply) =>
    sendPlanned(reply, await injectFacts(context, request.params.sid, request.body)),
  );

  app.post<{ Params: SessionParams }>('/:sid/query', async (request, reply) =>
    sendPlanned(reply, await querySession(context, request.params.sid, request.body)),
  );

  app.post<{ Params: SessionParams }>('/:sid/response', async (request, reply) =>
    sendPlanned(reply, await respondSession(context, request.params.sid, request.body)),
  );

  // The undo body is ignored: `{}`, the JS SDK's `{"data":{}}` or none (api-wire.md §2.5).
  app.post<{ Params: SessionParams }>('/:sid/undo', async (request, reply) =>
    sendPlanned(reply, await undoSession(context, request.params.sid)),
  );
}
