/**
 * Earlier releases kept two registries: the CLI's `~/.lapwing/server.sqlite` and the workbench's
 * `<userData>/engine/server.sqlite`. When the shared registry (`data-folder.ts`) does not exist
 * yet, the first of those found is copied into place (`VACUUM INTO`, a consistent copy; the old
 * file is left as it was, so nothing is lost and an older release still finds its own).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { copyDatabase } from '../store';
import { dataFolder, defaultDataFolder, registryFileOf } from './data-folder';

/** Where earlier releases kept a registry that belongs in `folder` now, most specific first. */
function earlierRegistries(folder: string, options: { readonly includeHome: boolean; readonly home?: string }): string[] {
  const within = join(folder, 'engine', 'server.sqlite');
  return options.includeHome ? [within, join(options.home ?? homedir(), '.lapwing', 'server.sqlite')] : [within];
}

/**
 * Copies the first existing earlier registry into `folder` when it has none yet. Returns what was
 * done, in words, or null. `includeHome`: also look at `~/.lapwing` (only for the default folder:
 * a `--data` folder is the user's explicit choice and never picks up another registry).
 */
export function adoptEarlierRegistry(folder: string, options: { readonly includeHome: boolean; readonly home?: string }): string | null {
  const target = registryFileOf(folder);
  if (existsSync(target)) return null;
  const earlier = earlierRegistries(folder, options).find((file) => existsSync(file));
  if (!earlier) return null;
  mkdirSync(folder, { recursive: true });
  copyDatabase(earlier, target);
  return `Copied the map registry of ${earlier} to ${target} (the CLI and the workbench now share it; the old file is unchanged).`;
}

/** The data folder for this run, with an earlier registry adopted into it when needed. */
export function openDataFolder(
  option?: string,
  env: NodeJS.ProcessEnv = process.env,
): { readonly folder: string; readonly adopted: string | null } {
  const folder = dataFolder(option, env);
  const isDefault = folder === defaultDataFolder(process.platform, env);
  return { folder, adopted: adoptEarlierRegistry(folder, { includeHome: isDefault }) };
}
