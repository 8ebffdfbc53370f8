/** Where things are: the project root, the built renderer, the user data folder. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (holding package.json, `resources/`, `out/`), from this file's location. */
export function defaultAppRoot(): string {
  return resolve(fileURLToPath(new URL('../..', import.meta.url)));
}

/** `out/renderer` under the app root, where `electron-vite build` writes the renderer. */
export function rendererDirOf(appRoot: string): string {
  return join(appRoot, 'out', 'renderer');
}

/**
 * The folder Electron uses as `userData` for an app named `lapwing`, so browser mode and the
 * desktop app share environments and saved consultations.
 */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'lapwing');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'lapwing');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'lapwing');
}
