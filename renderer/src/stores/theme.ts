/**
 * Light or dark: the user's choice (System, Light, Dark), kept by the host with the workbench's
 * settings, and the theme it gives now. The page shows it as `<html data-theme="light|dark">`;
 * main.css redefines its colour variables under `:root[data-theme='dark']`, and Monaco and the
 * graphs read the same attribute.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ThemePreference } from '../../../electron/common/ipc';
import { useHost } from '../api/host';

export type { ThemePreference };
export type Theme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly { id: ThemePreference; label: string }[] = [
  { id: 'system', label: 'System' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];

/** What the theme depends on outside the store: the OS setting, the page, and a synchronous cache. */
export interface ThemeSurroundings {
  /** Whether the system asks for dark now (prefers-color-scheme). */
  systemPrefersDark(): boolean;
  /** Calls back when the system setting changes; returns the unsubscribe. */
  onSystemChange(callback: () => void): () => void;
  /** Shows the theme on the page. */
  apply(theme: Theme): void;
  /** The last choice, readable before the host answers (so the first paint has the right colours). */
  readCached(): ThemePreference | null;
  writeCached(preference: ThemePreference): void;
}

const CACHE_KEY = 'lapwing.theme';

function isPreference(value: unknown): value is ThemePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The real page: matchMedia, `<html data-theme>`, and localStorage as the first-paint cache. */
function pageSurroundings(win: Window = window): ThemeSurroundings {
  const query = win.matchMedia('(prefers-color-scheme: dark)');
  return {
    systemPrefersDark: () => query.matches,
    onSystemChange: (callback) => {
      query.addEventListener('change', callback);
      return () => query.removeEventListener('change', callback);
    },
    apply: (theme) => {
      win.document.documentElement.dataset.theme = theme;
      win.document.documentElement.style.colorScheme = theme;
    },
    readCached: () => {
      try {
        const value = win.localStorage.getItem(CACHE_KEY);
        return isPreference(value) ? value : null;
      } catch {
        return null;
      }
    },
    writeCached: (preference) => {
      try {
        win.localStorage.setItem(CACHE_KEY, preference);
      } catch {
        // Storage may be off (private windows); the host still keeps the choice.
      }
    },
  };
}

/** Which theme a choice gives, given the system's setting. */
export function themeOf(preference: ThemePreference, systemPrefersDark: boolean): Theme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export const useThemeStore = defineStore('theme', () => {
  const preference = ref<ThemePreference>('system');
  const systemDark = ref(false);
  const theme = computed<Theme>(() => themeOf(preference.value, systemDark.value));
  /** Why the last change could not be stored, if it could not. */
  const saveError = ref<string | null>(null);
  let surroundings: ThemeSurroundings | null = null;
  let stopWatching: (() => void) | null = null;

  function apply(): void {
    surroundings?.apply(theme.value);
  }

  /**
   * Shows the cached choice at once, follows the system from now on, then takes the host's stored
   * choice (the cache can be stale or missing: browser mode's origin changes with its port).
   */
  async function init(around: ThemeSurroundings = pageSurroundings()): Promise<void> {
    stopWatching?.();
    surroundings = around;
    systemDark.value = around.systemPrefersDark();
    preference.value = around.readCached() ?? 'system';
    apply();
    stopWatching = around.onSystemChange(() => {
      systemDark.value = around.systemPrefersDark();
      apply();
    });
    const stored = await useHost()['app.preferences']({});
    if (stored.ok) {
      preference.value = stored.value.theme;
      around.writeCached(stored.value.theme);
      apply();
    }
  }

  /** Applies a choice at once and stores it; a failed save keeps the choice for this run and says why. */
  async function choose(next: ThemePreference): Promise<void> {
    preference.value = next;
    surroundings?.writeCached(next);
    apply();
    const saved = await useHost()['app.setPreferences']({ theme: next });
    saveError.value = saved.ok ? null : `The theme could not be saved: ${saved.error.message}`;
  }

  /** Light to dark and back (from whatever the current choice gives). */
  function toggle(): Promise<void> {
    return choose(theme.value === 'dark' ? 'light' : 'dark');
  }

  function dispose(): void {
    stopWatching?.();
    stopWatching = null;
  }

  return { preference, theme, saveError, init, choose, toggle, dispose };
});
