/**
 * The platform's map endpoints (shared/spec/api-wire.md §2.12): `POST /maps` adds a map from
 * its RBLang source (refused with its diagnostics when it has errors), and
 * `GET /analysis/file/{kmID}[?version=N]` returns a map's source (the draft without `version`).
 */
import type { FastifyInstance } from 'fastify';
import {
  CreateMapRequestSchema,
  MapFileQuerySchema,
  describeIssues,
  type CreateMapResponse,
  type MapFileResponse,
} from '../../common/decision-api';
import { requireApiKey, type ServerContext } from '../context';
import { sendError, sendValidation } from '../http/errors';
import { addLoadedMapTo, describeDiagnostic } from '../registry/add-map';

/** The only version of the map endpoints (header `Version`). */
const MAPS_API_VERSION = 'v1';

export function mapRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post('/maps', { bodyLimit: context.limits.mapBodyBytes }, async (request, reply) => {
    if (!requireApiKey(context, request, reply)) return reply;
    const version = request.headers.version;
    const given = (Array.isArray(version) ? version[0] : version)?.trim();
    if (given?.toLowerCase() !== MAPS_API_VERSION) {
      return sendValidation(reply, [
        given
          ? `Version: unsupported API version "${given}"; send "Version: ${MAPS_API_VERSION}".`
          : `Version: unsupported API version (header missing); send "Version: ${MAPS_API_VERSION}".`,
      ]);
    }
    const body = CreateMapRequestSchema.safeParse(request.body);
    if (!body.success) return sendValidation(reply, describeIssues(body.error));
    const loaded = await context.mapLoader.load(body.data.rblang, { check: true });
    const added = await addLoadedMapTo(context.registry, loaded, {
      source: body.data.rblang,
      name: body.data.name,
      ...(body.data.description === undefined ? {} : { description: body.data.description }),
    });
    if (!added.ok)
      return sendValidation(
        reply,
        added.diagnostics.map((diagnostic) => `rblang: ${describeDiagnostic(diagnostic)}`),
        added.diagnostics,
      );
    const created: CreateMapResponse = {
      id: added.map.id,
      kmID: added.map.id,
      ...(added.warnings.length > 0 ? { warnings: added.warnings.map(describeDiagnostic) } : {}),
    };
    return reply.code(201).send(created);
  });

  app.get<{ Params: { kmID: string } }>('/analysis/file/:kmID', async (request, reply) => {
    // A missing key is the platform's 403 NO_PERMISSION here; a wrong one is 401.
    if (!requireApiKey(context, request, reply, { missingIsForbidden: true })) return reply;
    const query = MapFileQuerySchema.safeParse(request.query);
    if (!query.success) return sendValidation(reply, describeIssues(query.error));
    const kmID = request.params.kmID.trim().toLowerCase();
    const version = await context.registry.resolve(
      kmID,
      query.data.version === undefined ? { kind: 'draft' } : { kind: 'number', number: query.data.version },
    );
    if (!version.ok)
      return sendError(reply, 404, version.error.kind === 'map-not-found' ? 'File not found' : "Can't find Version", version.error.message);
    const rblang = await context.registry.source(version.value.sourceId);
    if (rblang === undefined) return sendError(reply, 404, 'File not found');
    const body: MapFileResponse = { rblang };
    return body;
  });
}
