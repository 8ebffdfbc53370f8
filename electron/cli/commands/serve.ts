/**
 * `lapwing serve [--host 127.0.0.1] [--port N|0] [--data DIR] [--api-key KEY] [--workers N|auto] [--allowed-hosts A,B] [--map-cache-mb N]`:
 * the Decision API on this machine until SIGINT or SIGTERM. Prints `listening on http://HOST:PORT`
 * once ready. The key comes from `--api-key`, else `$LAPWING_API_KEY`; without either, one is
 * generated for the run and printed once on stderr. With `--workers N` (N > 1) the port is served
 * by N worker processes (`electron/server/cluster`): this process holds the port and hands them
 * its connections; the same command runs in each worker. `--map-cache-mb` (else
 * `$LAPWING_MAP_CACHE_MB`, else 256) bounds the memory of loaded maps in each process.
 * `LAPWING_MAPS_IN_WORKER=0` loads maps on the event loop instead of a worker thread (the
 * benchmark's peer; a large upload then holds up every request).
 * `--store postgres://USER@HOST:PORT/DB` (else `$LAPWING_STORE`) keeps the registry and the
 * session journals in PostgreSQL instead of the data folder's SQLite, so any number of instances
 * behind a load balancer share them (docs/deployment.md).
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import { parseHostList } from '../../server';
import type { CliContext } from '../io';
import { serverDataDir } from './data-dir';
import { parsePort, untilStopped } from './long-running';
import { reportingStoreErrors } from './store-errors';
import { parseStore, storeUrlOf } from './store-url';

interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly data?: string;
  readonly apiKey?: string;
  readonly log?: boolean;
  readonly workers: number;
  readonly allowedHosts?: string[];
  readonly mapCacheMb?: number;
  readonly store?: string;
}

const MAX_WORKERS = 64;

function parseWorkers(value: string): number {
  if (value === 'auto') return availableParallelism();
  const workers = Number(value);
  if (!/^\d+$/.test(value) || workers < 1 || workers > MAX_WORKERS)
    throw new InvalidArgumentError(`the number of workers is a whole number from 1 to ${MAX_WORKERS}, or "auto" (one per core)`);
  return workers;
}

function parseHosts(value: string): string[] {
  const names = parseHostList(value);
  if (names.length === 0) throw new InvalidArgumentError('list at least one host name, comma-separated (or "*" for any)');
  const bad = names.find((name) => !/^(\*|\[?[a-z0-9.:_-]+\]?)$/i.test(name));
  if (bad !== undefined) throw new InvalidArgumentError(`"${bad}" is not a host name`);
  return names;
}

/** `--allowed-hosts`, else `$LAPWING_ALLOWED_HOSTS`, else none (the loopback names only). */
function allowedHostsOf(options: ServeOptions): string[] {
  return options.allowedHosts ?? parseHostList(process.env.LAPWING_ALLOWED_HOSTS ?? '');
}

const MAP_CACHE_HINT = 'the map cache size is a whole number of MiB from 1 to 1048576';

function megabytes(value: string): number | undefined {
  const mb = Number(value);
  return /^\d+$/.test(value.trim()) && mb >= 1 && mb <= 1024 * 1024 ? mb : undefined;
}

function parseMegabytes(value: string): number {
  const mb = megabytes(value);
  if (mb === undefined) throw new InvalidArgumentError(MAP_CACHE_HINT);
  return mb;
}

const MAPS_IN_WORKER_HINT = 'LAPWING_MAPS_IN_WORKER is 1 (load maps in a worker thread, the default) or 0 (on the event loop)';

/** `$LAPWING_MAPS_IN_WORKER`: `{}` when unset, the option when 0 or 1, undefined when it is neither. */
function mapsInWorkerFromEnv(): { loadMapsInWorker?: boolean } | undefined {
  const raw = process.env.LAPWING_MAPS_IN_WORKER?.trim();
  if (raw === undefined || raw === '') return {};
  if (raw === '0' || raw === '1') return { loadMapsInWorker: raw === '1' };
  return undefined;
}

function parseKey(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('the API key must not be empty');
  return value.trim();
}

