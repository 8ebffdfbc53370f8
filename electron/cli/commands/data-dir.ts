/** The server's data folder for `serve` and the `map` registry commands. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `--data DIR`, else `$LAPWING_DATA`, else `~/.lapwing`. */
export function serverDataDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option !== undefined && option.trim() !== '') return resolve(option);
  const fromEnv = env.LAPWING_DATA;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return resolve(fromEnv);
  return join(homedir(), '.lapwing');
}
