/**
 * The natural-language endpoints (beta): `POST /nl/interact` and `POST /nl/explain`, served by
 * `electron/nl` — offline by default, grounded in the session's map; with an OpenAI-compatible
 * provider when `LAPWING_NL_PROVIDER_URL` and `LAPWING_NL_PROVIDER_MODEL` are set (plus
 * `LAPWING_NL_PROVIDER_KEY`, `LAPWING_NL_PROVIDER_TIMEOUT_MS`), or the one the embedding workbench
 * passes as a per-call source (its settings and the keychain).
 *
 * Checks, in order, as the platform's clients expect: the key (401), the `Version` header (absent
 * means `v1`; anything else is refused with 400), the body (400), the session (404, code 28). The
 * work runs in the session's queue, like every other call on the session.
 *
 * Error codes: docs/nl.md ("Error codes"); 28 and 400 are the request-level ones used here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  NLExplainRequestSchema,
  NLInteractRequestSchema,
  describeIssues,
  type NLError,
  type NLExplainResponse,
  type NLInteractResponse,
} from '../../common/decision-api';
import { NL_ERROR_CODES, NaturalLanguageService, providerConfigFromEnv, type ProviderSource } from '../../nl';
import { requireApiKey, type ServerContext } from '../context';
import type { LiveSession } from '../sessions/manager';

type Endpoint = 'interact' | 'explain';

/** The only `Version` the natural-language endpoints speak. */
const API_VERSION = 'v1';

function nlError(code: number, status: number, message: string, suggestedChatResponse: string): NLError {
  return { code, message, suggestedChatResponse, statusCode: String(status) };
}

function envelope(
  endpoint: Endpoint,
  responseType: NLInteractResponse['responseType'],
  error: NLError,
): NLInteractResponse | NLExplainResponse {
  return endpoint === 'interact' ? { responseType, error } : { error };
}

/** Where the NL routes get their provider: a per-call source (the workbench), else `env`. */
interface NlRouteOptions {
  readonly provider?: ProviderSource;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function nlRoutes(app: FastifyInstance, context: ServerContext, options: NlRouteOptions = {}): void {
  const provider = options.provider ?? providerConfigFromEnv(options.env ?? process.env);
  const service = new NaturalLanguageService({
    clock: context.clock,
    ...(provider ? { provider } : {}),
    listener: (event) => {
      if (event.kind !== 'used')
        app.log.warn(
          { nlProvider: event.kind },
          `natural-language provider ${event.kind}: ${event.message ?? ''}; the offline reader answered`,
        );
    },
  });

  async function handle<T extends { sessionID: string }>(
    endpoint: Endpoint,
    schema: z.ZodType<T>,
    request: FastifyRequest,
    reply: FastifyReply,
    work: (live: LiveSession, body: T) => Promise<{ status: number; body: unknown }>,
  ): Promise<FastifyReply> {
    if (!requireApiKey(context, request, reply)) return reply;
    const fail = (code: number, status: number, message: string, chat: string, responseType: NLInteractResponse['responseType'] = '') =>
      reply.code(status).send(envelope(endpoint, responseType, nlError(code, status, message, chat)));
    const header = request.headers.version;
    const given = (Array.isArray(header) ? header[0] : header)?.trim();
    if (given !== undefined && given !== '' && given.toLowerCase() !== API_VERSION) {
      return fail(
        NL_ERROR_CODES.invalidRequest,
        400,
        `Version: '${given}' is not supported; send "Version: v1" (or no Version header).`,
        'Sorry, something went wrong with this request.',
      );
    }
    const body = schema.safeParse(request.body);
    if (!body.success) {
      return fail(
        NL_ERROR_CODES.invalidRequest,
        400,
        describeIssues(body.error).join(' '),
        'Sorry, something went wrong with this request.',
      );
    }
    const run = await context.sessions.run(body.data.sessionID, 'core', (live) => work(live, body.data));
    if (!run.found) {
      return fail(
        NL_ERROR_CODES.sessionNotFound,
        404,
        'Session ID not found',
        'This conversation has expired. Please start a new one.',
        'error',
      );
    }
    return reply.code(run.value.status).send(run.value.body);
  }

  // The session's map, from the server's map cache (loaded in its worker when it was evicted).
  const handleOf = async (live: LiveSession) => ({
    sessionID: live.record.id,
    session: live.session,
    map: await context.maps.get(live.record.sourceId),
  });

  app.post('/nl/interact', (request, reply) =>
    handle('interact', NLInteractRequestSchema, request, reply, async (live, body) => {
      const answer = await service.interact(await handleOf(live), body.userPrompt);
      const factIDs = (answer.body.results ?? []).map((result) => result.FactID).filter((id): id is string => typeof id === 'string');
      // Result facts can then be looked up by the legacy evidence route, as after /query.
      if (factIDs.length > 0) context.sessions.rememberFacts(live.record.id, factIDs);
      return answer;
    }),
  );

  app.post('/nl/explain', (request, reply) =>
    handle('explain', NLExplainRequestSchema, request, reply, async (live, body) =>
      service.explain(await handleOf(live), {
        factID: body.factID,
        language: body.language,
        ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
      }),
    ),
  );
}
