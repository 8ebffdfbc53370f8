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
import { useNotificationsStore } from './notifications';

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

  /** Reports a failed call to the notification area (the caller also shows it in its form). */
  function reported<T>(action: string, result: Result<T>): Result<T> {
    if (result.ok) useNotificationsStore().resolved(action);
    else useNotificationsStore().failed(action, result.error);
    return result;
  }

  const byId = computed(() => new Map(environments.value.map((environment) => [environment.id, environment])));

  async function load(): Promise<void> {
    const result = await useHost()['environments.list']({});
    if (result.ok) {
      environments.value = result.value.environments;
      error.value = null;
    } else {
      error.value = result.error;
      useNotificationsStore().failed('List the environments', result.error);
    }
    loaded.value = true;
  }

  async function save(draft: EnvironmentDraft): Promise<Result<Environment>> {
    const result = await useHost()['environments.save'](draft);
    if (result.ok) await load();
    return reported('Save the environment', result);
  }

  async function remove(id: string): Promise<Result<{ deleted: boolean }>> {
    const result = await useHost()['environments.delete']({ id });
    if (result.ok) {
      await load();
      const { [id]: _removed, ...rest } = keyStates.value;
      keyStates.value = rest;
    }
    return reported('Delete the environment', result);
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
    return reported(`Store the ${kind} key`, result);
  }

  async function testKey(environmentId: string, kind: KeyKind, mapId?: string) {
    const action = `Test the ${kind} key`;
    const result = reported(action, await useHost()['keys.test']({ environmentId, kind, ...(mapId ? { mapId } : {}) }));
    // A test that ran but did not pass is a failure the user must see too.
    if (result.ok && !result.value.passed)
      useNotificationsStore().failed(action, { code: 'keys/test-failed', message: result.value.message });
    return result;
  }

  async function deleteKey(environmentId: string, kind: KeyKind): Promise<Result<{ deleted: boolean }>> {
    const result = await useHost()['keys.delete']({ environmentId, kind });
    await loadKeys(environmentId);
    return reported(`Delete the ${kind} key`, result);
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
