import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './test-support/harness';

let harness: Harness;
afterEach(async () => harness?.dispose());

describe('environments through the contract', () => {
  it('creates Local, Community and Enterprise on first launch, Local at the embedded URL with a bundled map', async () => {
    harness = await createHarness();
    const { environments } = await harness.value('environments.list', {});
    expect(environments.map((env) => [env.id, env.kind, env.baseUrl, env.builtIn])).toEqual([
      ['local', 'local', 'http://127.0.0.1:9', true],
      ['community', 'community', 'https://api.rainbird.ai', true],
      ['enterprise', 'enterprise', 'https://enterprise-api.rainbird.ai', true],
    ]);
    expect(environments[0]?.defaultMapId).toBe('hello-world');
  });

  it('saves a custom environment, updates it, and refuses bad input naming the field', async () => {
    harness = await createHarness();
    const created = await harness.value('environments.save', {
      name: 'Staging',
      kind: 'custom',
      baseUrl: 'https://staging.example.com/',
      versionPolicy: { kind: 'version', version: 2 },
    });
    expect(created).toMatchObject({
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      versionPolicy: { kind: 'version', version: 2 },
      builtIn: false,
    });
    const updated = await harness.value('environments.save', {
      id: created.id,
      name: 'Staging',
      kind: 'custom',
      baseUrl: 'https://staging.example.com',
      versionPolicy: { kind: 'draft' },
    });
    expect(updated.versionPolicy).toEqual({ kind: 'draft' });

    const noUrl = await harness.call('environments.save', { name: 'Broken', kind: 'custom' });
    expect(noUrl).toMatchObject({ ok: false, error: { code: 'environments/invalid', message: expect.stringContaining('baseUrl') } });
    const withCredentials = await harness.call('environments.save', {
      name: 'Leaky',
      kind: 'custom',
      baseUrl: 'https://user:pw@example.com',
    });
    expect(withCredentials).toMatchObject({ ok: false, error: { code: 'ipc/invalid-input', message: expect.stringContaining('baseUrl') } });
    const duplicate = await harness.call('environments.save', { name: 'staging', kind: 'custom', baseUrl: 'https://x.example.com' });
    expect(duplicate).toMatchObject({
      ok: false,
      error: { code: 'environments/invalid', message: expect.stringContaining('already exists') },
    });
    expect((await harness.value('environments.list', {})).environments).toHaveLength(4);
  });

  it('keeps built-ins: no deleting them, no second Local, no kind change', async () => {
    harness = await createHarness();
    expect(await harness.call('environments.delete', { id: 'community' })).toMatchObject({
      ok: false,
      error: { code: 'environments/built-in' },
    });
    expect(await harness.call('environments.save', { name: 'Another', kind: 'local' })).toMatchObject({
      ok: false,
      error: { code: 'environments/invalid' },
    });
    expect(
      await harness.call('environments.save', { id: 'community', name: 'Community', kind: 'custom', baseUrl: 'https://x.example.com' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'environments/built-in' },
    });
    const edited = await harness.value('environments.save', {
      id: 'community',
      name: 'Community',
      kind: 'community',
      defaultMapId: 'my-map',
    });
    expect(edited).toMatchObject({ baseUrl: 'https://api.rainbird.ai', defaultMapId: 'my-map', builtIn: true });
  });

  it('deletes a custom environment together with its keys, and not at all when the keychain is unavailable', async () => {
    harness = await createHarness();
    const env = await harness.value('environments.save', { name: 'Temp', kind: 'custom', baseUrl: 'https://temp.example.com' });
    await harness.value('keys.set', { environmentId: env.id, kind: 'api', value: 'temp-key' });

    harness.keychain.available = false;
    expect(await harness.call('environments.delete', { id: env.id })).toMatchObject({ ok: false, error: { code: 'keychain/unavailable' } });
    harness.keychain.available = true;

    expect(await harness.value('environments.delete', { id: env.id })).toEqual({ deleted: true });
    expect(harness.keychain.values.size).toBe(0);
    expect(await harness.value('environments.delete', { id: env.id })).toEqual({ deleted: false });
  });
});
