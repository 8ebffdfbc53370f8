/**
 * Running real system services (PostgreSQL, nginx) for tests and benchmarks: free loopback
 * ports, temporary folders, and running a program as an unprivileged user when we are root
 * (initdb and postgres refuse to run as root, as on CI).
 */
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A port free on 127.0.0.1 right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
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
