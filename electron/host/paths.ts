/** Where things are: the project root, the built renderer, the user data folder. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The server's light door: the workbench's front door would load the engine and the whole workbench
// before browser mode can serve its page (it starts the workbench behind the page instead).
import { dataFolder } from '../server/data-folder';

/** The project root (holding package.json, `resources/`, `out/`), from this file's location. */
export function defaultAppRoot(): string {
  return resolve(fileURLToPath(new URL('../..', import.meta.url)));
}

/** `out/renderer` under the app root, where `electron-vite build` writes the renderer. */
export function rendererDirOf(appRoot: string): string {
  return join(appRoot, 'out', 'renderer');
}

/**
 * `$LAPWING_DATA`, else the folder Electron uses as `userData` for an app named `lapwing`, so
 * browser mode, the desktop app and the CLI share maps, environments and saved consultations.
 */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  return dataFolder(undefined, env, platform);
}
