/**
 * The main window and the rules every web contents follows: isolated, sandboxed, no Node, no
 * navigation away from the app, no new windows (https links open in the user's browser: the
 * platform's at once, others after the user confirms; see external-links.ts), no
 * permissions, no webviews.
 */
import { app, BrowserWindow, dialog, session, shell } from 'electron';
import { APP_ENTRY, isAppUrl } from './app-origin';
import { decideExternalLink } from './external-links';

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

/** Creates and loads the main window. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
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
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY);
  return window;
}
