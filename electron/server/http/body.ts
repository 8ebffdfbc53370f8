/**
 * Request body parsing: every body is read as JSON whatever its content type (clients differ),
 * and an empty body is "no body" (the undo endpoint ignores its body, and some clients send none).
 * Bodies nested deeper than {@link MAX_JSON_DEPTH} are refused with a 400 before they are parsed.
 * The text as received is kept, so a cluster worker forwards it unchanged instead of
 * re-serialising the parsed value.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BodyParseError } from './errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../common/decision-api';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The body text of a request as the client sent it (undefined when it had none). */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}

export function installBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new BodyParseError(`Request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      rawBodies.set(request, text);
      done(null, parsed);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      done(new BodyParseError(`Request body is not valid JSON: ${reason}`), undefined);
    }
  });
}
