/**
 * Request body parsing: every body is read as JSON whatever its content type (clients differ),
 * and an empty body is "no body" (the undo endpoint ignores its body, and some clients send none).
 */
import type { FastifyInstance } from 'fastify';
import { BodyParseError } from './errors';

export function installBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      done(new BodyParseError(`Request body is not valid JSON: ${reason}`), undefined);
    }
  });
}
