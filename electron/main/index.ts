/**
 * Electron main: bootstrap only. The window, protocol, IPC and menus are set up by their modules;
 * the workbench (services, store, embedded engine) is the same composition root browser mode uses.
 */
import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDefaultWorkbench, dataFolder } from '../workbench';
import type { Workbench } from '../workbench';
import { nativeDialogs } from './dialogs';
import { dispatchWhenReady } from '../host';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { sqliteProblem } from './native-check';
import { registerAppScheme, serveRenderer } from './protocol';
import { trustedSender } from './sender-check';
import { createMainWindow, lockDownWebContents } from './window';

/** `out/main` at run time; the preload and renderer are built beside it. */
const here = fileURLToPath(new URL('.', import.meta.url));
const preloadPath = join(here, '../preload/index.cjs');
const rendererDir = join(here, '../renderer');

let workbench: Workbench | null = null;
let window: BrowserWindow | null = null;
let removeIpc: (() => void) | null = null;

function fatal(message: string): void {
  console.error(message);
  dialog.showErrorBox('Lapwing cannot start', message);
  app.exit(1);
}

async function start(): Promise<void> {
  const problem = await sqliteProblem();
  if (problem) return fatal(problem);
  lockDownWebContents();
  serveRenderer(rendererDir);
  installMenu();
  // The window opens at once; the workbench (SQLite, embedded engine) starts behind it, and calls
  // the page makes meanwhile are answered once it is up.
  // `$LAPWING_DATA`, else the platform's app-data folder (Electron's userData): shared with the CLI.
  const starting = createDefaultWorkbench({
    dataDir: dataFolder(),
    appRoot: app.getAppPath(),
    mode: 'electron',
    dialogs: nativeDialogs(() => window),
  });
  removeIpc = registerIpc(
    dispatchWhenReady(starting),
    trustedSender(() => window?.webContents.id ?? null),
  );
  window = await createMainWindow(preloadPath);
  window.on('closed', () => {
    window = null;
  });
  try {
    workbench = await starting;
  } catch (error) {
    // The page shows the same message (every call answers with it); the dialog makes sure it is read.
    fatal(`Lapwing failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (workbench && BrowserWindow.getAllWindows().length === 0)
      void createMainWindow(preloadPath).then((created) => {
        window = created;
      });
  });
  // Dispose the workbench (embedded engine, SQLite) before the process exits.
  app.on('will-quit', (event) => {
    if (!workbench) return;
    event.preventDefault();
    const closing = workbench;
    workbench = null;
    removeIpc?.();
    void closing
      .dispose()
      .catch((error: unknown) => console.error('[lapwing] shutdown:', error))
      .finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => fatal(`Lapwing failed to start: ${error instanceof Error ? error.message : String(error)}`));
}
