/**
 * The one data folder the CLI (`lapwing map …`, `lapwing serve`) and the workbench (desktop and
 * browser mode) share, so a map added on the command line shows in the workbench and the other
 * way round. The registry is `server.sqlite` in it, beside the workbench's `workbench.sqlite`.
 *
 * Where: `--data DIR`, else `$LAPWING_DATA`, else the platform's app-data folder for `lapwing`
 * (the folder Electron uses as `userData` for this app): `%APPDATA%\lapwing`, `~/Library/Application
 * Support/lapwing`, `$XDG_CONFIG_HOME/lapwing` (default `~/.config/lapwing`).
 *
 * Earlier releases kept two registries: the CLI's `~/.lapwing/server.sqlite` and the workbench's
 * `<userData>/engine/server.sqlite`. When the shared registry does not exist yet, the first of
 * those found is copied into place (`VACUUM INTO`, a consistent copy; the old file is left as it
 * was, so nothing is lost and an older release still finds its own).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { copyDatabase } from '../store';

/** The platform's app-data folder for Lapwing (Electron's `userData` for an app named `lapwing`). */
export function defaultDataFolder(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'lapwing');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'lapwing');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'lapwing');
}

/** `option` (a `--data` flag), else `$LAPWING_DATA`, else the platform default. */
export function dataFolder(option?: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (option !== undefined && option.trim() !== '') return resolve(option);
  const fromEnv = env.LAPWING_DATA;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return resolve(fromEnv);
  return defaultDataFolder(platform, env);
}

/** The registry (and session journals) of a data folder. */
export function registryFileOf(folder: string): string {
  return join(folder, 'server.sqlite');
}

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
