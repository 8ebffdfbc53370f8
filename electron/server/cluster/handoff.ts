/**
 * The public port of a `lapwing serve --workers N` cluster. The primary listens on it for the
 * cluster's whole life and hands each accepted connection to the next worker that listens (round
 * robin), over the worker's IPC channel; the worker serves it on its own HTTP server. No worker
 * ever binds the port, so a dead worker (or all of them at once) never lets it go, and another
 * process can never take it between a worker's death and its replacement.
 */
import type { Server as HttpServer } from 'node:http';
import { createServer as createNetServer, Socket, type Server as NetServer } from 'node:net';
import { z } from 'zod';

const HandedConnectionSchema = z.object({ kind: z.literal('lapwing-connection') });
const HANDED_CONNECTION: z.infer<typeof HandedConnectionSchema> = { kind: 'lapwing-connection' };

/** Connections held while no worker listens (all died at once); beyond this they are refused. */
const MAX_WAITING = 1024;

/** What the primary needs of a worker process (`node:cluster`'s `Worker`). */
interface Receiver {
  isConnected(): boolean;
  send(message: unknown, handle: Socket, options: { keepOpen: boolean }, callback: (error: Error | null) => void): boolean;
}

interface ClusterPort {
  /** The port listened on (the kernel's pick when asked for 0). */
  readonly port: number;
  /** Hands connections to `worker` from now on (once it listens). */
  serveThrough(worker: Receiver): void;
  /** Stops handing connections to `worker` (it exited or is stopping). */
  drop(worker: Receiver): void;
  /** Stops listening; connections still waiting for a worker are closed. */
  close(): Promise<void>;
}

/**
 * Listens on `host`:`port` (0: a free port) in the primary. Rejects with Node's listen error
 * (`code` EADDRINUSE and so on) when the port cannot be had.
 */
export async function listenForCluster(host: string, port: number, log: (line: string) => void): Promise<ClusterPort> {
  // Paused: the primary never reads a byte; `noDelay` is a socket option, kept when handed over.
  const listener: NetServer = createNetServer({ pauseOnConnect: true, noDelay: true });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen({ host, port }, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  // After listening, an error is a failed accept (too many open files, say): the port stays held.
  listener.on('error', (error) => log(`accepting a connection failed: ${error.message}`));
  const address = listener.address();
  const bound = typeof address === 'object' && address ? address.port : port;

  const receivers: Receiver[] = [];
  const waiting: Socket[] = [];
  let turn = 0;

  const handOver = (socket: Socket): void => {
    const live = receivers.filter((receiver) => receiver.isConnected());
    if (live.length === 0) {
      if (waiting.length < MAX_WAITING) waiting.push(socket);
      else socket.destroy();
      return;
    }
    const receiver = live[turn++ % live.length];
    // A worker that died before the primary heard of it cannot take the connection: the client
    // sees it closed, as when a worker dies holding it.
    receiver?.send(HANDED_CONNECTION, socket, { keepOpen: false }, (error) => {
      if (error) socket.destroy();
    });
  };

  listener.on('connection', (socket: Socket) => {
    // A client that gives up while its connection waits must not take the primary down.
    socket.on('error', () => socket.destroy());
    handOver(socket);
  });

  return {
    port: bound,
    serveThrough(worker) {
      if (!receivers.includes(worker)) receivers.push(worker);
      waiting.splice(0).forEach(handOver);
    },
    drop(worker) {
      const index = receivers.indexOf(worker);
      if (index >= 0) receivers.splice(index, 1);
    },
    close() {
      waiting.splice(0).forEach((socket) => socket.destroy());
      // Resolves once the workers closed the connections handed to them (or died).
      return new Promise((resolve) => listener.close(() => resolve()));
    },
  };
}

/**
 * In a worker: serves the connections the primary hands over on `server`, which must listen
 * (anywhere: a worker's listens on its private socket) so that Node applies its request timeouts
 * to them. Returns a function that stops taking them.
 */
export function acceptHandedConnections(server: HttpServer): () => void {
  const onMessage = (message: unknown, handle: unknown): void => {
    if (!HandedConnectionSchema.safeParse(message).success || !(handle instanceof Socket)) return;
    if (server.listening) server.emit('connection', handle);
    else handle.destroy();
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}
