import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createHostApi, setHost } from '../api/host';
import type { Invoke, MapSummary, MethodName } from '../../../electron/common/ipc';
import { draftStateText, useMapsStore } from './maps';

/** A host that answers the maps methods from a little in-memory registry, and records the calls. */
function fakeHost() {
  const state = {
    generation: 'g1',
    text: '<rbl:kb/>',
    maps: [
      {
        id: 'm1',
        name: 'Greetings',
        versions: [],
        hasDraft: true,
        draft: { state: 'ok', errors: 0, warnings: 0, firstErrors: [] },
        liveVersion: null,
      },
    ] as MapSummary[],
    calls: [] as MethodName[],
    /** What the native dialog gives (`maps.choose`). */
    chosen: { outcome: 'unavailable' } as unknown,
    previewed: null as { text: string; fileName: string } | null,
    openedFolder: null as string | null,
  };
  const answers: Partial<Record<MethodName, (input: never) => unknown>> = {
    'maps.list': () => ({ listable: true, maps: state.maps }),
    'maps.folders': () => ({ folders: [] }),
    'maps.get': () => ({
      id: 'm1',
      name: 'Greetings',
      versionStatus: 'Draft',
      rblang: state.text,
      vocabulary: { relationships: [], concepts: [] },
      rules: [],
      diagnostics: [],
    }),
    'maps.choose': () => state.chosen,
    'maps.import': (input: { text: string; fileName: string }) => {
      state.previewed = { text: input.text, fileName: input.fileName };
      return { name: 'languages', diagnostics: [], draft: { state: 'ok', errors: 0, warnings: 0, firstErrors: [] } };
    },
    'maps.openFolder': (input: { path: string }) => {
      state.openedFolder = input.path;
      return { folder: { id: 'f1', path: input.path, status: 'ok', maps: [] }, events: [] };
    },
    'maps.changes': () => ({ generation: state.generation, lastEvent: 0, events: [] }),
    'maps.saveDraft': (input: { rblang: string }) => {
      state.text = input.rblang;
      return { map: state.maps[0], diagnostics: [] };
    },
  };
  const invoke = (async (method: MethodName, input: unknown) => {
    state.calls.push(method);
    const answer = answers[method];
    return answer ? { ok: true, value: answer(input as never) } : { ok: false, error: { code: 'test/unexpected', message: method } };
  }) as Invoke;
  setHost(createHostApi(invoke));
  return state;
}

describe('the maps store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('re-reads the list and the open draft when the registry changes elsewhere, and tells listeners', async () => {
    const host = fakeHost();
    const store = useMapsStore();
    await store.load();
    await store.select('m1');
    let refreshed = 0;
    store.onExternalChange(() => (refreshed += 1));
    await store.poll();
    expect(refreshed).toBe(0);
    host.text = '<rbl:kb><concept name="A" type="string"/></rbl:kb>';
    host.maps = [{ ...host.maps[0], name: 'Greetings (edited)' }];
    await store.poll();
    expect(store.maps[0].name).toBe('Greetings');
    host.generation = 'g2';
    await store.poll();
    expect(store.maps[0].name).toBe('Greetings (edited)');
    expect(store.draft?.rblang).toBe(host.text);
    expect(refreshed).toBe(1);
  });

  it('keeps unsaved edits when the draft changes elsewhere, and says so', async () => {
    const host = fakeHost();
    const store = useMapsStore();
    await store.select('m1');
    await store.poll();
    store.editorDirty = true;
    host.text = '<rbl:kb><!-- from disk --></rbl:kb>';
    host.generation = 'g2';
    await store.poll();
    expect(store.draft?.rblang).toBe('<rbl:kb/>');
    expect(store.notice).toContain('your unsaved edits are kept');
  });

  it('saves the draft and clears the unsaved state', async () => {
    const host = fakeHost();
    const store = useMapsStore();
    await store.select('m1');
    store.editorDirty = true;
    expect(await store.saveDraft('<rbl:kb></rbl:kb>')).toBe(true);
    expect(host.text).toBe('<rbl:kb></rbl:kb>');
    expect(store.editorDirty).toBe(false);
    expect(store.notice).toBe('Saved the draft of "Greetings" (ok).');
  });

  it('imports the file chosen in the native dialog, and says when there is no such dialog', async () => {
    const host = fakeHost();
    const store = useMapsStore();
    expect(await store.chooseImportFile()).toBe(false);
    expect(store.preview).toBeNull();
    host.chosen = { outcome: 'file', path: '/maps/languages.rbl', fileName: 'languages.rbl', text: '<rbl:kb/>' };
    expect(await store.chooseImportFile()).toBe(true);
    expect(host.previewed).toEqual({ text: '<rbl:kb/>', fileName: 'languages.rbl' });
    expect(store.preview?.fileName).toBe('languages.rbl');
  });

  it('follows the folder chosen in the native dialog; a cancelled dialog does nothing', async () => {
    const host = fakeHost();
    const store = useMapsStore();
    expect(await store.chooseFolder()).toBe(false);
    host.chosen = { outcome: 'cancelled' };
    expect(await store.chooseFolder()).toBe(true);
    expect(host.openedFolder).toBeNull();
    host.chosen = { outcome: 'folder', path: '/maps' };
    expect(await store.chooseFolder()).toBe(true);
    expect(host.openedFolder).toBe('/maps');
    expect(store.notice).toBe('Following /maps: 0 map files.');
  });

  it('words the draft state', () => {
    expect(draftStateText({ state: 'errors', errors: 1, warnings: 3, firstErrors: [] })).toBe('1 error, 3 warnings');
    expect(draftStateText({ state: 'warnings', errors: 0, warnings: 2, firstErrors: [] })).toBe('2 warnings');
    expect(draftStateText({ state: 'ok', errors: 0, warnings: 0, firstErrors: [] })).toBe('ok');
  });
});
