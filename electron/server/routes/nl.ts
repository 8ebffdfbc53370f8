/**
 * The natural-language endpoints (beta). Lapwing has no language model yet, so both answer with
 * the platform's error envelope saying so; a later change fills them. Requests are still checked
 * as the platform would (key, `Version` header, body, session), so clients see the same failures.
 *
 * Error codes (the platform documents only 28): 28 session not found or expired,
 * 400 invalid request, 501 not available in Lapwing.
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
import { requireApiKey, type ServerContext } from '../context';

export const NL_ERROR_CODES = { sessionNotFound: 28, invalidRequest: 400, notAvailable: 501 } as const;

type Endpoint = 'interact' | 'explain';

function nlError(code: number, status: number, message: string, suggestedChatResponse: string): NLError {
  return { code, message, suggestedChatResponse, statusCode: String(status) };
}

function envelope(endpoint: Endpoint, responseType: NLInteractResponse['responseType'], error: NLError): NLInteractResponse | NLExplainResponse {
  return endpoint === 'interact' ? { responseType, error } : { error };
}

export function nlRoutes(app: FastifyInstance, context: ServerContext): void {
  async function handle(endpoint: Endpoint, schema: z.ZodType<{ sessionID: string }>, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!requireApiKey(context, request, reply)) return reply;
    const version = request.headers.version;
    const given = (Array.isArray(version) ? version[0] : version)?.trim().toLowerCase();
    const fail = (code: number, status: number, message: string, chat: string, responseType: NLInteractResponse['responseType'] = '') =>
      reply.code(status).send(envelope(endpoint, responseType, nlError(code, status, message, chat)));
    if (given !== 'v1') {
      return fail(NL_ERROR_CODES.invalidRequest, 400, 'Version: please send the header "Version: v1".', 'Sorry, something went wrong with this request.');
    }
    const body = schema.safeParse(request.body);
    if (!body.success) {
      return fail(NL_ERROR_CODES.invalidRequest, 400, describeIssues(body.error).join(' '), 'Sorry, something went wrong with this request.');
    }
    const run = await context.sessions.run(body.data.sessionID, 'core', () => true);
    if (!run.found) {
      return fail(NL_ERROR_CODES.sessionNotFound, 404, 'Session ID not found', 'This conversation has expired. Please start a new one.', 'error');
    }
    return fail(
      NL_ERROR_CODES.notAvailable,
      501,
      'The natural-language interface is not available in Lapwing yet; use /query and /response instead.',
      "Sorry, I can't understand free text yet. Please answer using the question form.",
      'error',
    );
  }

  app.post('/nl/interact', (request, reply) => handle('interact', NLInteractRequestSchema, request, reply));
  app.post('/nl/explain', (request, reply) => handle('explain', NLExplainRequestSchema, request, reply));
}
