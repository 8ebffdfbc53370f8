/**
 * Running the CLI in-process for tests, with its output captured.
 */
import { fileURLToPath } from 'node:url';
import type { CliIO } from './io';
import { main } from './main';

export interface Run {
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
