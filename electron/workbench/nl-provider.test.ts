/**
 * The embedded engine's language-model provider in the workbench: URL and model through
 * `nlProvider.*` into SQLite, the key through `keys.*` into the keychain (Local only), read at the
 * moment of use, never written to the database nor returned; an unavailable keychain said plainly.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeProvider } from '../nl/provider/test-support/fake-provider';
import { openWorkbenchStore, SettingsRepository } from '../store';
import { ProviderSettingsService } from './services/provider-settings-service';
import { createHarness, type Harness } from './test-support/harness';
import { FakeKeychain } from './test-support/fakes';

const SECRET = 'sk-provider-secret-123';
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('nlProvider.* and the provider key', () => {
  it('saves URL and model in SQLite and the key in the keychain only', async () => {
    harness = await createHarness();
    expect(await harness.value('nlProvider.get', {})).toEqual({
      settings: null,
      source: 'none',
      keySet: false,
      keychain: { available: true },
    });
    expect(await harness.value('nlProvider.save', { url: 'http://127.0.0.1:11434/v1', model: 'llama3' })).toEqual({
      settings: { url: 'http://127.0.0.1:11434/v1', model: 'llama3' },
    });
    expect(await harness.value('keys.set', { environmentId: 'local', kind: 'provider', value: SECRET })).toEqual({ stored: true });
    const got = await harness.value('nlProvider.get', {});
    expect(got).toEqual({
      settings: { url: 'http://127.0.0.1:11434/v1', model: 'llama3' },
      source: 'settings',
      keySet: true,
      keychain: { available: true },
    });
    expect(JSON.stringify(got)).not.toContain(SECRET);
    expect((await harness.value('keys.status', { environmentId: 'local' })).keys.provider).toBe(true);
    expect(harness.keychain.values.get('local:provider')).toBe(SECRET);
    expect(readFileSync(join(harness.dataDir, 'workbench.sqlite')).includes(SECRET)).toBe(false);

    expect(await harness.value('keys.delete', { environmentId: 'local', kind: 'provider' })).toEqual({ deleted: true });
    expect(await harness.value('nlProvider.clear', {})).toEqual({ cleared: true });
    expect((await harness.value('nlProvider.get', {})).source).toBe('none');
  });

  it('refuses bad settings with a clear error and keeps what was saved', async () => {
    harness = await createHarness();
    await harness.value('nlProvider.save', { url: 'https://kept.example.com/v1', model: 'kept' });
    const refused = await harness.call('nlProvider.save', { url: 'https://me:pw@example.com', model: 'x' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ipc/invalid-input' } });
    const blank = await harness.call('nlProvider.save', { url: 'https://example.com/v1', model: ' ' });
    expect(blank.ok).toBe(false);
    if (!blank.ok) expect(blank.error.message).toMatch(/model/);
    expect((await harness.value('nlProvider.get', {})).settings).toEqual({ url: 'https://kept.example.com/v1', model: 'kept' });
  });

  it('keeps the provider key to the Local environment', async () => {
    harness = await createHarness();
    await harness.value('environments.save', {
      name: 'Staging',
      kind: 'custom',
      baseUrl: 'https://staging.example.com',
      defaultMapId: null,
      versionPolicy: { kind: 'live' },
    });
    const staging = (await harness.value('environments.list', {})).environments.find((environment) => environment.name === 'Staging');
    const refused = await harness.call('keys.set', { environmentId: staging?.id ?? '', kind: 'provider', value: SECRET });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'environments/invalid', message: expect.stringMatching(/Only the Local environment/) },
    });
    expect([...harness.keychain.values.values()]).not.toContain(SECRET);
  });

  it('says plainly that the keychain is unavailable, and stores the key nowhere else', async () => {
    harness = await createHarness();
    await harness.value('nlProvider.save', { url: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    harness.keychain.available = false;
    const set = await harness.call('keys.set', { environmentId: 'local', kind: 'provider', value: SECRET });
    expect(set).toMatchObject({ ok: false, error: { code: 'keychain/unavailable' } });
    expect(await harness.value('nlProvider.get', {})).toMatchObject({
      keySet: false,
      keychain: { available: false, message: expect.stringMatching(/not available/) },
    });
    expect(readFileSync(join(harness.dataDir, 'workbench.sqlite')).includes(SECRET)).toBe(false);
  });
});

describe('ProviderSettingsService', () => {
  function service(env: Record<string, string> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'lapwing-provider-'));
    const store = openWorkbenchStore(join(dir, 'workbench.sqlite'));
    const keychain = new FakeKeychain();
    const close = () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { store, keychain, provider: new ProviderSettingsService(new SettingsRepository(store.db), keychain, env), close };
  }

  it('reads the key at the moment of use, so a new key applies to the next call', async () => {
    const { store, keychain, provider, close } = service();
    try {
      expect(await provider.current()).toBeUndefined();
      store.settings.saveNlProvider({ url: 'http://127.0.0.1:1/v1', model: 'm' });
      expect(await provider.current()).toEqual({ url: 'http://127.0.0.1:1/v1', model: 'm', timeoutMs: 15_000 });
      await keychain.set('local', 'provider', 'first');
      expect((await provider.current())?.key).toBe('first');
      await keychain.set('local', 'provider', 'second');
      expect((await provider.current())?.key).toBe('second');
      keychain.available = false;
      await expect(provider.current()).rejects.toMatchObject({ code: 'keychain/unavailable' });
      expect(await provider.configured()).toMatchObject({ model: 'm', unavailable: expect.stringMatching(/not available/) });
    } finally {
      close();
    }
  });

  it('uses the LAPWING_NL_PROVIDER_* variables until settings are saved', async () => {
    const { store, provider, close } = service({
      LAPWING_NL_PROVIDER_URL: 'http://env.example/v1',
      LAPWING_NL_PROVIDER_MODEL: 'env-model',
      LAPWING_NL_PROVIDER_KEY: 'env-key',
    });
    try {
      expect(await provider.current()).toMatchObject({ url: 'http://env.example/v1', key: 'env-key' });
      expect((await provider.get()).source).toBe('environment');
      store.settings.saveNlProvider({ url: 'http://settings.example/v1', model: 'settings-model' });
      expect(await provider.current()).toEqual({ url: 'http://settings.example/v1', model: 'settings-model', timeoutMs: 15_000 });
    } finally {
      close();
    }
  });

  it('tests the key against the provider (a local OpenAI-compatible server)', async () => {
    const fake = await startFakeProvider();
    const { store, keychain, provider, close } = service();
    try {
      store.settings.saveNlProvider({ url: fake.url, model: 'test-model' });
      await keychain.set('local', 'provider', SECRET);
      fake.answer({ content: 'OK' });
      expect(await provider.test()).toMatchObject({ passed: true, checkedWithEngine: true });
      expect(fake.requests[0].headers.authorization).toBe(`Bearer ${SECRET}`);
      fake.answer({ status: 401, body: '{"error":"bad key"}' });
      expect(await provider.test()).toMatchObject({ passed: false, message: expect.stringMatching(/HTTP 401/) });
    } finally {
      close();
      await fake.close();
    }
  });
});
