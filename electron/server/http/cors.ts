/**
 * Cross-origin access for browser clients such as evidence viewers. No cookies are used: every
 * credential is a header the caller sets, so a wildcard origin grants nothing by itself.
 */
import type { FastifyInstance } from 'fastify';

const ALLOWED_HEADERS = 'Content-Type, Accept, Authorization, X-API-Key, x-evidence-key, x-interaction-key, x-rainbird-engine, Version';

export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    done();
  });
  app.options('/*', (_request, reply) => {
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });
}
