/**
 * The map loop: the Local registry's maps with their draft state and versions, the draft open in
 * the editor, importing (preview first), folders, publishing, live and revert, per-version settings,
 * and "Show in map" requests. A poll of `maps.changes` keeps the lists current when the registry
 * changes elsewhere (the CLI, another process, a file saved in another editor).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  DraftState,
  ErrorInfo,
  MapFolder,
  MapSummary,
  MethodOutput,
  Result,
  VersionRef,
  VersionSettingsData,
} from '../../../electron/common/ipc';
import { useHost } from '../api/host';
import { useNotificationsStore } from './notifications';

type MapDraft = MethodOutput<'maps.get'>;
type ImportPreview = MethodOutput<'maps.import'> & { readonly text: string; readonly fileName: string };

/** The Local environment's id: the registry the Maps view manages. */
export const LOCAL = 'local';
/** How often `maps.changes` is polled (one SQLite read on the host). */
const POLL_MS = 1000;

/** `ok`, `2 errors`, `1 warning`, `1 error, 3 warnings`. */
export function draftStateText(state: DraftState | undefined): string {
  if (!state) return 'unknown';
  if (state.state === 'ok') return 'ok';
  const parts = [];
  if (state.errors > 0) parts.push(`${state.errors} ${state.errors === 1 ? 'error' : 'errors'}`);
  if (state.warnings > 0) parts.push(`${state.warnings} ${state.warnings === 1 ? 'warning' : 'warnings'}`);
  return parts.join(', ');
}

/** A line to open the editor at, with the rule there highlighted (Show in map). */
interface RevealRequest {
  readonly mapId: string;
  readonly line: number;
  /** Increases with every request, so asking twice for the same line reveals it again. */
  readonly seq: number;
}

/** A map fetched from a remote environment, shown read-only at a line. */
interface RemoteView {
  readonly label: string;
  readonly text: string;
  readonly line: number;
}

