/**
 * The main window and the rules every web contents follows: isolated, sandboxed, no Node, no
 * navigation away from the app, no new windows (https links open in the user's browser: the
 * platform's at once, others after the user confirms; see external-links.ts), no
 * permissions, no webviews.
 */
import { app, BrowserWindow, dialog, screen, session, shell } from 'electron';
import { APP_ENTRY, isAppUrl } from './app-origin';
import { decideExternalLink } from './external-links';
import { loadWindowState, MIN_SIZE, placeWindow, saveWindowState, stateOf } from './window-state';

/** Opens a link in the user's browser: documented addresses at once, others after the user confirms. */
async function openLink(text: string): Promise<void> {
  const decision = decideExternalLink(text);
  if (decision.kind === 'refuse') return;
  if (decision.kind === 'confirm') {
    const options = {
      type: 'question' as const,
      buttons: ['Cancel', 'Open in browser'],
      defaultId: 0,
      cancelId: 0,
      title: 'Open an external link?',
      message: 'Lapwing was asked to open an address outside the Rainbird platform.',
      detail: decision.url,
    };
    const window = BrowserWindow.getFocusedWindow();
    const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
    if (response !== 1) return;
  }
  await shell.openExternal(decision.url);
}

/** Applies the navigation and window rules to every web contents created from now on. */
export function lockDownWebContents(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      void openLink(url);
      return { action: 'deny' };
    });
  });
}

/**
 * Creates and loads the main window where and as large as it was last closed (window-state.json
 * in userData). It is shown as soon as its first frame is ready: the page then shows "Starting…"
 * while the workbench finishes behind it.
 */
export async function createMainWindow(preloadPath: string): Promise<BrowserWindow> {
  const folder = app.getPath('userData');
  const { state, problem } = await loadWindowState(folder);
  if (problem) console.warn(`[lapwing] ${problem}`);
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((display) => display.id !== primary.id);
  const placement = placeWindow(state, [primary.workArea, ...others.map((display) => display.workArea)]);
  const window = new BrowserWindow({
    ...(placement.x === undefined || placement.y === undefined ? { center: true } : { x: placement.x, y: placement.y }),
    width: placement.width,
    height: placement.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Lapwing',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize();
    window.show();
  });
  // Remembered on close (and after moves and resizes settle, in case the app does not close cleanly).
  let timer: NodeJS.Timeout | undefined;
  const remember = (): void => {
    clearTimeout(timer);
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    void saveWindowState(folder, stateOf(window.getNormalBounds(), window.isMaximized())).catch((error: unknown) =>
      console.warn('[lapwing] the window size could not be saved:', error),
    );
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(remember, 1000);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', remember);
  void window.loadURL(APP_ENTRY);
  return window;
}
