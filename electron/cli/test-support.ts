/**
 * Running the CLI in-process for tests, with its output captured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIO } from './io';
import { main } from './main';

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** `main(argv)` with stdout and stderr captured. */
export async function run(...argv: string[]): Promise<Run> {
  let out = '';
  let err = '';
  const io: CliIO = { out: (text) => void (out += text), err: (text) => void (err += text) };
  const code = await main(argv, io);
  return { code, out, err };
}

/** Absolute path of the project root. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Absolute path of a loader fixture map. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../engine/loader/fixtures/${name}`, import.meta.url));
}

/** A `lapwing serve` started as its own process, as users run it. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `lapwing serve ARGS…` in a new Node process and resolves once it prints its URL; rejects if
 * it exits first. `nodeArgs` go to Node (e.g. `--cpu-prof`), `env` replaces the environment.
 */
export function startServeProcess(
  args: readonly string[],
  options: { nodeArgs?: readonly string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(projectRoot, 'bin/lapwing.mjs'), 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => void (err += chunk.toString()));
  const stop = (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)\n/.exec(out)?.[1];
      if (url) resolve({ child, url, stderr: () => err, stop });
    });
    child.on('exit', (code) => reject(new Error(`lapwing serve exited with ${code} before listening: ${err}`)));
  });
}
