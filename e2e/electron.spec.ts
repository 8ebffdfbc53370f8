/**
 * The desktop shell itself, through Playwright's Electron support. Electron's binary cannot be
 * downloaded on every machine (stack.md); where it is missing this spec is skipped and says why.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * The Electron binary, or why there is none. Found the way the `electron` package finds it, but
 * without requiring the package: that would try to download the binary (and fail offline).
 */
function electronBinary(): { path: string } | { reason: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(packageDir, 'path.txt');
  if (!override && !existsSync(pathFile)) {
    return {
      reason: 'the Electron binary was never downloaded here (node_modules/electron/path.txt is missing; the download needs the internet)',
    };
  }
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron';
  const path = override ? join(override, executable) : join(packageDir, 'dist', executable);
  return existsSync(path) ? { path } : { reason: `the Electron binary is missing (${path})` };
}

const binary = electronBinary();
const main = join(root, 'out', 'main', 'index.js');

test('launches the desktop app on the bundled map', async () => {
  const missing = 'reason' in binary ? binary.reason : !existsSync(main) ? 'out/main/index.js is not built (npm run build)' : null;
  if (missing) console.log(`[e2e] skipped the Electron launch spec: ${missing}`);
  test.skip(missing !== null, missing ?? '');

  const userData = await mkdtemp(join(tmpdir(), 'lapwing-electron-'));
  const app = await electron.launch({
    ...('path' in binary ? { executablePath: binary.path } : {}),
    args: [main, `--user-data-dir=${userData}`, '--no-sandbox'],
    env: { ...process.env, LAPWING_DATA_DIR: userData },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('button', { name: 'Runner' })).toHaveAttribute('aria-current', 'page');
    await expect(window.getByRole('combobox', { name: 'Map', exact: true })).not.toHaveValue('');
    // Security settings the renderer must live under.
    const isolated = await window.evaluate(() => typeof (globalThis as { require?: unknown }).require === 'undefined');
    expect(isolated).toBe(true);
  } finally {
    await app.close();
    await rm(userData, { recursive: true, force: true });
  }
});
