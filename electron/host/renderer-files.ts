/**
 * Serving the built renderer (`out/renderer`): safe path resolution, content types, the strict
 * Content-Security-Policy, and index.html with the browser-mode token. Shared by the browser-mode
 * host and Electron's `app://` protocol, so both serve the page the same way.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { TOKEN_META_NAME } from '../common/ipc/transport';

/**
 * The renderer's CSP. Monaco injects `<style>` elements (hence `'unsafe-inline'` for styles only)
 * and may start workers from blob URLs; scripts come only from the app's own files.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type for a file name (`application/octet-stream` when unknown). */
function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A file to send: its bytes and content type. */
interface RendererFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** True for index.html (never cached: it carries the per-run token). */
  readonly isIndex: boolean;
}

/** Shown when `out/renderer` has not been built, so the user knows what to run. */
function notBuiltPage(rendererDir: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lapwing</title></head><body>
<h1>Lapwing: the renderer is not built</h1><p>No <code>index.html</code> in <code>${rendererDir.replace(/[<>&]/g, '')}</code>. Run <code>npm run build</code> and reload.</p></body></html>`;
}

/** Adds `<meta name="lapwing-token">` to the page's head (or the start of the page). */
function injectToken(html: string, token: string | null): string {
  if (token === null) return html;
  const meta = `<meta name="${TOKEN_META_NAME}" content="${token}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`) : `${meta}\n${html}`;
}

/**
 * Reads the file for a URL path under `rendererDir`. Unknown paths without an extension get
 * index.html (client-side routes); paths escaping the folder or missing assets get null.
 */
export async function readRendererFile(rendererDir: string, urlPath: string, token: string | null): Promise<RendererFile | null> {
  const root = resolve(rendererDir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '/');
  } catch {
    return null;
  }
  const candidate = resolve(join(root, decoded));
  const inside = relative(root, candidate);
  if (inside.startsWith('..') || inside.includes(`..${sep}`) || decoded.includes('\0')) return null;

  const isFile = await stat(candidate).then(
    (info) => info.isFile(),
    () => false,
  );
  if (isFile && extname(candidate).toLowerCase() !== '.html') {
    return { body: await readFile(candidate), contentType: contentTypeOf(candidate), isIndex: false };
  }
  // Missing assets stay 404 so a broken build is visible; anything route-like gets the app.
  if (!isFile && extname(decoded) !== '') return null;
  const index = join(root, 'index.html');
  const html = await readFile(index, 'utf8').catch(() => notBuiltPage(root));
  return { body: Buffer.from(injectToken(html, token)), contentType: CONTENT_TYPES['.html'] ?? 'text/html', isIndex: true };
}
