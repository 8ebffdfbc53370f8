/**
 * The Decision API server: a fastify app over the engine, the map registry and the session
 * journals. `createServer` wires everything; `listen` binds it (port 0 picks a free port).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as engine from '../engine';
import type { SqliteDatabase } from '../store';
import { ApiKeys } from './auth';
import { installClusterRouting } from './cluster/forwarding';
import { ownerOf } from './cluster/ownership';
import type { ServerContext } from './context';
import { openServerDatabase } from './database';
import { decisionService, type DecisionService } from './decisions';
import { installBodyParsing } from './http/body';
import { installCors } from './http/cors';
import { installErrorHandling } from './http/errors';
import { installHostCheck } from './http/host-check';
import { NO_SCHEMA_COMPILERS } from './http/no-schema-compilers';
import { installKeyBeforeBody } from './http/key-first';
import { installNativeDigest } from './native-digest';
import { parseQueryString } from './http/query-string';
import { DAY_MS, DEFAULT_LIMITS, serverDatabaseFile, type ServerLimits, type ServerOptions } from './options';
import type { MapRegistry } from './registry/registry';
import { analysisRoutes } from './routes/analysis';
import { consultationRoutes } from './routes/consultation';
import { mapRoutes } from './routes/maps';
import { nlRoutes } from './routes/nl';
import { platformRoutes } from './routes/platform';
import { defaultMapLoader, inThreadMapLoader } from './maps-worker/map-loader';
import { LoadedMaps } from './sessions/loaded-maps';
import { alarmFromEnv, retentionFromEnv } from './sessions/journal-settings';
import { SessionManager } from './sessions/manager';
import { sqliteServerStore } from './storage/sqlite';
import type { RegistryStore, ServerStore } from './storage/types';

/**
 * A running server. `registry` is the synchronous SQLite registry (what the CLI and workbench
 * use), or, on a store passed in (PostgreSQL), that store's asynchronous registry.
 */
export interface LapwingServer<Registry = MapRegistry> {
  readonly app: FastifyInstance;
  readonly registry: Registry;
  readonly store: ServerStore;
  readonly sessions: SessionManager;
  /**
   * The consultation and evidence calls for callers in this process (the embedded engine's case
   * runs): the functions the HTTP routes call, without a socket. Works whether or not it listens.
   */
  readonly decisions: DecisionService;
  /** Binds to `host` (default 127.0.0.1) and `port` (default 0: any free port); resolves with the base URL. */
  listen(options?: { host?: string; port?: number }): Promise<{ url: string; host: string; port: number }>;
  /** Stops listening, ends the sweep timer and closes the database (unless it or the store was passed in). */
  close(): Promise<void>;
}

/** Listen addresses that are no host name a client would send. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/** Headers never written to a log, whatever the logger settings. */
const REDACTED = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-evidence-key"]',
  'req.headers["x-interaction-key"]',
];

/** One line per problem the operator must know about, whether or not requests are logged. */
function reportToStderr(message: string, error?: unknown): void {
  const detail = error instanceof Error ? `: ${error.message}` : '';
  process.stderr.write(`lapwing: ${message}${detail}\n`);
}

function openDb(options: ServerOptions): { db: SqliteDatabase; owned: boolean } {
  if (options.db) return { db: options.db, owned: false };
  if (!options.dataDir) throw new Error('createServer needs dataDir or db');
  return { db: openServerDatabase(serverDatabaseFile(options.dataDir)), owned: true };
}

/** The storage: the one passed in, else SQLite in the data folder (or the database passed in). */
function openStore(options: ServerOptions, clock: () => number): { store: ServerStore; sqlite?: MapRegistry } {
  if (options.store) return { store: options.store };
  const { db, owned } = openDb(options);
  const store = sqliteServerStore(db, clock, () => {
    if (owned) db.close();
  });
  return { store, sqlite: store.registry.registry };
}

