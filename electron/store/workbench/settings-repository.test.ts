import { afterEach, describe, expect, it } from 'vitest';
import { openWorkbenchStore, StoreError } from './index';
import { tempStore } from './test-support/fixtures';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));
function setup() {
  const temp = tempStore();
  disposers.push(temp.dispose);
  return temp;
}

describe('SettingsRepository (migration 3)', () => {
  it('stores the provider URL and model, trimmed, across reopening, and clears them', () => {
    const { store, file } = setup();
    expect(store.settings.nlProvider()).toBeNull();
    expect(store.settings.saveNlProvider({ url: ' http://127.0.0.1:11434/v1 ', model: ' llama3 ' })).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
    });
    store.close();
    const reopened = openWorkbenchStore(file);
    disposers.push(() => reopened.close());
    expect(reopened.settings.nlProvider()).toEqual({ url: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    expect(reopened.settings.clearNlProvider()).toBe(true);
    expect(reopened.settings.clearNlProvider()).toBe(false);
    expect(reopened.settings.nlProvider()).toBeNull();
  });

  it.each([
    [{ url: '', model: 'm' }, 'url', /a URL is required/],
    [{ url: 'ftp://example.com', model: 'm' }, 'url', /http:\/\/ or https:\/\//],
    [{ url: 'not a url', model: 'm' }, 'url', /http:\/\/ or https:\/\//],
    [{ url: 'https://user:secret@example.com/v1', model: 'm' }, 'url', /without a user name or password/],
    [{ url: 'https://example.com/v1', model: '  ' }, 'model', /a model is required/],
    [{ url: 'https://example.com/v1' }, 'model', /model/],
  ])('refuses %j with a clear error and keeps what was stored', (input, path, message) => {
    const { store } = setup();
    store.settings.saveNlProvider({ url: 'https://kept.example.com/v1', model: 'kept' });
    let caught: unknown;
    try {
      store.settings.saveNlProvider(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoreError);
    const error = caught as StoreError;
    expect(error.code).toBe('settings/invalid');
    expect(error.message).toMatch(message);
    expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(store.settings.nlProvider()).toEqual({ url: 'https://kept.example.com/v1', model: 'kept' });
  });

  it('reads an unreadable stored value as no settings rather than failing', () => {
    const { store } = setup();
    store.db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('nl.provider', '{broken', 'now')").run();
    expect(store.settings.nlProvider()).toBeNull();
  });

  it('keeps the interface theme across reopening, and refuses an unknown theme without losing the stored one', () => {
    const { store, file } = setup();
    expect(store.settings.uiPreferences()).toEqual({ theme: 'system' });
    expect(store.settings.saveUiPreferences({ theme: 'dark' })).toEqual({ theme: 'dark' });
    // A change that names nothing keeps what is stored.
    expect(store.settings.saveUiPreferences({})).toEqual({ theme: 'dark' });
    let caught: unknown;
    try {
      store.settings.saveUiPreferences({ theme: 'purple' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).message).toMatch(/Invalid preferences.*theme/s);
    store.close();
    const reopened = openWorkbenchStore(file);
    disposers.push(() => reopened.close());
    expect(reopened.settings.uiPreferences()).toEqual({ theme: 'dark' });
  });
});
