/** The data folder of `serve` and the `map` registry commands: the one the workbench uses too. */
import { openDataFolder } from '../../server';

/**
 * `--data DIR`, else `$LAPWING_DATA`, else the platform's app-data folder for Lapwing (shared with
 * the workbench; see `server/data-folder.ts`). Adopts an earlier `~/.lapwing` registry once.
 */
export function serverDataDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const { folder, adopted } = openDataFolder(option, env);
  if (adopted) process.stderr.write(`${adopted}\n`);
  return folder;
}
