/**
 * Browser mode: the same workbench as the desktop app, served to the same renderer over HTTP on
 * 127.0.0.1 with a per-run token. Used by `lapwing web`, by `npm start` where Electron cannot run,
 * and by the end-to-end tests.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes } from '../common/ipc/transport';
import type { Keychain } from '../keychain';
import type { Dispatch, Workbench } from '../workbench';
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
  /** Resolves once the workbench (store, embedded engine) is up; rejects with why it could not start. */
  readonly ready: Promise<void>;
  /** Stops the HTTP server, then the workbench (embedded engine, store). */
  close(): Promise<void>;
}

/**
 * A dispatcher that waits for the workbench: calls made while it starts are answered once it is
 * up, and if it cannot start every call says why (the page shows it instead of the app).
 */
export function dispatchWhenReady(workbench: Promise<Workbench>): Dispatch {
  return async (method, payload) => {
    let ready: Workbench;
    try {
      ready = await workbench;
    } catch (error) {
      return {
        ok: false,
        error: {
          code: ErrorCodes.internal,
          message: `Lapwing could not start: ${error instanceof Error ? error.message : String(error)}`,
        },
      };
    }
    return ready.dispatch(method, payload);
  };
}

/**
 * Serves the page at once and starts the workbench behind it (the workbench, its engine and SQLite
 * take most of the start-up): resolves once the server listens; `ready` says when the rest is up.
 */
export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<BrowserMode> {
  const appRoot = options.appRoot ?? defaultAppRoot();
  const dataDir = options.dataDir ?? defaultDataDir();
  // The workbench starts once the server listens: loading it (the engine, the server, SQLite) runs
  // on this thread and, begun earlier, held up the listening socket by about half a second.
  let startWorkbench!: () => void;
  let abandonWorkbench!: (why: unknown) => void;
  const listening = new Promise<void>((resolve, reject) => {
    startWorkbench = resolve;
    abandonWorkbench = reject;
  });
  const workbench = listening
    .then(() => import('../workbench'))
    .then(({ createDefaultWorkbench }) =>
      createDefaultWorkbench({
        dataDir,
        appRoot,
        mode: 'browser',
        ...(options.keychain ? { keychain: options.keychain } : {}),
      }),
    );
  const disposeWorkbench = () => workbench.then((started) => started.dispose()).catch(() => undefined);
  const ready = workbench.then(() => undefined);
  // Observed here so a failed start is not an unhandled rejection before the caller awaits `ready`.
  ready.catch(() => undefined);
  try {
    const rendererDir = options.rendererDir ?? rendererDirOf(appRoot);
    const host = await startHost({ dispatch: dispatchWhenReady(workbench), rendererDir, port: options.port ?? 0 });
    startWorkbench();
    return {
      url: host.url,
      dataDir,
      rendererBuilt: existsSync(join(rendererDir, 'index.html')),
      ready,
      close: async () => {
        await host.close();
        await disposeWorkbench();
      },
    };
  } catch (error) {
    // Nothing was started: the workbench is not loaded, and `ready` says why.
    abandonWorkbench(error);
    await disposeWorkbench();
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
