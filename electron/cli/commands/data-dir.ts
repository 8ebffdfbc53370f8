/** The data folder of `serve` and the `map` registry commands: the one the workbench uses too. */
// The light door: the server's front door would load fastify and the engine into every command.
import { openDataFolder } from '../../server/earlier-registry';

/**
 * `--data DIR`, else `$LAPWING_DATA`, else the platform's app-data folder for Lapwing (shared with
 * the workbench; see `server/data-folder.ts`). Adopts an earlier `~/.lapwing` registry once.
 */
export function serverDataDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const { folder, adopted } = openDataFolder(option, env);
  if (adopted) process.stderr.write(`${adopted}\n`);
  return folder;
}
