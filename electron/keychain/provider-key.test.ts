/**
 * The language-model provider key in a real Secret Service, as the workbench uses it: stored as the
 * Local environment's `provider` key, read by the provider settings at the moment of use, never in
 * the workbench database. Run under `bash scripts/with-keyring.sh npx vitest run electron/keychain`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWorkbenchStore } from '../store';
import { ProviderSettingsService } from '../workbench';
import { OsKeychain } from './index';

const underWrapper = process.env.LAPWING_KEYRING === '1';

describe.runIf(underWrapper)('the provider key in a real Secret Service', () => {
  // A service name of its own, so the test never touches a real Lapwing key.
  const service = `lapwing-test-${randomUUID()}`;
  const keychain = new OsKeychain(service);
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-provider-keyring-'));
  const store = openWorkbenchStore(join(dir, 'workbench.sqlite'));
  const provider = new ProviderSettingsService(store.settings, keychain, {});

  afterAll(async () => {
    await keychain.deleteAll('local');
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores it as local:provider, reads it on each use, and keeps it out of SQLite', async () => {
    store.settings.saveNlProvider({ url: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    expect(await provider.current()).toEqual({ url: 'http://127.0.0.1:11434/v1', model: 'llama3', timeoutMs: 15_000 });

    await keychain.set('local', 'provider', 'provider-secret-one');
    expect((await provider.current())?.key).toBe('provider-secret-one');
    expect(execFileSync('secret-tool', ['lookup', 'service', service, 'username', 'local:provider'], { encoding: 'utf8' }).trim()).toBe(
      'provider-secret-one',
    );

    await keychain.set('local', 'provider', 'provider-secret-two');
    expect((await provider.current())?.key).toBe('provider-secret-two');
    expect(await provider.get()).toMatchObject({ source: 'settings', keySet: true, keychain: { available: true } });
    expect(readFileSync(join(dir, 'workbench.sqlite')).includes('provider-secret')).toBe(false);

    await keychain.deleteAll('local');
    expect(await keychain.has('local', 'provider')).toBe(false);
    expect((await provider.current())?.key).toBeUndefined();
  });
});
