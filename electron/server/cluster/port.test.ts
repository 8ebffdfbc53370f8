/**
 * `lapwing serve --workers 2 --port 0` holds the port it prints from the moment it prints it until
 * it stops, whatever its workers do: no other process can take it while a worker dies, or while
 * all of them are dead at once, and calls keep being answered on it by their replacements. A port
 * already taken is refused with a message naming it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, workerPids } from '../../cli/test-support';
import { WORKER_HEADER } from './forwarding';

const API_KEY = 'port-test-key-0000';

let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-port-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Tries to listen on 127.0.0.1:`port` from this process; resolves with the error code, or 'listened'. */
function tryToTake(port: number): Promise<string> {
  return new Promise((resolve) => {
    const intruder: Server = createServer();
    intruder.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    intruder.listen({ host: '127.0.0.1', port }, () => intruder.close(() => resolve('listened')));
  });
}

async function waitFor(condition: () => boolean, what: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `GET /version` on a new connection (generous: it may wait for a worker to start); the status and who answered. */
async function version(url: string): Promise<{ status: number; worker: string | null }> {
  const response = await fetch(`${url}/version`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(120_000) });
  await response.text();
  return { status: response.status, worker: response.headers.get(WORKER_HEADER) };
}

describe('lapwing serve --workers 2 --port 0', () => {
  it('holds the printed port until it stops, through the death of one worker and of both at once', async () => {
    const serve = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', API_KEY, '--workers', '2']);
    const port = Number(new URL(serve.url).port);
    try {
      expect(await tryToTake(port)).toBe('EADDRINUSE');
      const answeredBy = new Set<string | null>();
      for (let call = 0; call < 4; call++) {
        const reply = await version(serve.url);
        expect(reply.status).toBe(200);
        answeredBy.add(reply.worker);
      }
      // The primary hands connections to each worker in turn.
      expect([...answeredBy].sort()).toEqual(['0', '1']);

      // One worker killed: the port stays taken at once, and the other worker answers meanwhile.
      const [first] = workerPids(serve);
      process.kill(first ?? 0, 'SIGKILL');
      expect(await tryToTake(port)).toBe('EADDRINUSE');
      await serve.untilStderr(/worker \d exited \(SIGKILL\)/, 60_000);
      expect((await version(serve.url)).status).toBe(200);
      await waitFor(() => /worker \d replaced; listening on/.test(serve.stderr()), 'the replacement');
      expect(await tryToTake(port)).toBe('EADDRINUSE');

      // Both killed at once: no worker runs, and still no other process can take the port.
      const both = workerPids(serve);
      expect(both).toHaveLength(2);
      for (const pid of both) process.kill(pid, 'SIGKILL');
      expect(await tryToTake(port)).toBe('EADDRINUSE');
      await waitFor(() => (serve.stderr().match(/exited \(SIGKILL\)/g) ?? []).length === 3, 'the primary to see both exit');
      expect(await tryToTake(port)).toBe('EADDRINUSE');
      // A call made now, with no worker to take it, waits for a replacement and is answered.
      expect((await version(serve.url)).status).toBe(200);
      await waitFor(() => (serve.stderr().match(/replaced; listening on/g) ?? []).length === 3, 'both replacements');
      expect(serve.stderr().match(/replaced; listening on \S+/g)).toEqual(Array(3).fill(`replaced; listening on ${serve.url}`));
      for (let call = 0; call < 4; call++) expect((await version(serve.url)).status).toBe(200);
      expect(await tryToTake(port)).toBe('EADDRINUSE');
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    // Stopped: the port is free again.
    expect(await tryToTake(port)).toBe('listened');
  }, 300_000);

  it('refuses a port already in use, naming it, with or without workers', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      for (const workers of ['2', '1']) {
        const started = startServeProcess(['--port', String(port), '--data', dataDir, '--api-key', API_KEY, '--workers', workers]);
        await expect(started).rejects.toThrow(
          `exited with 1 before listening: lapwing serve: port ${port} on 127.0.0.1 is already in use; stop what listens there, or choose another --port (0: a free one)\n`,
        );
      }
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 120_000);
});
