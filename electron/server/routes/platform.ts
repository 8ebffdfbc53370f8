/** `GET /version` (plain-text semver, no key) and `GET /openapi.json`. */
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../openapi/document';
import { ENGINE_VERSION } from '../version';

export function platformRoutes(app: FastifyInstance): void {
  app.get('/version', (_request, reply) => reply.type('text/plain; charset=utf-8').send(ENGINE_VERSION));

  let document: unknown;
  app.get('/openapi.json', () => {
    document ??= buildOpenApiDocument();
    return document;
  });
}
