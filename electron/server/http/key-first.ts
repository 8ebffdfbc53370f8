/**
 * The user key of calls that carry a large body (`POST /maps`, `/nl/*`) is checked as soon as the
 * request line and headers arrive, before the body is read or parsed: an unauthenticated client
 * cannot make the server read and parse 32 MiB. Session calls are not checked here: as on the
 * platform, the session ID is their credential, and their bodies are limited to 1 MiB.
 */
import type { FastifyInstance } from 'fastify';
import { requireApiKey, type ServerContext } from '../context';

const KEYED_BODY_ROUTES = new Set(['POST /maps', 'POST /nl/interact', 'POST /nl/explain']);

export function installKeyBeforeBody(app: FastifyInstance, context: ServerContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!KEYED_BODY_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    if (!requireApiKey(context, request, reply)) return reply;
  });
}