/** Node's error for a port that cannot be listened on, as one line naming it; undefined for any other error. */
function listenProblem(error: unknown, host: string, port: number): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use; stop what listens there, or choose another --port (0: a free one)`;
  if (code === 'EACCES')
    return `no permission to listen on port ${port} on ${host} (ports below 1024 need privileges); choose another --port`;
  if (code === 'EADDRNOTAVAIL') return `${host} is no address of this machine; choose another --host`;
  return undefined;
}

/** Registers `serve` on the program. */
export function registerServe(program: Command, context: CliContext): void {
  program
    .command('serve')
    .description('serve the Decision API from the embedded engine (maps from `lapwing map add`)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <n>', 'port to listen on (0: a free one)', parsePort, 3100)
    .option('--data <dir>', 'data folder (default: $LAPWING_DATA, else the app data folder the workbench uses too)')
    .option('--api-key <key>', 'the API key clients must send (default: $LAPWING_API_KEY, else generated)', parseKey)
    .option(
      '--allowed-hosts <names>',
      'host names clients may address besides localhost/127.0.0.1/[::1], comma-separated ("*": any; default: $LAPWING_ALLOWED_HOSTS)',
      parseHosts,
    )
    .option('--log', 'log requests to stderr (keys are never logged)')
    .option('--workers <n>', 'worker processes sharing the port ("auto": one per core)', parseWorkers, 1)
    .option('--map-cache-mb <n>', 'memory for loaded maps, in MiB (default: $LAPWING_MAP_CACHE_MB, else 256)', parseMegabytes)
    .option(
      '--store <url>',
      'keep maps and sessions in PostgreSQL, shared by every instance (default: $LAPWING_STORE, else SQLite in --data)',
      parseStore,
    )
    .action(
      reportingStoreErrors(context, async (options: ServeOptions) => {
        const { io } = context;
        /** Reports a port that cannot be listened on (exit code 1); false for any other error. */
        const cannotListen = (error: unknown): boolean => {
          const problem = listenProblem(error, options.host, options.port);
          if (problem === undefined) return false;
          io.err(`lapwing serve: ${problem}\n`);
          context.exitCode = 1;
          return true;
        };
        const fromEnv = process.env.LAPWING_MAP_CACHE_MB?.trim();
        const cacheMb = options.mapCacheMb ?? (fromEnv ? megabytes(fromEnv) : undefined);
        if (fromEnv && options.mapCacheMb === undefined && cacheMb === undefined) {
          io.err(`lapwing serve: LAPWING_MAP_CACHE_MB="${fromEnv}": ${MAP_CACHE_HINT}\n`);
          context.exitCode = 2;
          return;
        }
        const inWorker = mapsInWorkerFromEnv();
        if (inWorker === undefined) {
          io.err(`lapwing serve: LAPWING_MAPS_IN_WORKER="${process.env.LAPWING_MAPS_IN_WORKER ?? ''}": ${MAPS_IN_WORKER_HINT}\n`);
          context.exitCode = 2;
          return;
        }
        const cache = { ...inWorker, ...(cacheMb === undefined ? {} : { mapCacheBytes: cacheMb * 1024 * 1024 }) };
        let storeUrl: string | undefined;
        try {
          storeUrl = storeUrlOf(options.store);
        } catch (error) {
          io.err(`lapwing serve: ${error instanceof Error ? error.message : String(error)}\n`);
          context.exitCode = 2;
          return;
        }
        if (storeUrl !== undefined && options.workers > 1) {
          io.err(
            'lapwing serve: --workers shares one SQLite file; with PostgreSQL run one instance per core behind a load balancer instead (docs/deployment.md)\n',
          );
          context.exitCode = 2;
          return;
        }
        const { clusterMemberFromEnv } = await import('../../server/cluster');
        const member = clusterMemberFromEnv();
        if (member) {
          // A worker of `--workers N`: the primary reads the answer to "listening?" from a message.
          const [{ createServer }, { listeningMessage }] = await Promise.all([import('../../server'), import('../../server/cluster')]);
          const server = createServer({
            dataDir: serverDataDir(options.data),
            apiKeys: [process.env.LAPWING_API_KEY ?? ''],
            logger: options.log === true,
            allowedHosts: allowedHostsOf(options),
            cluster: member,
            ...cache,
          });
          try {
            const { url } = await server.listen({ host: options.host, port: member.port });
            const stopped = untilStopped();
            process.send?.(listeningMessage(url));
            await stopped;
          } finally {
            await server.close();
            process.disconnect?.();
          }
          return;
        }
        let apiKey = options.apiKey ?? process.env.LAPWING_API_KEY?.trim();
        if (!apiKey) {
          apiKey = randomUUID();
          io.err(`API key for this run (set --api-key or LAPWING_API_KEY to choose one): ${apiKey}\n`);
        }
        if (options.workers > 1) {
          const { startCluster } = await import('../../server/cluster');
          let running;
          try {
            running = await startCluster({
              workers: options.workers,
              host: options.host,
              port: options.port,
              dataDir: serverDataDir(options.data),
              apiKey,
              log: (line) => io.err(`${line}\n`),
            });
          } catch (error) {
            if (cannotListen(error)) return;
            throw error;
          }
          try {
            const stopped = untilStopped();
            io.out(`listening on ${running.url}\n`);
            io.err(`${options.workers} worker processes\n`);
            const signal = await stopped;
            io.err(`${signal}: stopping\n`);
          } finally {
            await running.stop();
          }
          return;
        }
        // Loaded on use: the server pulls in fastify and SQLite, which other commands do not need.
        const { createServer } = await import('../../server');
        const common = { apiKeys: [apiKey], logger: options.log === true, allowedHosts: allowedHostsOf(options), ...cache };
        let store: { close(): Promise<void> } | undefined;
        let server;
        if (storeUrl === undefined) {
          server = createServer({ dataDir: serverDataDir(options.data), ...common });
        } else {
          const { openPostgresStore } = await import('../../server/storage/postgres');
          const opened = await openPostgresStore(storeUrl);
          store = opened;
          server = createServer({ store: opened, ...common });
        }
        try {
          let url: string;
          try {
            ({ url } = await server.listen({ host: options.host, port: options.port }));
          } catch (error) {
            if (cannotListen(error)) return;
            throw error;
          }
          const stopped = untilStopped();
          io.out(`listening on ${url}\n`);
          const signal = await stopped;
          io.err(`${signal}: stopping\n`);
        } finally {
          await server.close();
          await store?.close();
        }
      }),
    );
}
