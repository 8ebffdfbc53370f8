/**
 * The primary process of `lapwing serve --workers N`: prepares the database once, forks N worker
 * processes (each a full server sharing the port through `node:cluster`), waits until all listen,
 * replaces a worker that dies, and stops them all on request.
 *
 * Workers share the SQLite file (WAL mode allows one writer at a time and readers alongside);
 * each session lives in the memory of the worker that owns it (see `forwarding.ts`).
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServerDatabase } from '../database';
import { serverDatabaseFile } from '../options';
import { CLUSTER_ENV, type ClusterMember } from './member';

/** What a worker tells the primary once it listens. */
interface WorkerListening {
  readonly kind: 'lapwing-worker-listening';
  readonly url: string;
}

export function listeningMessage(url: string): WorkerListening {
  return { kind: 'lapwing-worker-listening', url };
}

function isWorkerListening(message: unknown): message is WorkerListening {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === 'lapwing-worker-listening' &&
    typeof (message as { url?: unknown }).url === 'string'
  );
}

interface ClusterOptions {
  readonly workers: number;
  /** Where the workers listen (`--host`, `--port`; port 0: a free one, chosen once for the cluster's life). */
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Passed to the workers in their environment (they never read it from the command line). */
  readonly apiKey: string;
  /** Notes for the operator (a worker replaced). */
  readonly log: (line: string) => void;
}

interface RunningCluster {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  if (!cluster.isPrimary) throw new Error('startCluster runs in the primary process only');
  // Migrations run once here, not raced by N workers opening a new file together.
  openServerDatabase(serverDatabaseFile(options.dataDir)).close();
  const socketDir = mkdtempSync(join(tmpdir(), 'lapwing-cluster-'));
  const secret = randomBytes(32).toString('hex');
  const sockets = Array.from({ length: options.workers }, (_, index) => join(socketDir, `worker-${index}.sock`));
  const workers: (Worker | undefined)[] = [];
  let stopping = false;
  // Every worker, first or replacement, listens on one concrete port. With port 0, workers asking
  // for "any port" share one handle only while one of them lives, and a replacement asking for the
  // port in use collides with that handle (EADDRINUSE): so the primary picks the free port once.
  const port = options.port === 0 ? await freePort(options.host) : options.port;

  const fork = (index: number, replacing = false): Promise<string> => {
    const member: ClusterMember = { index, workers: options.workers, sockets, secret, port };
    const worker = cluster.fork({ [CLUSTER_ENV]: JSON.stringify(member), LAPWING_API_KEY: options.apiKey });
    workers[index] = worker;
    return new Promise((resolve, reject) => {
      let listening = false;
      worker.on('message', (message: unknown) => {
        if (!isWorkerListening(message)) return;
        listening = true;
        if (replacing) options.log(`worker ${index} replaced; listening on ${message.url}`);
        resolve(message.url);
      });
      worker.on('exit', (code, signal) => {
        if (workers[index] === worker) workers[index] = undefined;
        if (!listening) {
          reject(new Error(`worker ${index} exited before listening (${signal ?? `exit code ${code}`})`));
          return;
        }
        if (stopping) return;
        options.log(`worker ${index} exited (${signal ?? `exit code ${code}`}); starting a new one`);
        fork(index, true).catch((error: unknown) =>
          options.log(`worker ${index} could not be restarted: ${error instanceof Error ? error.message : String(error)}`),
        );
      });
    });
  };

  const stop = async (): Promise<void> => {
    stopping = true;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    rmSync(socketDir, { recursive: true, force: true });
  };

  try {
    const urls = await Promise.all(sockets.map((_, index) => fork(index)));
    return { url: urls[0] ?? '', stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A port free on `host` now (the kernel's pick for port 0, released at once for the workers to share). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen({ host, port: 0, exclusive: true }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error(`no free port on ${host}`))));
    });
  });
}