export const useMapsStore = defineStore('maps', () => {
  const host = () => useHost();
  const maps = ref<MapSummary[]>([]);
  const folders = ref<MapFolder[]>([]);
  const loaded = ref(false);
  const error = ref<ErrorInfo | null>(null);
  const notice = ref<string | null>(null);
  const selectedId = ref<string | null>(null);
  const draft = shallowRef<MapDraft | null>(null);
  /** Whether the editor holds changes not yet saved (a reload from disk must not overwrite them silently). */
  const editorDirty = ref(false);
  const saving = ref(false);
  const preview = shallowRef<ImportPreview | null>(null);
  const reveal = ref<RevealRequest | null>(null);
  /** A remote environment's map opened read-only at a line (Show in map on a remote session). */
  const remote = shallowRef<RemoteView | null>(null);
  const generation = ref<string | null>(null);
  let lastEvent = 0;
  let revealSeq = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let polling = false;
  /** Called after the lists were re-read because of a change elsewhere (other stores refresh with it). */
  const listeners = new Set<() => void>();

  const selected = computed(() => maps.value.find((map) => map.id === selectedId.value) ?? null);

  /** Runs `call`; on failure keeps its error and reports it (naming `action`), and answers null. */
  async function attempt<T>(action: string, call: () => Promise<Result<T>>): Promise<T | null> {
    const result = await call();
    if (result.ok) {
      error.value = null;
      useNotificationsStore().resolved(action);
      return result.value;
    }
    error.value = result.error;
    useNotificationsStore().failed(action, result.error);
    return null;
  }

  function replaceSummary(summary: MapSummary): void {
    const at = maps.value.findIndex((map) => map.id === summary.id);
    maps.value = at < 0 ? [...maps.value, summary] : maps.value.map((map, index) => (index === at ? summary : map));
  }

  async function load(): Promise<void> {
    const listed = await attempt('List the maps', () => host()['maps.list']({ environmentId: LOCAL }));
    if (listed) maps.value = listed.maps;
    const known = await host()['maps.folders']({});
    if (known.ok) folders.value = known.value.folders;
    loaded.value = true;
  }

  async function openDraft(mapId: string): Promise<void> {
    const opened = await attempt('Open the map', () =>
      host()['maps.get']({ environmentId: LOCAL, mapId, versionPolicy: { kind: 'draft' } }),
    );
    if (!opened) return;
    selectedId.value = mapId;
    draft.value = opened;
    editorDirty.value = false;
  }

  async function select(mapId: string): Promise<void> {
    remote.value = null;
    if (selectedId.value === mapId && draft.value?.id === mapId) return;
    await openDraft(mapId);
  }

  /**
   * Import map… through the desktop app's native dialog: the chosen file goes to the preview.
   * False when there is no native dialog (browser mode): the caller opens its file input instead.
   */
  async function chooseImportFile(): Promise<boolean> {
    const chosen = await attempt('Choose a map file', () => host()['maps.choose']({ kind: 'file' }));
    if (!chosen) return true;
    if (chosen.outcome === 'unavailable') return false;
    if (chosen.outcome === 'file') await previewImport(chosen.text, chosen.fileName);
    return true;
  }

  /** Open folder… through the native dialog; false when there is none (the caller asks for a path). */
  async function chooseFolder(): Promise<boolean> {
    const chosen = await attempt('Choose a folder', () => host()['maps.choose']({ kind: 'folder' }));
    if (!chosen) return true;
    if (chosen.outcome === 'unavailable') return false;
    if (chosen.outcome === 'folder') await openFolder(chosen.path);
    return true;
  }

  async function previewImport(text: string, fileName: string): Promise<void> {
    const checked = await attempt('Import the map', () => host()['maps.import']({ environmentId: LOCAL, text, fileName, preview: true }));
    preview.value = checked ? { ...checked, text, fileName } : null;
  }

  async function confirmImport(name?: string, description?: string): Promise<MapSummary | null> {
    const pending = preview.value;
    if (!pending) return null;
    const imported = await attempt('Import the map', () =>
      host()['maps.import']({
        environmentId: LOCAL,
        text: pending.text,
        fileName: pending.fileName,
        preview: false,
        ...(name ? { name } : {}),
        ...(description ? { description } : {}),
      }),
    );
    if (!imported?.map) return null;
    preview.value = null;
    replaceSummary(imported.map);
    notice.value =
      imported.draft.state === 'errors'
        ? `Imported "${imported.map.name}" as a draft with ${draftStateText(imported.draft)}: fix them before publishing.`
        : `Imported "${imported.map.name}".`;
    await openDraft(imported.map.id);
    return imported.map;
  }

  async function saveDraft(text: string): Promise<boolean> {
    const mapId = selectedId.value;
    if (!mapId) return false;
    saving.value = true;
    try {
      const stored = await attempt('Save the draft', () => host()['maps.saveDraft']({ environmentId: LOCAL, mapId, rblang: text }));
      if (!stored) return false;
      replaceSummary(stored.map);
      draft.value = draft.value ? { ...draft.value, rblang: text, diagnostics: stored.diagnostics } : draft.value;
      editorDirty.value = false;
      notice.value = `Saved the draft of "${stored.map.name}" (${draftStateText(stored.map.draft)})${stored.wroteFile ? ` to ${stored.wroteFile}` : ''}.`;
      return true;
    } finally {
      saving.value = false;
    }
  }

  async function publish(note: string, live: boolean): Promise<boolean> {
    const mapId = selectedId.value;
    if (!mapId) return false;
    const published = await attempt('Publish the map', () => host()['maps.publish']({ environmentId: LOCAL, mapId, note, live }));
    if (!published) return false;
    replaceSummary(published.map);
    notice.value = `Published version ${published.version.number} of "${published.map.name}"${live ? ', now live' : ''}.`;
    return true;
  }

  async function makeLive(version: number | null): Promise<void> {
    const mapId = selectedId.value;
    if (!mapId) return;
    const changed = await attempt('Make the version live', () => host()['maps.makeLive']({ environmentId: LOCAL, mapId, version }));
    if (!changed) return;
    replaceSummary(changed.map);
    notice.value = version === null ? 'No version is live: sessions use the draft.' : `Version ${version} is live.`;
  }

  async function revertDraft(version: number): Promise<void> {
    const mapId = selectedId.value;
    if (!mapId) return;
    const reverted = await attempt('Revert the draft', () => host()['maps.revertDraft']({ environmentId: LOCAL, mapId, version }));
    if (!reverted) return;
    replaceSummary(reverted.map);
    notice.value = `The draft is now version ${version}'s text.`;
    await openDraft(mapId);
  }

  async function settings(version: VersionRef): Promise<VersionSettingsData | null> {
    const mapId = selectedId.value;
    return mapId ? attempt('Read the version settings', () => host()['maps.settings.get']({ environmentId: LOCAL, mapId, version })) : null;
  }

  async function changeSettings(version: VersionRef, change: Partial<VersionSettingsData>): Promise<VersionSettingsData | null> {
    const mapId = selectedId.value;
    return mapId
      ? attempt('Change the version settings', () => host()['maps.settings.set']({ environmentId: LOCAL, mapId, version, change }))
      : null;
  }

  async function openFolder(path: string): Promise<boolean> {
    const opened = await attempt('Follow the folder', () => host()['maps.openFolder']({ path }));
    if (!opened) return false;
    // These events are told here; the next poll must not announce them again over this notice.
    lastEvent = Math.max(lastEvent, ...opened.events.map((event) => event.seq));
    await load();
    const count = opened.folder.maps.length;
    notice.value = `Following ${opened.folder.path}: ${count} map ${count === 1 ? 'file' : 'files'}.${opened.events.length ? ` ${opened.events.map((event) => event.message).join(' ')}` : ''}`;
    return true;
  }

  async function closeFolder(folderId: string): Promise<void> {
    if (await attempt('Stop following the folder', () => host()['maps.closeFolder']({ folderId }))) await load();
  }

  /** One poll: when the generation moved, re-read the lists (and the open draft unless it has unsaved edits). */
  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      const changes = await host()['maps.changes']({ afterEvent: lastEvent });
      if (!changes.ok) return;
      // Events already told (e.g. by openFolder while this poll was on its way) are not told again.
      const fresh = changes.value.events.filter((event) => event.seq > lastEvent);
      lastEvent = Math.max(lastEvent, changes.value.lastEvent);
      const first = generation.value === null;
      const moved = changes.value.generation !== generation.value;
      generation.value = changes.value.generation;
      if (fresh.length > 0 && !first) notice.value = fresh.map((event) => event.message).join(' ');
      if (!moved || first) return;
      await load();
      const mapId = selectedId.value;
      if (mapId) {
        if (editorDirty.value)
          notice.value =
            `${notice.value ?? ''} The draft changed elsewhere; your unsaved edits are kept (save to overwrite, or reopen the map).`.trim();
        else await openDraft(mapId);
      }
      for (const listener of listeners) listener();
    } finally {
      polling = false;
    }
  }

  function startWatching(): void {
    if (timer) return;
    void poll();
    timer = setInterval(() => void poll(), POLL_MS);
  }

  function stopWatching(): void {
    clearInterval(timer);
    timer = undefined;
  }

  function onExternalChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Opens a map's draft in the editor at a line (the caller shows the Maps view). */
  async function showLine(mapId: string, line: number): Promise<void> {
    if (!loaded.value) await load();
    await select(mapId);
    remote.value = null;
    revealSeq += 1;
    reveal.value = { mapId, line, seq: revealSeq };
  }

  function showRemote(view: RemoteView | null): void {
    remote.value = view;
  }

  return {
    maps,
    folders,
    loaded,
    error,
    notice,
    selectedId,
    selected,
    draft,
    editorDirty,
    saving,
    preview,
    reveal,
    remote,
    generation,
    load,
    select,
    openDraft,
    previewImport,
    chooseImportFile,
    chooseFolder,
    confirmImport,
    saveDraft,
    publish,
    makeLive,
    revertDraft,
    settings,
    changeSettings,
    openFolder,
    closeFolder,
    poll,
    startWatching,
    stopWatching,
    onExternalChange,
    showLine,
    showRemote,
  };
});
