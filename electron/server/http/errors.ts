/**
 * Error replies in the platform's known forms (shared/spec/api-wire.md §7), and the handlers
 * that turn framework errors (bad JSON, oversized bodies, unknown routes) into them.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_NOT_FOUND, type ErrorBody, type MapDiagnostic, type ValidationErrorBody } from '../../common/decision-api';
import type { Planned } from '../context';
import { ServiceError } from '../service-error';

/** 400 `{"err": [...]}`: one message per problem, each naming its field. */
export function sendValidation(reply: FastifyReply, messages: readonly string[], diagnostics?: readonly MapDiagnostic[]): FastifyReply {
  const body: ValidationErrorBody = { err: [...messages], ...(diagnostics ? { diagnostics: [...diagnostics] } : {}) };
  return reply.code(400).send(body);
}

/** Any other failure: `{"error": "...", "message": "..."}`. */
export function sendError(reply: FastifyReply, status: number, error: string, message?: string): FastifyReply {
  const body: ErrorBody = message === undefined ? { error } : { error, message };
  return reply.code(status).send(body);
}

/** 404 `{"error":"Session ID not found"}`, what platform clients expect for unknown or expired sessions. */
export function sendSessionNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, SESSION_NOT_FOUND);
}

/** Plain-text replies the platform sends (`Bad request!`, `Not Found`). */
function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/** Sends a reply planned by `../decisions.ts`: a string body is the platform's plain text. */
export function sendPlanned(reply: FastifyReply, planned: Planned): FastifyReply {
  if (typeof planned.body === 'string') return sendText(reply, planned.status, planned.body);
  return reply.code(planned.status).send(planned.body);
}

/** Marks a body-parsing failure so the error handler reports it as validation. */
export class BodyParseError extends Error {
  readonly statusCode = 400;
  override readonly name = 'BodyParseError';
}

export function installErrorHandling(app: FastifyInstance, limits: { bodyBytes: number; mapBodyBytes: number }): void {
  app.setNotFoundHandler((request, reply) => {
    sendError(reply, 404, 'Not Found', `Cannot ${request.method} ${request.url.split('?')[0]}`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BodyParseError) return sendValidation(reply, [error.message]);
    if (error instanceof ServiceError) {
      // Written for the client (a full disk, a damaged session); the operator also gets it in the log.
      request.log.warn({ err: error }, 'request failed');
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.title, error.message);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return sendError(
        reply,
        413,
        'Payload Too Large',
        `Request bodies are limited to ${limits.bodyBytes} bytes (${limits.mapBodyBytes} bytes for POST /maps).`,
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendValidation(reply, [error.message]);
    // A bug: report it without internals, keep it in the log when logging is on.
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Internal Server Error', 'The server failed to handle this request; nothing was changed.');
  });
}
