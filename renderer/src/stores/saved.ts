/**
 * Saved consultations: search and list them, reopen one, and replay its script step by step against
 * the same or another target. The Node side replays and compares each reply with the recorded one
 * (as a test case would); this store keeps the outcomes for the view.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ErrorInfo, ReplayedStep, SavedConsultation, SavedConsultationSummary, VersionPolicy } from '../../../electron/common/ipc';
import { useHost } from '../api/host';
import { useNotificationsStore } from './notifications';

interface SearchCriteria {
  mapId: string;
  relationship: string;
  subject: string;
  text: string;
}

export const useSavedStore = defineStore('saved', () => {
  const items = ref<SavedConsultationSummary[]>([]);
  const total = ref(0);
  const criteria = ref<SearchCriteria>({ mapId: '', relationship: '', subject: '', text: '' });
  const error = ref<ErrorInfo | null>(null);
  const busy = ref(false);
  const opened = shallowRef<SavedConsultation | null>(null);

  const replaySession = ref<string | null>(null);
  const replayed = ref<ReplayedStep[]>([]);
  const replayError = ref<ErrorInfo | null>(null);
  const replayBusy = ref(false);

  const nextStepIndex = computed(() => replayed.value.length);
  const replayDone = computed(() => opened.value !== null && nextStepIndex.value >= opened.value.transcript.steps.length);

  async function search(): Promise<void> {
    busy.value = true;
    const filters = Object.fromEntries(
      Object.entries(criteria.value)
        .map(([key, value]) => [key, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    const host = useHost();
    const result = Object.keys(filters).length === 0 ? await host['consultations.list']({}) : await host['consultations.search'](filters);
    busy.value = false;
    if (result.ok) {
      items.value = result.value.items;
      total.value = result.value.total;
      error.value = null;
    } else {
      error.value = result.error;
      useNotificationsStore().failed('Search the saved consultations', result.error);
    }
  }

  async function open(id: string): Promise<boolean> {
    const result = await useHost()['consultations.get']({ id });
    if (!result.ok) {
      error.value = result.error;
      useNotificationsStore().failed('Open the saved consultation', result.error);
      return false;
    }
    opened.value = result.value;
    resetReplay();
    return true;
  }

  function close(): void {
    opened.value = null;
    resetReplay();
  }

  async function remove(id: string): Promise<void> {
    const result = await useHost()['consultations.delete']({ id });
    if (!result.ok) {
      error.value = result.error;
      useNotificationsStore().failed('Delete the saved consultation', result.error);
    }
    if (opened.value?.id === id) close();
    await search();
  }

  function resetReplay(): void {
    if (replaySession.value) void useHost()['consultations.replayStop']({ sessionId: replaySession.value });
    replaySession.value = null;
    replayed.value = [];
    replayError.value = null;
  }

  /** Starts a fresh session for a replay of the opened consultation on the given target. */
  async function startReplay(environmentId: string, mapId: string, versionPolicy: VersionPolicy): Promise<boolean> {
    const saved = opened.value;
    if (!saved) return false;
    resetReplay();
    replayBusy.value = true;
    const started = await useHost()['consultations.replayStart']({ id: saved.id, environmentId, mapId, versionPolicy });
    replayBusy.value = false;
    if (!started.ok) {
      replayError.value = started.error;
      useNotificationsStore().failed('Start the replay', started.error);
      return false;
    }
    replaySession.value = started.value.sessionId;
    return true;
  }

  /** Replays the next recorded step; the Node side compares its reply with the recorded one. */
  async function replayNext(): Promise<ReplayedStep | null> {
    const sessionId = replaySession.value;
    if (!opened.value || !sessionId || replayDone.value) return null;
    replayBusy.value = true;
    const reply = await useHost()
      ['consultations.replayStep']({ sessionId })
      .finally(() => {
        replayBusy.value = false;
      });
    if (!reply.ok) {
      replayError.value = reply.error;
      useNotificationsStore().failed('Replay the next step', reply.error);
      return null;
    }
    if (reply.value.error) replayError.value = reply.value.error as ErrorInfo;
    replayed.value = [...replayed.value, reply.value];
    return reply.value;
  }

  /** The opened consultation's interaction log as a file the Logs tab imports. */
  async function exportLog(): Promise<{ fileName: string; text: string } | null> {
    const current = opened.value;
    if (!current) return null;
    const result = await useHost()['consultations.exportLog']({ id: current.id });
    if (!result.ok) {
      useNotificationsStore().failed('Export the log', result.error);
      return null;
    }
    return result.value;
  }

  return {
    exportLog,
    items,
    total,
    criteria,
    error,
    busy,
    opened,
    replaySession,
    replayed,
    replayError,
    replayBusy,
    nextStepIndex,
    replayDone,
    search,
    open,
    close,
    remove,
    startReplay,
    replayNext,
    resetReplay,
  };
});
