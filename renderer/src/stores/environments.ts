/**
 * Environments and the status of their keys. Key values only ever pass through `setKey` on their
 * way to the keychain; this store keeps booleans ("is it set?"), never the values.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  Environment,
  EnvironmentDraft,
  ErrorInfo,
  KeychainStatus,
  KeyKind,
  MethodOutput,
  ProviderSettings,
  Result,
} from '../../../electron/common/ipc';
import { useHost } from '../api/host';

interface KeyState {
  readonly keychain: KeychainStatus;
  readonly keys: Readonly<Record<KeyKind, boolean>>;
}

export const useEnvironmentsStore = defineStore('environments', () => {
  const environments = ref<Environment[]>([]);
  const loaded = ref(false);
  const error = ref<ErrorInfo | null>(null);
  const keyStates = ref<Record<string, KeyState>>({});
  /** The embedded engine's language-model provider (URL, model, where they come from, whether a key is set). */
  const provider = ref<MethodOutput<'nlProvider.get'> | null>(null);

  const byId = computed(() => new Map(environments.value.map((environment) => [environment.id, environment])));

  async function load(): Promise<void> {
    const result = await useHost()['environments.list']({});
    if (result.ok) {
      environments.value = result.value.environments;
      error.value = null;
    } else {
      error.value = result.error;
    }
    loaded.value = true;
  }

  async function save(draft: EnvironmentDraft): Promise<Result<Environment>> {
    const result = await useHost()['environments.save'](draft);
    if (result.ok) await load();
    return result;
  }

  async function remove(id: string): Promise<Result<{ deleted: boolean }>> {
    const result = await useHost()['environments.delete']({ id });
    if (result.ok) {
      await load();
      const { [id]: _removed, ...rest } = keyStates.value;
      keyStates.value = rest;
    }
    return result;
  }

  async function loadKeys(environmentId: string): Promise<Result<KeyState>> {
    const result = await useHost()['keys.status']({ environmentId });
    if (result.ok) keyStates.value = { ...keyStates.value, [environmentId]: result.value };
    return result;
  }

  /** Sends a key to the keychain. The caller clears its form field whatever the outcome. */
  async function setKey(environmentId: string, kind: KeyKind, value: string): Promise<Result<{ stored: true }>> {
    const result = await useHost()['keys.set']({ environmentId, kind, value });
    await loadKeys(environmentId);
    return result;
  }

  async function testKey(environmentId: string, kind: KeyKind, mapId?: string) {
    return useHost()['keys.test']({ environmentId, kind, ...(mapId ? { mapId } : {}) });
  }

  async function deleteKey(environmentId: string, kind: KeyKind): Promise<Result<{ deleted: boolean }>> {
    const result = await useHost()['keys.delete']({ environmentId, kind });
    await loadKeys(environmentId);
    return result;
  }

  async function loadProvider(): Promise<void> {
    const result = await useHost()['nlProvider.get']({});
    if (result.ok) provider.value = result.value;
  }

  async function saveProvider(settings: ProviderSettings): Promise<Result<{ settings: ProviderSettings }>> {
    const result = await useHost()['nlProvider.save'](settings);
    await loadProvider();
    return result;
  }

  async function clearProvider(): Promise<Result<{ cleared: boolean }>> {
    const result = await useHost()['nlProvider.clear']({});
    await loadProvider();
    return result;
  }

  return {
    environments,
    loaded,
    error,
    keyStates,
    provider,
    byId,
    load,
    save,
    remove,
    loadKeys,
    setKey,
    testKey,
    deleteKey,
    loadProvider,
    saveProvider,
    clearProvider,
  };
});
