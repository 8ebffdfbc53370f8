/**
 * The renderer's origin in Electron, `app://lapwing`, and the one test of whether a URL belongs
 * to it. Node's URL reports `origin === 'null'` for schemes it does not know, so the scheme and
 * host are compared instead. No Electron imports: unit-tested under plain Node.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'lapwing';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** Whether `url` is a page or file of the app (`app://lapwing/...`). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
