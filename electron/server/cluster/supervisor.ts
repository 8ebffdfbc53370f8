/**
 * The primary process of `lapwing serve --workers N`: prepares the database once, listens on the
 * port for the cluster's whole life (`handoff.ts`), forks N worker processes (each a full server
 * that takes its connections from the primary), waits until all listen, replaces a worker that
 * dies, and stops them all on request.
 *
 * Workers share the SQLite file (WAL mode allows one writer at a time and readers alongside);
 * each session lives in the memory of the worker that owns it (see `forwarding.ts`).
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { openServerDatabase } from '../database';
import { serverDatabaseFile } from '../options';
import { listenForCluster } from './handoff';
import { CLUSTER_ENV, type ClusterMember } from './member';

/** What a worker tells the primary once it listens. */
const WorkerListeningSchema = z.object({ kind: z.literal('lapwing-worker-listening'), url: z.string() });

export function listeningMessage(url: string): z.infer<typeof WorkerListeningSchema> {
  return { kind: 'lapwing-worker-listening', url };
}

interface ClusterOptions {
  readonly workers: number;
  /** Where the cluster listens (`--host`, `--port`; port 0: a free one, held for the cluster's life). */
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
  // Bound before any worker starts and held until the cluster stops, whatever its workers do.
  const publicPort = await listenForCluster(options.host, options.port, options.log);
  const port = publicPort.port;
  const socketDir = mkdtempSync(join(tmpdir(), 'lapwing-cluster-'));
  const secret = randomBytes(32).toString('hex');
  const sockets = Array.from({ length: options.workers }, (_, index) => join(socketDir, `worker-${index}.sock`));
  const workers: (Worker | undefined)[] = [];
  let stopping = false;

  const fork = (index: number, replacing = false): Promise<string> => {
    const member: ClusterMember = { index, workers: options.workers, sockets, secret, port };
    const worker = cluster.fork({ [CLUSTER_ENV]: JSON.stringify(member), LAPWING_API_KEY: options.apiKey });
    workers[index] = worker;
    return new Promise((resolve, reject) => {
      let listening = false;
      worker.on('message', (message: unknown) => {
        const parsed = WorkerListeningSchema.safeParse(message);
        if (!parsed.success) return;
        listening = true;
        if (!stopping) publicPort.serveThrough(worker);
        if (replacing) options.log(`worker ${index} replaced; listening on ${parsed.data.url}`);
        resolve(parsed.data.url);
      });
      worker.on('disconnect', () => publicPort.drop(worker));
      worker.on('exit', (code, signal) => {
        publicPort.drop(worker);
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
    // No new connections from here; the port is let go once the workers closed the ones they hold.
    const closed = publicPort.close();
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
    await closed;
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
