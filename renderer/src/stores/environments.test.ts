import { describe, expect, it } from 'vitest';
import { environment } from '../test-support/fixtures';
import { installFakeHost, ok } from '../test-support/fake-host';
import { useEnvironmentsStore } from './environments';

const keyState = (api: boolean) => ({ keychain: { available: true }, keys: { api, evidence: false, interaction: false, provider: false } });

describe('environments store', () => {
  it('lists environments and finds them by id', async () => {
    installFakeHost({ 'environments.list': () => ok({ environments: [environment('local'), environment('remote', { kind: 'custom' })] }) });
    const store = useEnvironmentsStore();
    await store.load();
    expect(store.loaded).toBe(true);
    expect(store.byId.get('remote')?.kind).toBe('custom');
  });

  it('passes a key straight to the keychain and keeps only whether it is set', async () => {
    let stored = false;
    const host = installFakeHost({
      'keys.set': () => {
        stored = true;
        return ok({ stored: true as const });
      },
      'keys.status': () => ok(keyState(stored)),
    });
    const store = useEnvironmentsStore();
    await store.setKey('remote', 'api', 'secret-value');
    expect(host.inputs('keys.set')).toEqual([{ environmentId: 'remote', kind: 'api', value: 'secret-value' }]);
    expect(store.keyStates.remote?.keys.api).toBe(true);
    expect(JSON.stringify(store.$state)).not.toContain('secret-value');
  });

  it('forgets the key state of a deleted environment', async () => {
    installFakeHost({
      'keys.status': () => ok(keyState(true)),
      'environments.delete': () => ok({ deleted: true }),
      'environments.list': () => ok({ environments: [] }),
    });
    const store = useEnvironmentsStore();
    await store.loadKeys('remote');
    await store.remove('remote');
    expect(store.keyStates.remote).toBeUndefined();
    expect(store.environments).toEqual([]);
  });
});
