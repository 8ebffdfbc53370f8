/**
 * App-wide state: what the host says about itself, which view is shown, and the polite live region
 * through which actions announce their outcome to screen readers.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo, ErrorInfo } from '../../../electron/common/ipc';
import { useHost } from '../api/host';

export type ViewName = 'runner' | 'maps' | 'consultations' | 'cases' | 'environments';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const loadError = ref<ErrorInfo | null>(null);
  const view = ref<ViewName>('runner');
  /** The latest announcement; the shell renders it in an aria-live region. */
  const announcement = ref('');

  async function load(): Promise<void> {
    const result = await useHost()['app.info']({});
    if (result.ok) {
      info.value = result.value;
      loadError.value = null;
    } else {
      loadError.value = result.error;
    }
  }

  function announce(message: string): void {
    // Clearing first makes a repeated identical message be read again.
    announcement.value = '';
    queueMicrotask(() => {
      announcement.value = message;
    });
  }

  function show(name: ViewName): void {
    view.value = name;
  }

  return { info, loadError, view, announcement, load, announce, show };
});
