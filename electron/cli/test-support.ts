/**
 * Running the CLI in-process for tests, with its output captured.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
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
  /**
   * Resolves with the first match of `pattern` in stderr once it is written (stderr and stdout are
   * two pipes: a line written before the address may still arrive after it); rejects after `ms`.
   */
  untilStderr(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
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
  const untilStderr = (pattern: RegExp, ms = 30_000): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = pattern.exec(err);
        if (!match) return false;
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        resolve(match);
        return true;
      };
      const onData = (): void => void check();
      const timer = setTimeout(() => {
        child.stderr?.off('data', onData);
        reject(new Error(`lapwing serve did not write ${String(pattern)} to stderr within ${ms} ms: ${err}`));
      }, ms);
      if (!check()) child.stderr?.on('data', onData);
    });
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
      if (url) resolve({ child, url, stderr: () => err, untilStderr, stop });
    });
    child.on('exit', (code) => reject(new Error(`lapwing serve exited with ${code} before listening: ${err}`)));
  });
}

/** The worker processes of a `serve --workers N` cluster (the primary's children running lapwing), by `ps`. */
export function workerPids(primary: ServeProcess): number[] {
  return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(primary.child.pid)])
    .toString()
    .split('\n')
    .filter((line) => line.includes('lapwing.mjs'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0);
}
