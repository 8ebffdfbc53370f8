/**
 * The target picker's state: environment, map and version policy, plus what the environment tells us
 * about its maps (the local registry lists them; remote deployments cannot, so the map id is typed)
 * and, for local maps, the vocabulary that feeds the editor's completions.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ErrorInfo, MapSummary, MapVocabulary, VersionPolicy } from '../../../electron/common/ipc';
import { useHost } from '../api/host';
import { useEnvironmentsStore } from './environments';
import { useNotificationsStore } from './notifications';

export const useTargetStore = defineStore('target', () => {
  const environments = useEnvironmentsStore();
  const environmentId = ref<string>('');
  const mapId = ref<string>('');
  const versionPolicy = ref<VersionPolicy>({ kind: 'live' });
  const maps = ref<MapSummary[]>([]);
  const listable = ref(false);
  const mapsError = ref<ErrorInfo | null>(null);
  /** Vocabulary of the chosen local map (null for remote maps: no completions then). */
  const vocabulary = shallowRef<MapVocabulary | null>(null);

  const environment = computed(() => environments.byId.get(environmentId.value) ?? null);
  const selectedMap = computed(() => maps.value.find((map) => map.id === mapId.value) ?? null);
  const ready = computed(() => environmentId.value !== '' && mapId.value.trim() !== '');

  /** Picks an environment and applies its defaults (map, version policy). */
  async function chooseEnvironment(id: string): Promise<void> {
    environmentId.value = id;
    const chosen = environments.byId.get(id);
    versionPolicy.value = chosen?.versionPolicy ?? { kind: 'live' };
    await loadMaps();
    const preferred = chosen?.defaultMapId ?? null;
    if (preferred && (!listable.value || maps.value.some((map) => map.id === preferred))) mapId.value = preferred;
    else if (listable.value) mapId.value = maps.value[0]?.id ?? '';
    else mapId.value = preferred ?? '';
  }

  async function loadMaps(): Promise<void> {
    if (!environmentId.value) return;
    const result = await useHost()['maps.list']({ environmentId: environmentId.value });
    if (result.ok) {
      listable.value = result.value.listable;
      maps.value = result.value.maps;
      mapsError.value = null;
    } else {
      listable.value = false;
      maps.value = [];
      mapsError.value = result.error;
      useNotificationsStore().failed(`List the maps of ${environment.value?.name ?? environmentId.value}`, result.error);
    }
  }

  async function loadVocabulary(): Promise<void> {
    vocabulary.value = null;
    if (!listable.value || !mapId.value) return;
    // `maps.get` reads a draft or a numbered version; "live" means the live version, else the draft.
    const live = selectedMap.value?.versions.find((version) => version.live);
    const policy: VersionPolicy =
      versionPolicy.value.kind !== 'live' ? versionPolicy.value : live ? { kind: 'version', version: live.number } : { kind: 'draft' };
    const result = await useHost()['maps.get']({ environmentId: environmentId.value, mapId: mapId.value, versionPolicy: policy });
    // Remote or unknown maps simply have no completions; nothing to report.
    if (result.ok) vocabulary.value = result.value.vocabulary;
  }

  /** A map's name when the local registry knows it, else its id (remote maps have no listing). */
  function mapName(id: string): string {
    return maps.value.find((map) => map.id === id)?.name ?? id;
  }

  /** Chooses the first environment (Local, built-ins first) when nothing is chosen yet. */
  async function init(): Promise<void> {
    if (!environments.loaded) await environments.load();
    if (!environmentId.value && environments.environments.length > 0) {
      await chooseEnvironment(environments.environments[0].id);
    }
  }

  watch([mapId, versionPolicy], () => void loadVocabulary());

  return {
    environmentId,
    mapId,
    versionPolicy,
    maps,
    listable,
    mapsError,
    vocabulary,
    environment,
    selectedMap,
    ready,
    chooseEnvironment,
    loadMaps,
    mapName,
    init,
  };
});
