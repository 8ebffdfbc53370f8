/** Browser mode: serves the renderer and the IPC contract on 127.0.0.1 with a per-run token. */
export { dispatchWhenReady, openInBrowser, startBrowserMode } from './browser-mode';
export { RENDERER_CSP, readRendererFile } from './renderer-files';
export { defaultAppRoot } from './paths';
