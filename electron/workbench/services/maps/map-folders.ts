/**
 * Folder-backed maps, file first like a git working tree: every map file (`.rbl`, `.rblang`,
 * `.xml`) in a followed folder feeds a registry map whose draft follows the file. The folder is
 * watched (node's fs.watch; on Linux, inotify) and synced a moment after the last change; saving
 * in the map editor writes the file. Followed folders are remembered in the workbench store.
 *
 * Nothing is ever lost: a deleted file leaves its map, draft and versions in place (marked
 * missing); a renamed file (a new name whose text is a missing file's draft) keeps its map; a
 * file that cannot be read keeps the last draft. Each of these is reported as an event.
 */
import { existsSync, readdirSync, readFileSync, statSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { ErrorCodes, type MapEvent, type MapFile, type MapFolder } from '../../../common/ipc';
import type { MapFoldersRepository } from '../../../store';
import type { Disposable } from '../../disposables';
import { WorkbenchError } from '../../errors';
import type { LocalMaps, MapFiles } from './local-maps';
import type { MapEvents } from './map-events';

const MAP_EXTENSIONS = new Set(['.rbl', '.rblang', '.xml']);

interface FileState {
  status: MapFile['status'];
  message?: string;
  /** The file's text when last read or written: only a change of the file reloads the draft (a draft changed elsewhere, by the CLI, stays). */
  text?: string;
}

interface Followed {
  readonly id: string;
  readonly path: string;
  watcher: FSWatcher | null;
  timer: NodeJS.Timeout | null;
  missing: boolean;
  /** Per file name. */
  readonly files: Map<string, FileState>;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class MapFolders implements MapFiles, Disposable {
  private readonly followed = new Map<string, Followed>();
  private poll: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: MapFoldersRepository,
    private readonly maps: LocalMaps,
    private readonly events: MapEvents,
    private readonly options: { readonly settleMs?: number; readonly pollMs?: number } = {},
  ) {}

  /** Follows the folders remembered from earlier runs. */
  restore(): void {
    for (const record of this.repository.list()) this.follow(record.id, record.path);
    // A safety net for what watchers miss (a folder deleted and made again, network drives).
    this.poll = setInterval(() => this.followed.forEach((folder) => this.sync(folder)), this.options.pollMs ?? 5000);
    this.poll.unref();
  }

  open(path: string): { folder: MapFolder; events: MapEvent[] } {
    const absolute = resolve(path);
    let isFolder = false;
    try {
      isFolder = statSync(absolute).isDirectory();
    } catch (error) {
      throw new WorkbenchError(ErrorCodes.mapFolderNotFound, `Cannot open ${absolute}: ${reason(error)}`, { path: absolute });
    }
    if (!isFolder) throw new WorkbenchError(ErrorCodes.mapFolderNotFound, `${absolute} is not a folder.`, { path: absolute });
    const record = this.repository.open(absolute);
    const seen = this.events.last();
    const folder = this.followed.get(record.id) ?? this.follow(record.id, record.path);
    this.sync(folder);
    return { folder: this.describe(folder), events: this.events.after(seen) };
  }

  list(): MapFolder[] {
    return [...this.followed.values()].map((folder) => this.describe(folder));
  }

  close(folderId: string): boolean {
    const folder = this.followed.get(folderId);
    if (folder) this.stop(folder);
    this.followed.delete(folderId);
    return this.repository.close(folderId);
  }

  fileOf(mapId: string): MapFile | undefined {
    for (const folder of this.followed.values()) {
      for (const link of this.repository.files(folder.id)) {
        if (link.mapId !== mapId) continue;
        const state = folder.files.get(link.fileName) ?? { status: 'ok' };
        return {
          folderId: folder.id,
          path: join(folder.path, link.fileName),
          status: state.status,
          ...(state.message ? { message: state.message } : {}),
        };
      }
    }
    return undefined;
  }

  writeDraft(mapId: string, text: string): string | undefined {
    const file = this.fileOf(mapId);
    if (!file) return undefined;
    try {
      writeFileSync(file.path, text, 'utf8');
    } catch (error) {
      throw new WorkbenchError(
        ErrorCodes.mapFileUnreadable,
        `The draft was not saved: ${file.path} cannot be written (${reason(error)}).`,
        { path: file.path },
      );
    }
    const folder = this.followed.get(file.folderId);
    folder?.files.set(basename(file.path), { status: 'ok', text });
    return file.path;
  }

  dispose(): void {
    if (this.poll) clearInterval(this.poll);
    this.followed.forEach((folder) => this.stop(folder));
    this.followed.clear();
  }

  private follow(id: string, path: string): Followed {
    const folder: Followed = { id, path, watcher: null, timer: null, missing: false, files: new Map() };
    this.followed.set(id, folder);
    this.watch(folder);
    this.sync(folder);
    return folder;
  }

  private watch(folder: Followed): void {
    if (folder.watcher) return;
    try {
      folder.watcher = watch(folder.path, () => this.schedule(folder));
      // The folder itself went away (or the watch broke): sync says so; the poll re-watches it.
      folder.watcher.on('error', () => {
        folder.watcher?.close();
        folder.watcher = null;
        this.schedule(folder);
      });
    } catch {
      folder.watcher = null;
    }
  }

  /**
   * Editors write a file in steps (truncate, write, rename): sync once they have settled. Changed
   * texts are loaded off the main thread first (large ones), so the sync's checks do not block.
   */
  private schedule(folder: Followed): void {
    if (folder.timer) clearTimeout(folder.timer);
    folder.timer = setTimeout(() => {
      folder.timer = null;
      void this.prepareChanged(folder).then(() => {
        if (this.followed.get(folder.id) === folder) this.sync(folder);
      });
    }, this.options.settleMs ?? 150);
  }

  /** Loads the folder's changed map files ahead of the sync (never throws: the sync reports problems). */
  private async prepareChanged(folder: Followed): Promise<void> {
    let names: string[];
    try {
      names = readdirSync(folder.path).filter((name) => MAP_EXTENSIONS.has(extname(name).toLowerCase()));
    } catch {
      return;
    }
    const texts: string[] = [];
    for (const name of names) {
      try {
        const text = readFileSync(join(folder.path, name), 'utf8');
        if (folder.files.get(name)?.text !== text) texts.push(text);
      } catch {
        // Unreadable: the sync says so.
      }
    }
    await Promise.all(texts.map((text) => this.maps.prepare(text)));
  }

  private stop(folder: Followed): void {
    if (folder.timer) clearTimeout(folder.timer);
    folder.watcher?.close();
    folder.watcher = null;
  }

  /** Brings the registry in line with the folder; never throws (problems become events). */
  private sync(folder: Followed): void {
    if (!existsSync(folder.path)) {
      if (!folder.missing)
        this.events.add({
          kind: 'folder-missing',
          path: folder.path,
          message: `The folder ${folder.path} is gone; its maps and versions are kept. Restore it, or close the folder.`,
        });
      folder.missing = true;
      folder.watcher?.close();
      folder.watcher = null;
      return;
    }
    folder.missing = false;
    this.watch(folder);
    let names: string[];
    try {
      names = readdirSync(folder.path)
        .filter((name) => MAP_EXTENSIONS.has(extname(name).toLowerCase()))
        .sort();
    } catch {
      return;
    }
    const links = new Map(this.repository.files(folder.id).map((link) => [link.fileName, link.mapId]));
    const texts = new Map<string, string>();
    for (const name of names) {
      const path = join(folder.path, name);
      try {
        if (!statSync(path).isFile()) continue;
        texts.set(name, readFileSync(path, 'utf8'));
      } catch (error) {
        const state = folder.files.get(name);
        if (state?.status !== 'unreadable') {
          const mapId = links.get(name);
          this.events.add({
            kind: 'unreadable',
            path,
            ...(mapId ? { mapId } : {}),
            message: `${path} cannot be read (${reason(error)}); the draft is unchanged.`,
          });
        }
        folder.files.set(name, { status: 'unreadable', message: `cannot be read: ${reason(error)}` });
      }
    }
    // Files gone since the last sync: their maps stay; a new file with a gone file's draft is that file renamed.
    const gone = [...links.entries()].filter(([name]) => !names.includes(name));
    for (const [name, text] of texts) {
      const mapId = links.get(name);
      if (mapId) {
        this.reload(folder, name, mapId, text);
        continue;
      }
      const renamed = gone.findIndex(([, goneId]) => this.safeDraftText(goneId) === text);
      if (renamed >= 0) {
        const [oldName, goneId] = gone.splice(renamed, 1)[0] as [string, string];
        this.repository.unlink(folder.id, oldName);
        this.repository.link(folder.id, name, goneId);
        folder.files.delete(oldName);
        folder.files.set(name, { status: 'ok', text });
        this.events.add({
          kind: 'renamed',
          mapId: goneId,
          path: join(folder.path, name),
          message: `${oldName} was renamed to ${name}; the map follows the new name.`,
        });
        continue;
      }
      const map = this.maps.create(basename(name, extname(name)), text);
      this.repository.link(folder.id, name, map.id);
      folder.files.set(name, { status: 'ok', text });
      this.events.add({
        kind: 'added',
        mapId: map.id,
        path: join(folder.path, name),
        message: `${name} was added as the map ${map.name}.`,
        ...(map.draft ? { draft: map.draft } : {}),
      });
    }
    for (const [name, mapId] of gone) {
      if (folder.files.get(name)?.status === 'missing') continue;
      folder.files.set(name, { status: 'missing', message: 'the file was deleted or renamed; the draft and versions are kept' });
      this.events.add({
        kind: 'missing',
        mapId,
        path: join(folder.path, name),
        message: `${name} is gone (deleted or renamed); the map keeps its draft and versions. Saving the draft writes the file again.`,
      });
    }
  }

  private reload(folder: Followed, name: string, mapId: string, text: string): void {
    const known = folder.files.get(name);
    folder.files.set(name, { status: 'ok', text });
    if (known?.text === text || this.safeDraftText(mapId) === text) return;
    try {
      const saved = this.maps.saveDraft(mapId, text, { writeFile: false });
      const draft = saved.map.draft;
      const state =
        !draft || draft.state === 'ok'
          ? 'no problems'
          : draft.state === 'errors'
            ? `${draft.errors} error${draft.errors === 1 ? '' : 's'}`
            : `${draft.warnings} warning${draft.warnings === 1 ? '' : 's'}`;
      this.events.add({
        kind: 'reloaded',
        mapId,
        path: join(folder.path, name),
        message: `${saved.map.name} was reloaded from ${name} (${state}).`,
        ...(draft ? { draft } : {}),
      });
    } catch (error) {
      // The map was removed from the registry elsewhere: the file becomes a new map at the next sync.
      this.repository.unlink(folder.id, name);
      this.events.add({
        kind: 'unreadable',
        mapId,
        path: join(folder.path, name),
        message: `${name} could not update its map (${reason(error)}); it will be added again.`,
      });
    }
  }

  private safeDraftText(mapId: string): string | undefined {
    try {
      return this.maps.text(mapId, { kind: 'draft' }).text;
    } catch {
      return undefined;
    }
  }

  private describe(folder: Followed): MapFolder {
    return {
      id: folder.id,
      path: folder.path,
      status: folder.missing ? 'missing' : 'ok',
      ...(folder.missing ? { message: 'The folder is gone; its maps and versions are kept.' } : {}),
      maps: this.repository.files(folder.id).map((link) => ({ mapId: link.mapId, fileName: link.fileName })),
    };
  }
}
