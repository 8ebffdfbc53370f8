/**
 * Keys go to the OS keychain and nowhere else: set one in the form, then check on the Node side
 * that the Secret Service holds it and that no file of the data dir (the SQLite database with its
 * WAL, the engine's data) and nothing the host printed contains it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { OsKeychain } from '../electron/keychain';
import { skipWithoutKeychain } from './support/keychain';
import { expect, ipc, screenshot, test } from './support/fixtures';
import { unnamedControls } from './support/a11y';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test('stores a key in the keychain and never in SQLite', async ({ page, lapwing, runner, environments }, testInfo) => {
  await skipWithoutKeychain('the keychain test');
  const keychain = new OsKeychain();

  await runner.show();
  await environments.show();
  await environments.select('Community');
  const secret = `e2e-${randomUUID()}`;
  await environments.setKey('API key', secret);
  await expect(environments.keyForm('API key').getByText('Stored in the keychain', { exact: true })).toBeVisible();
  await expect(environments.keyForm('API key').getByLabel('New api key')).toHaveValue('');
  expect(await unnamedControls(page.getByRole('main'))).toEqual([]);
  await screenshot(page, testInfo, 'environments-keys');

  const listed = await ipc<{ ok: true; value: { environments: { id: string; name: string }[] } }>(page, 'environments.list', {});
  const community = listed.value.environments.find((environment) => environment.name === 'Community');
  expect(community).toBeDefined();
  expect(await keychain.get(community?.id ?? '', 'api')).toBe(secret);

  const files = await filesUnder(lapwing.dataDir);
  expect(files.some((file) => file.endsWith('.sqlite'))).toBe(true);
  for (const file of files) {
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from(secret, 'utf8')), `${file} must not contain the key`).toBe(false);
    expect(bytes.includes(Buffer.from(secret, 'utf16le')), `${file} must not contain the key`).toBe(false);
  }
  expect(lapwing.output()).not.toContain(secret);

  // The renderer can delete it but never read it back.
  await environments.keyForm('API key').getByRole('button', { name: 'Delete api key' }).click();
  await expect(environments.keyForm('API key').getByText('Not set', { exact: true })).toBeVisible();
  expect(await keychain.get(community?.id ?? '', 'api')).toBeNull();
});
