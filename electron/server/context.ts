/** What route modules share: the registry, the sessions, the engine, keys and limits. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeys } from './auth';
import type { EnginePort } from './engine-port';
import { sendError } from './http/errors';
import type { MapLoader } from './maps-worker/map-loader';
import type { ServerLimits } from './options';
import type { RegistryStore } from './storage/types';
import type { LoadedMaps } from './sessions/loaded-maps';
import type { SessionManager } from './sessions/manager';

export interface ServerContext {
  readonly registry: RegistryStore;
  readonly sessions: SessionManager;
  /** Loaded maps per stored source, shared by everything that needs a session's map. */
  readonly maps: LoadedMaps;
  readonly engine: EnginePort;
  /** Loads map text off the event loop (see `maps-worker`): use it, not `engine.loadMap`, in request handlers. */
  readonly mapLoader: MapLoader;
  readonly apiKeys: ApiKeys;
  readonly limits: ServerLimits;
  readonly clock: () => number;
}

/** A reply decided inside a session's queue and sent after it. */
export interface Planned {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Checks the user key; on failure sends 401 and returns false. `missingStatus` lets
 * `/analysis/file` answer a missing key with the platform's 403 `NO_PERMISSION`.
 */
export function requireApiKey(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { missingIsForbidden?: boolean } = {},
): boolean {
  const check = context.apiKeys.check(request.headers);
  if (check === 'valid') return true;
  if (check === 'missing' && options.missingIsForbidden) {
    sendError(reply, 403, 'NO_PERMISSION', 'Send your API key in the X-API-Key header.');
  } else if (check === 'missing') {
    sendError(reply, 401, 'Unauthorized', 'Send your API key in the X-API-Key header (or as the user name of Basic authentication).');
  } else {
    sendError(reply, 401, 'Unauthorized', 'The API key is not valid.');
  }
  return false;
}

/** ISO 8601 to the second, as the platform writes `versionCreated` (`2025-07-09T14:27:22Z`). */
export function isoSeconds(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
