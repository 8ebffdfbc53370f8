/**
 * The one data folder the CLI (`lapwing map …`, `lapwing serve`) and the workbench (desktop and
 * browser mode) share, so a map added on the command line shows in the workbench and the other
 * way round. The registry is `server.sqlite` in it, beside the workbench's `workbench.sqlite`.
 *
 * Where: `--data DIR`, else `$LAPWING_DATA`, else the platform's app-data folder for `lapwing`
 * (the folder Electron uses as `userData` for this app): `%APPDATA%\lapwing`, `~/Library/Application
 * Support/lapwing`, `$XDG_CONFIG_HOME/lapwing` (default `~/.config/lapwing`).
 *
 * Only paths here: browser mode's host finds the folder before it serves the page, without loading
 * SQLite (adopting an earlier registry is in `earlier-registry.ts`).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

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
