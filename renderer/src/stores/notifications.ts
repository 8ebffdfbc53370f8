/**
 * What the user must see wherever they are looking: a failure names the action and its cause and
 * stays until dismissed; a success goes away on its own. Stores report here from their error paths;
 * the shell shows the list (App.vue's notification area), so an error raised on one tab is seen from
 * any other.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ErrorInfo } from '../../../electron/common/ipc';

/** How long a success stays on screen. Errors have no such limit. */
export const SUCCESS_VISIBLE_MS = 6_000;

interface Notification {
  readonly id: number;
  readonly kind: 'error' | 'success';
  /** What the user tried, e.g. "Start a session". */
  readonly action: string;
  readonly message: string;
  /** The stable error code, for errors. */
  readonly code?: string | undefined;
}

export const useNotificationsStore = defineStore('notifications', () => {
  const items = ref<Notification[]>([]);
  let next = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  /**
   * Reports a failed action. A newer failure of the same action replaces the older one, so
   * retrying a broken call does not stack copies.
   */
  function failed(action: string, error: ErrorInfo): Notification {
    const entry: Notification = { id: next++, kind: 'error', action, message: error.message || error.code, code: error.code };
    items.value = [...items.value.filter((item) => !(item.kind === 'error' && item.action === action)), entry];
    return entry;
  }

  /** Reports a success; it is dismissed after {@link SUCCESS_VISIBLE_MS}. */
  function succeeded(action: string, message: string): Notification {
    const entry: Notification = { id: next++, kind: 'success', action, message };
    items.value = [...items.value.filter((item) => !(item.kind === 'success' && item.action === action)), entry];
    timers.set(
      entry.id,
      setTimeout(() => dismiss(entry.id), SUCCESS_VISIBLE_MS),
    );
    return entry;
  }

  /** Clears the error of an action once it succeeded after all. */
  function resolved(action: string): void {
    if (items.value.some((item) => item.kind === 'error' && item.action === action))
      items.value = items.value.filter((item) => !(item.kind === 'error' && item.action === action));
  }

  function dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    items.value = items.value.filter((item) => item.id !== id);
  }

  return { items, failed, succeeded, resolved, dismiss };
});
