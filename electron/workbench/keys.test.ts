import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './test-support/harness';

let harness: Harness;
afterEach(async () => harness?.dispose());

describe('keys through the contract', () => {
  it('sets, reports and deletes keys without ever returning a value', async () => {
    harness = await createHarness();
    expect(await harness.value('keys.status', { environmentId: 'community' })).toEqual({
      keychain: { available: true },
      keys: { api: false, evidence: false, interaction: false, provider: false },
    });
    expect(await harness.value('keys.set', { environmentId: 'community', kind: 'api', value: ' api-secret ' })).toEqual({ stored: true });
    expect(harness.keychain.values.get('community:api')).toBe('api-secret');
    const status = await harness.value('keys.status', { environmentId: 'community' });
    expect(status.keys).toEqual({ api: true, evidence: false, interaction: false, provider: false });
    expect(JSON.stringify(status)).not.toContain('api-secret');
    expect(await harness.value('keys.delete', { environmentId: 'community', kind: 'api' })).toEqual({ deleted: true });
    expect(await harness.value('keys.delete', { environmentId: 'community', kind: 'api' })).toEqual({ deleted: false });
  });

  it('tests the API key against the engine', async () => {
    harness = await createHarness();
    await harness.value('keys.set', { environmentId: 'community', kind: 'api', value: 'wrong' });
    expect(await harness.value('keys.test', { environmentId: 'community', kind: 'api', mapId: 'm' })).toMatchObject({
      passed: false,
      checkedWithEngine: true,
      status: 401,
    });
    await harness.value('keys.set', { environmentId: 'community', kind: 'api', value: 'api-secret' });
    expect(await harness.value('keys.test', { environmentId: 'community', kind: 'api', mapId: 'm' })).toMatchObject({
      passed: true,
      checkedWithEngine: true,
    });
    expect(await harness.value('keys.test', { environmentId: 'community', kind: 'evidence' })).toMatchObject({
      passed: false,
      message: expect.stringContaining('No evidence key'),
    });
    expect(await harness.call('keys.test', { environmentId: 'community', kind: 'api' })).toMatchObject({
      ok: false,
      error: { code: 'environments/invalid' },
    });
  });

  it('reports an unavailable keychain plainly and stores nothing', async () => {
    harness = await createHarness();
    harness.keychain.available = false;
    expect(await harness.value('keys.status', { environmentId: 'community' })).toMatchObject({
      keychain: { available: false, message: expect.stringContaining('not available') },
    });
    expect(await harness.call('keys.set', { environmentId: 'community', kind: 'api', value: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'keychain/unavailable' },
    });
    expect(harness.keychain.values.size).toBe(0);
  });

  it('refuses keys for unknown environments and empty keys', async () => {
    harness = await createHarness();
    expect(await harness.call('keys.set', { environmentId: 'ghost', kind: 'api', value: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'environments/not-found' },
    });
    expect(await harness.call('keys.set', { environmentId: 'community', kind: 'api', value: '' })).toMatchObject({
      ok: false,
      error: { code: 'ipc/invalid-input', message: expect.stringContaining('value') },
    });
  });
});
