/**
 * Call routing inside a `lapwing serve --workers N` cluster. The primary hands each connection to
 * some worker; a call on a session that another worker owns is forwarded to that worker over its
 * private Unix socket, and its reply relayed unchanged. A client that keeps one connection (as
 * the platform's SDKs do) stays on one worker, because a worker only creates sessions it owns.
 *
 * Forwarded calls carry the cluster's secret in `x-lapwing-forwarded`; the receiving worker then
 * handles them itself. Authentication is not affected: the owner checks keys as for any call.
 */
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StartQuerySchema } from '../../common/decision-api';
import { matchesKey } from '../auth';
import { rawBodyOf } from '../http/body';
import type { SessionManager } from '../sessions/manager';
import type { ClusterMember } from './member';
import { acceptHandedConnections } from './handoff';
import { contextKey, ownerOf } from './ownership';

export const FORWARDED_HEADER = 'x-lapwing-forwarded';
/** Which worker answered a call (for operators and tests). */
export const WORKER_HEADER = 'x-lapwing-worker';

/** Headers that describe one hop, not the call. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'date']);

/** Where a call must run: this worker, a given worker, or wherever a fact is held (legacy evidence). */
type Route = { readonly kind: 'here' } | { readonly kind: 'worker'; readonly index: number } | { readonly kind: 'search' };

interface Relayed {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

interface ClusterRouting {
  /**
   * Serves the app on this worker's private socket (where its peers forward calls) and on the
   * connections the primary hands over from the cluster's port; the worker never binds that port.
   */
  listen(): Promise<void>;
  /** Stops taking connections and forwarding (the app's own close ends the ones it serves). */
  close(): void;
}

const HERE: Route = { kind: 'here' };

export function installClusterRouting(app: FastifyInstance, sessions: SessionManager, member: ClusterMember): ClusterRouting {
  const agents = member.sockets.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));

  /** The worker that owns a session: itself if it holds it, else by its stored context or ID. */
  async function sessionRoute(sid: string): Promise<Route> {
    const key = await sessions.ownershipKey(sid);
    if (key === undefined) return HERE; // Live here, or unknown (the reply is a 404 from here).
    const index = ownerOf(key, member.workers);
    return index === member.index ? HERE : { kind: 'worker', index };
  }

  async function routeOf(request: FastifyRequest): Promise<Route> {
    const route = request.routeOptions.url ?? '';
    const params = request.params as Record<string, string | undefined>;
    if (route === '/analysis/evidence/:factID') return sessions.ownerOf(params.factID ?? '') === undefined ? { kind: 'search' } : HERE;
    if (route === '/start/:kmID') {
      // A session joining a shared context must start where the context lives.
      const query = StartQuerySchema.safeParse(request.query);
      if (!query.success || query.data.contextId === undefined) return HERE;
      const index = ownerOf(contextKey((params.kmID ?? '').trim().toLowerCase(), query.data.contextId), member.workers);
      return index === member.index ? HERE : { kind: 'worker', index };
    }
    if (params.sid !== undefined) return sessionRoute(params.sid);
    if (route.startsWith('/nl/')) {
      const sid = (request.body as { sessionID?: unknown } | undefined)?.sessionID;
      if (typeof sid === 'string') return sessionRoute(sid);
    }
    return HERE;
  }

  function send(index: number, request: FastifyRequest): Promise<Relayed> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
    }
    // The body goes to the owner as the client sent it (re-serialising could fail, or differ).
    const raw = rawBodyOf(request);
    const body = raw === undefined ? undefined : Buffer.from(raw);
    if (body) headers['content-length'] = String(body.length);
    headers[FORWARDED_HEADER] = member.secret;
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        { socketPath: member.sockets[index], agent: agents[index], method: request.method, path: request.raw.url, headers },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: Buffer.concat(chunks) }));
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  function relay(reply: FastifyReply, relayed: Relayed): FastifyReply {
    for (const [name, value] of Object.entries(relayed.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.code(relayed.status).send(relayed.body);
  }

  function unavailable(reply: FastifyReply, index: number, error: unknown): FastifyReply {
    const reason = error instanceof Error ? error.message : String(error);
    return reply.code(503).send({
      error: 'Service Unavailable',
      message: `Worker ${index} of this server, which holds the session, did not answer (${reason}); try again.`,
    });
  }

  const workerName = String(member.index);
  app.addHook('preHandler', async (request, reply) => {
    reply.header(WORKER_HEADER, workerName);
    if (matchesKey(headerOf(request.headers[FORWARDED_HEADER]), [member.secret])) return;
    const route = await routeOf(request);
    if (route.kind === 'worker') {
      try {
        return relay(reply, await send(route.index, request));
      } catch (error) {
        return unavailable(reply, route.index, error);
      }
    }
    if (route.kind === 'search') {
      // Legacy evidence names no session: ask the other workers in turn, then answer here (a 404).
      for (let index = 0; index < member.workers; index++) {
        if (index === member.index) continue;
        try {
          const relayed = await send(index, request);
          if (relayed.status !== 404) return relay(reply, relayed);
        } catch {
          // A worker that does not answer holds nothing we can show.
        }
      }
    }
    return undefined;
  });

  let stopAccepting = (): void => {};
  return {
    async listen() {
      const path = member.sockets[member.index];
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      rmSync(path, { force: true });
      // `exclusive`: the socket is this worker's own, not shared through the cluster primary.
      await app.listen({ path, exclusive: true });
      stopAccepting = acceptHandedConnections(app.server);
    },
    close() {
      stopAccepting();
      agents.forEach((agent) => agent.destroy());
    },
  };
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
