/**
 * Browser mode's HTTP server: the built renderer and the IPC contract on 127.0.0.1.
 *
 * - `POST /ipc/:method` with the JSON input as body and the per-run token in `x-lapwing-token`;
 *   every answer is a Result envelope (also for 401, 400 and 404), with a matching HTTP status.
 * - Anything else under GET serves `out/renderer`, index.html carrying the token in a meta tag.
 * - Requests whose Host is not this loopback address are refused, so a web page that rebinds its
 *   DNS name to 127.0.0.1 cannot read the token from index.html.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
// The contract's and the Decision API's light doors: their front doors load zod and every schema,
// which the page does not need (the workbench loads them behind it).
import { ErrorCodes, HTTP_IPC_PREFIX, TOKEN_HEADER, type ErrorInfo, type Result } from '../common/ipc/transport';
import type { Dispatch } from '../workbench';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/decision-api/json-depth';
import { httpStatusOf } from './http-status';
import { RENDERER_CSP, readRendererFile } from './renderer-files';

interface HostOptions {
  readonly dispatch: Dispatch;
  /** The built renderer (`out/renderer`). */
  readonly rendererDir: string;
  /** Only loopback addresses make sense; default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default: 32 random bytes, base64url. */
  readonly token?: string;
  /** Largest accepted IPC body (bytes); injections of many facts are large. Default 64 MiB. */
  readonly bodyLimit?: number;
  /** Time for a whole request to arrive (default 60 s) and for a connection to stay silent (default 2 min). */
  readonly requestTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
}

export interface RunningHost {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

/**
 * Fastify loads its JSON-schema compilers (ajv, fast-json-stringify) when an app is created unless
 * given its own: about a third of a second of start-up, before the page can be served. No route
 * here has a schema (bodies are checked with zod), so none is ever compiled; one added by mistake
 * fails at start-up with this message instead of loading them.
 */
const NO_SCHEMA_COMPILERS = {
  buildValidator: () => {
    throw new Error('browser mode validates requests with zod: fastify route schemas are not supported here');
  },
  buildSerializer: () => {
    throw new Error('browser mode writes JSON itself: fastify response schemas are not supported here');
  },
};

/** A fresh per-run token. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(given: string | string[] | undefined, expected: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

function sendError(reply: FastifyReply, error: ErrorInfo): FastifyReply {
  const body: Result<never> = { ok: false, error };
  return reply.code(httpStatusOf(error)).header('cache-control', 'no-store').send(body);
}

/** Starts the server; resolves once it is listening. */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? newToken();
  const expected = Buffer.from(token);
  const hostName = options.host ?? '127.0.0.1';
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const app = Fastify({
    logger: false,
    schemaController: { compilersFactory: NO_SCHEMA_COMPILERS },
    bodyLimit: options.bodyLimit ?? 64 * 1024 * 1024,
    // Slow or silent clients are cut off (Node checks the request deadline every interval).
    requestTimeout: requestTimeoutMs,
    connectionTimeout: options.idleTimeoutMs ?? 120_000,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(requestTimeoutMs / 4))),
    },
  });
  let allowedHosts = new Set<string>();

  app.addHook('onRequest', async (request, reply) => {
    if (!allowedHosts.has((request.headers.host ?? '').toLowerCase())) {
      return sendError(reply, {
        code: ErrorCodes.forbiddenSender,
        message: 'This server only answers requests addressed to its loopback address.',
      });
    }
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    // The token is checked before the body is read: without it, nothing of a large body is parsed.
    if (request.method === 'POST' && request.url.startsWith(HTTP_IPC_PREFIX) && !sameToken(request.headers[TOKEN_HEADER], expected)) {
      return sendError(reply, {
        code: ErrorCodes.unauthorized,
        message: `Missing or wrong ${TOKEN_HEADER} header: use the page served by this run of Lapwing.`,
      });
    }
  });

  // Bodies nested absurdly deep are refused before anything walks them; otherwise fastify's own
  // JSON parser (which refuses prototype poisoning) reads them.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error(`it nests more than ${MAX_JSON_DEPTH} levels deep`), { statusCode: 400 }), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  // Parse errors (bad JSON, oversized bodies) answer with the envelope too.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ ok: false, error: { code: ErrorCodes.invalidInput, message: 'The request body is too large.' } });
    if (status >= 400 && status < 500)
      return sendError(reply, { code: ErrorCodes.invalidInput, message: `The request body is not valid JSON: ${error.message}` });
    return sendError(reply, { code: ErrorCodes.internal, message: 'Lapwing hit an unexpected problem; details are in the terminal.' });
  });

  app.post<{ Params: { method: string } }>(`${HTTP_IPC_PREFIX}:method`, async (request, reply) => {
    if (!sameToken(request.headers[TOKEN_HEADER], expected)) {
      return sendError(reply, {
        code: ErrorCodes.unauthorized,
        message: `Missing or wrong ${TOKEN_HEADER} header: use the page served by this run of Lapwing.`,
      });
    }
    const result = await options.dispatch(request.params.method, request.body ?? {});
    if (!result.ok) return sendError(reply, result.error);
    return reply.header('cache-control', 'no-store').send(result);
  });

  app.all(`${HTTP_IPC_PREFIX}*`, async (request, reply) =>
    sendError(reply, {
      code: ErrorCodes.unknownMethod,
      message: `Use POST ${HTTP_IPC_PREFIX}<method>; ${request.method} ${request.url} is not a contract call.`,
    }),
  );

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const file = await readRendererFile(options.rendererDir, request.url, token);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply.type(file.contentType);
    if (file.isIndex) reply.header('content-security-policy', RENDERER_CSP).header('cache-control', 'no-store');
    return reply.send(file.body);
  });

  await app.listen({ host: hostName, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  allowedHosts = new Set(
    [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${hostName}:${port}`].map((host) => host.toLowerCase()),
  );
  return { url: `http://${hostName}:${port}/`, port, token, close: () => app.close() };
}
