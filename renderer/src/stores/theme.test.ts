import { describe, expect, it } from 'vitest';
import type { ThemePreference } from '../../../electron/common/ipc';
import { failed, installFakeHost, ok } from '../test-support/fake-host';
import { themeOf, useThemeStore, type Theme, type ThemeSurroundings } from './theme';

/** A page and an OS in memory: what the store shows, what it cached, and a system switch to flip. */
function surroundings(systemDark: boolean, cached: ThemePreference | null = null) {
  const shown: Theme[] = [];
  const listeners = new Set<() => void>();
  const state = { systemDark, cached };
  const around: ThemeSurroundings = {
    systemPrefersDark: () => state.systemDark,
    onSystemChange: (callback) => {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    apply: (theme) => shown.push(theme),
    readCached: () => state.cached,
    writeCached: (preference) => (state.cached = preference),
  };
  return {
    around,
    shown,
    state,
    listeners,
    flipSystem(dark: boolean) {
      state.systemDark = dark;
      for (const listener of listeners) listener();
    },
  };
}

describe('theme store', () => {
  it('gives dark for Dark, light for Light, and the system setting for System', () => {
    expect(themeOf('dark', false)).toBe('dark');
    expect(themeOf('light', true)).toBe('light');
    expect(themeOf('system', true)).toBe('dark');
    expect(themeOf('system', false)).toBe('light');
  });

  it('follows the system while set to System, and shows the host’s stored choice over a stale cache', async () => {
    installFakeHost({ 'app.preferences': () => ok({ theme: 'system' }) });
    const page = surroundings(false, 'dark');
    const theme = useThemeStore();
    const starting = theme.init(page.around);
    // The cached choice is shown before the host answers (no light flash for a dark user).
    expect(page.shown).toEqual(['dark']);
    await starting;
    expect(theme.preference).toBe('system');
    expect(page.shown.at(-1)).toBe('light');
    expect(page.state.cached).toBe('system');

    page.flipSystem(true);
    expect(theme.theme).toBe('dark');
    expect(page.shown.at(-1)).toBe('dark');
    theme.dispose();
    expect(page.listeners.size).toBe(0);
  });

  it('stores a choice with the host, keeps it against the system, and says when it could not be stored', async () => {
    const host = installFakeHost({
      'app.preferences': () => ok({ theme: 'system' }),
      'app.setPreferences': (input) => ok({ theme: input.theme ?? 'system' }),
    });
    const page = surroundings(false);
    const theme = useThemeStore();
    await theme.init(page.around);

    await theme.choose('dark');
    expect(host.inputs('app.setPreferences')).toEqual([{ theme: 'dark' }]);
    expect(page.shown.at(-1)).toBe('dark');
    expect(page.state.cached).toBe('dark');
    page.flipSystem(false);
    expect(theme.theme).toBe('dark');
    expect(theme.saveError).toBeNull();

    await theme.toggle();
    expect(theme.preference).toBe('light');

    host.on('app.setPreferences', () => failed('settings/invalid', 'the database is read-only'));
    await theme.choose('dark');
    // The choice holds for this run; the user is told it will not be remembered.
    expect(theme.theme).toBe('dark');
    expect(theme.saveError).toBe('The theme could not be saved: the database is read-only');
  });

  it('keeps the cached choice when the host cannot say what was stored', async () => {
    installFakeHost({ 'app.preferences': () => failed('host/unreachable', 'gone') });
    const page = surroundings(false, 'dark');
    const theme = useThemeStore();
    await theme.init(page.around);
    expect(theme.theme).toBe('dark');
  });
});
