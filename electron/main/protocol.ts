/**
 * The `app://lapwing/` protocol: the renderer is served from `out/renderer` like a web origin
 * (module scripts and workers need one; `file://` would also expose the whole disk to the page).
 */
import { protocol } from 'electron';
import { RENDERER_CSP, readRendererFile } from '../host';
import { APP_HOST, APP_SCHEME } from './app-origin';

/** Must run before `app` is ready: a standard, secure scheme so the page is a normal origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serves `rendererDir` on `app://lapwing/`, with the strict CSP on every page. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    // No token: in Electron the page talks to main through the preload bridge, not HTTP.
    const file = await readRendererFile(rendererDir, url.pathname, null);
    if (!file) return new Response('Not found', { status: 404 });
    const headers: Record<string, string> = { 'content-type': file.contentType, 'x-content-type-options': 'nosniff' };
    if (file.isIndex) headers['content-security-policy'] = RENDERER_CSP;
    return new Response(new Uint8Array(file.body), { status: 200, headers });
  });
}
