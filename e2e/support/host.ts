/**
 * Browser mode for one test: `lapwing web` on a fresh temp data dir and a free port, stopped (by
 * its own pid) and cleaned up afterwards. The host binds port 0 itself and prints its address: a
 * port probed here and passed on could be taken by another process while the host starts. Its
 * output is kept so tests can check what it logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const READY = /Lapwing \(browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/)/;

export interface RunningLapwing {
  readonly url: string;
  readonly dataDir: string;
  /** Everything the host printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else child.once('exit', () => resolveExit());
  });
}

export async function startLapwing(options: { timeoutMs?: number } = {}): Promise<RunningLapwing> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lapwing-e2e-'));
  const child = spawn(process.execPath, [join(root, 'bin', 'lapwing.mjs'), 'web', '--port', '0', '--data', dataDir, '--no-open'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`lapwing web did not start within ${options.timeoutMs ?? 60_000} ms. Output:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const check = (): void => {
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`lapwing web exited (${signal ?? `code ${code}`}) before it was ready. Output:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { url, dataDir, output: () => output, stop };
}
