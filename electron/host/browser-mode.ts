/**
 * Browser mode: the same workbench as the desktop app, served to the same renderer over HTTP on
 * 127.0.0.1 with a per-run token. Used by `lapwing web`, by `npm start` where Electron cannot run,
 * and by the end-to-end tests.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Keychain } from '../keychain';
import { createDefaultWorkbench } from '../workbench';
import { defaultAppRoot, defaultDataDir, rendererDirOf } from './paths';
import { startHost } from './server';

interface BrowserModeOptions {
  /** Default: the desktop app's user data folder. */
  readonly dataDir?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  readonly appRoot?: string;
  /** Default `<appRoot>/out/renderer`. */
  readonly rendererDir?: string;
  /** Tests only; the app uses the OS keychain. */
  readonly keychain?: Keychain;
}

interface BrowserMode {
  readonly url: string;
  readonly dataDir: string;
  /** False when `out/renderer/index.html` is missing (the page then says to run `npm run build`). */
  readonly rendererBuilt: boolean;
  /** Stops the HTTP server, then the workbench (embedded engine, store). */
  close(): Promise<void>;
}

/** Starts the workbench and serves it; resolves once both listen. */
export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<BrowserMode> {
  const appRoot = options.appRoot ?? defaultAppRoot();
  const dataDir = options.dataDir ?? defaultDataDir();
  const workbench = await createDefaultWorkbench({
    dataDir,
    appRoot,
    mode: 'browser',
    ...(options.keychain ? { keychain: options.keychain } : {}),
  });
  try {
    const rendererDir = options.rendererDir ?? rendererDirOf(appRoot);
    const host = await startHost({ dispatch: workbench.dispatch, rendererDir, port: options.port ?? 0 });
    return {
      url: host.url,
      dataDir,
      rendererBuilt: existsSync(join(rendererDir, 'index.html')),
      close: async () => {
        await host.close();
        await workbench.dispose();
      },
    };
  } catch (error) {
    await workbench.dispose();
    throw error;
  }
}

/** Opens `url` in the user's browser; false when no opener is available (headless machines). */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
