import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { environment, mapSummary } from '../test-support/fixtures';
import { installFakeHost, ok } from '../test-support/fake-host';
import { useTargetStore } from './target';

describe('target store', () => {
  it('starts on the first environment with its default map and policy', async () => {
    installFakeHost({
      'environments.list': () => ok({ environments: [environment('local', { defaultMapId: 'm2', versionPolicy: { kind: 'draft' } })] }),
      'maps.list': () => ok({ listable: true, maps: [mapSummary('m1'), mapSummary('m2')] }),
      'maps.get': () => ok({ vocabulary: null } as never),
    });
    const target = useTargetStore();
    await target.init();
    expect(target.environmentId).toBe('local');
    expect(target.mapId).toBe('m2');
    expect(target.versionPolicy).toEqual({ kind: 'draft' });
    expect(target.ready).toBe(true);
    expect(target.mapName('m1')).toBe('Map m1');
    expect(target.mapName('elsewhere')).toBe('elsewhere');
  });

  it('reads the vocabulary of the live version when the policy is live', async () => {
    const host = installFakeHost({
      'environments.list': () => ok({ environments: [environment('local')] }),
      'maps.list': () => ok({ listable: true, maps: [mapSummary('m1', 3)] }),
      'maps.get': () => ok({ vocabulary: null } as never),
    });
    const target = useTargetStore();
    await target.init();
    await nextTick();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(host.inputs('maps.get').at(-1)).toEqual({ environmentId: 'local', mapId: 'm1', versionPolicy: { kind: 'version', version: 3 } });
  });

  it('has no maps to offer when the environment cannot list them', async () => {
    installFakeHost({
      'environments.list': () => ok({ environments: [environment('remote', { kind: 'custom', defaultMapId: 'kmid' })] }),
      'maps.list': () => ok({ listable: false, maps: [] }),
    });
    const target = useTargetStore();
    await target.init();
    expect(target.listable).toBe(false);
    expect(target.mapId).toBe('kmid');
  });
});
