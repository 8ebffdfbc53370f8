/**
 * Running real system services (PostgreSQL, nginx) for tests and benchmarks: free loopback
 * ports, temporary folders, and running a program as an unprivileged user when we are root
 * (initdb and postgres refuse to run as root, as on CI).
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A port free on 127.0.0.1 now, for a service that binds it later (PostgreSQL after initdb, nginx, a
 * `--port` given to a process that still has to start, a server paused and resumed on its port).
 * Picked below the kernel's ephemeral range: a port from that range (the kernel's pick for port 0)
 * can be handed to any outgoing connection or `listen(0)` on the machine in the seconds before the
 * service binds it, and on a busy shared machine it sometimes was.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralRangeStart();
  const lowest = Math.min(15_000, below - 1_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = lowest + randomInt(below - lowest);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found between ${lowest} and ${below} on 127.0.0.1`);
}

/** The first port of the kernel's ephemeral range (Linux's default when it cannot be read). */
function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The user to run a service as: ourselves, or (as root) `postgres` if it exists, else `nobody`. */
export async function serviceUser(): Promise<{ name: string; uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
      return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    } catch {
      // Not on this machine; try the next.
    }
  }
  return undefined;
}

/** A new temporary folder the service user owns. */
export function serviceFolder(prefix: string, user: { uid: number; gid: number } | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

/** Runs a program (as the service user when root) and returns its output; throws with stderr when it fails. */
export async function runAs(
  user: { name: string } | undefined,
  program: string,
  args: readonly string[],
): Promise<{ stdout: string; stderr: string }> {
  const [file, argv] = user ? ['runuser', ['-u', user.name, '--', program, ...args]] : [program, [...args]];
  try {
    return await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${program} ${args.join(' ')} failed: ${detail || String(error)}`);
  }
}