export function createServer(options: ServerOptions & { readonly store: ServerStore }): LapwingServer<RegistryStore>;
export function createServer(options: ServerOptions): LapwingServer;
export function createServer(options: ServerOptions): LapwingServer<MapRegistry | RegistryStore> {
  installNativeDigest();
  const apiKeys = new ApiKeys(options.apiKeys);
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const enginePort = options.engine ?? engine;
  const { store, sqlite } = openStore(options, clock);
  const journalAlarm = options.journalAlarmBytes === undefined ? alarmFromEnv() : options.journalAlarmBytes || undefined;
  const member = options.cluster;

  const registry = store.registry;
  const inWorker = options.loadMapsInWorker ?? options.engine === undefined;
  const mapLoader = inWorker && options.engine === undefined ? defaultMapLoader(enginePort) : inThreadMapLoader(enginePort);
  const maps = new LoadedMaps(registry, mapLoader, options.mapCacheBytes);
  const sessions = new SessionManager({
    store: store.journal,
    maps,
    engine: enginePort,
    clock,
    idleMs: options.sessionIdleMs ?? DAY_MS,
    retentionMs: options.sessionRetentionMs ?? retentionFromEnv(),
    maxLive: options.maxLiveSessions ?? 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(member ? { ownsSession: (id: string) => ownerOf(id, member.workers) === member.index } : {}),
    report: options.report ?? reportToStderr,
    ...(journalAlarm === undefined ? {} : { journalAlarmBytes: journalAlarm }),
  });
  const context: ServerContext = { registry, sessions, maps, engine: enginePort, mapLoader, apiKeys, limits, clock };

  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          redact: { paths: REDACTED, censor: '[redacted]' },
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        }
      : false,
    bodyLimit: limits.bodyBytes,
    // Slow clients are cut off: a request (headers and body) must arrive within requestTimeoutMs,
    // and a connection silent for idleTimeoutMs is closed. Node checks the request deadline every
    // connectionsCheckingInterval, so that is kept well below it.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(limits.requestTimeoutMs / 4))),
    },
    // Session and fact IDs can be long; the default 100 would cut a 64-hex fact ID path.
    routerOptions: { maxParamLength: 500, querystringParser: parseQueryString },
    schemaController: { compilersFactory: NO_SCHEMA_COMPILERS },
  });
  // The listen address joins the allowed names once `listen` knows it.
  const hostCheck = installHostCheck(app, options.allowedHosts ?? []);
  installKeyBeforeBody(app, context);
  installBodyParsing(app);
  installErrorHandling(app, limits);
  if (options.cors ?? true) installCors(app);
  const clusterRouting = member ? installClusterRouting(app, sessions, member) : undefined;
  platformRoutes(app);
  consultationRoutes(app, context);
  analysisRoutes(app, context);
  mapRoutes(app, context);
  nlRoutes(app, context, options.nlProvider ? { provider: options.nlProvider } : {});

  const sweepEvery = options.sweepIntervalMs ?? 10 * 60 * 1000;
  const sweeper = setInterval(() => {
    sessions.sweep().catch((error: unknown) => app.log.error({ err: error }, 'session sweep failed'));
  }, sweepEvery);
  sweeper.unref();

  let closed = false;
  return {
    app,
    registry: sqlite ?? registry,
    store,
    sessions,
    decisions: decisionService(context),
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? '127.0.0.1';
      if (!WILDCARD_ADDRESSES.has(host)) hostCheck.allow(host);
      let port: number;
      if (clusterRouting && member) {
        // A cluster worker: the primary holds the cluster's port and hands connections over.
        await clusterRouting.listen();
        port = member.port;
      } else {
        await app.listen({ host, port: listenOptions.port ?? 0 });
        const address = app.server.address();
        port = typeof address === 'object' && address ? address.port : (listenOptions.port ?? 0);
      }
      const shown = host.includes(':') ? `[${host}]` : host;
      return { url: `http://${shown}:${port}`, host, port };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      clusterRouting?.close();
      await app.close();
      await mapLoader.close();
      await sessions.flush();
      if (!options.store) await store.close();
    },
  };
}
