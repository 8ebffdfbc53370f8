/**
 * The desktop shell itself, through Playwright's Electron support. Electron's binary cannot be
 * downloaded on every machine (stack.md); where it is missing this spec is skipped and says why.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The Electron binary, or why there is none. Requiring `electron` throws when its download never happened. */
function electronBinary(): { path: string } | { reason: string } {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    if (typeof path === 'string' && existsSync(path)) return { path };
    return { reason: 'the electron package resolved to no binary' };
  } catch (error) {
    return { reason: `the Electron binary is not installed here (${(error as Error).message.split('\n')[0]})` };
  }
}

const binary = electronBinary();
const main = join(root, 'out', 'main', 'index.js');

test('launches the desktop app on the bundled map', async () => {
  const missing = 'reason' in binary ? binary.reason : !existsSync(main) ? 'out/main/index.js is not built (npm run build)' : null;
  if (missing) console.log(`[e2e] skipped the Electron launch spec: ${missing}`);
  test.skip(missing !== null, missing ?? '');

  const userData = await mkdtemp(join(tmpdir(), 'lapwing-electron-'));
  const app = await electron.launch({
    executablePath: 'path' in binary ? binary.path : undefined,
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
