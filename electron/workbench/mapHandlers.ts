/** The map loop's contract methods (everything of `maps.*` but list and get), bound to their services. */
import { ok, type HostHandlers } from '../common/ipc';
import type { LocalMaps } from './services/maps/localMaps';
import type { MapDiffService } from './services/maps/mapDiffService';
import type { MapEvents } from './services/maps/mapEvents';
import type { MapFolders } from './services/maps/mapFolders';

export interface MapLoopServices {
  readonly maps: LocalMaps;
  readonly folders: MapFolders;
  readonly events: MapEvents;
  readonly diffs: MapDiffService;
}

type MapLoopMethod =
  | 'maps.changes'
  | 'maps.import'
  | 'maps.saveDraft'
  | 'maps.publish'
  | 'maps.makeLive'
  | 'maps.revertDraft'
  | 'maps.settings.get'
  | 'maps.settings.set'
  | 'maps.openFolder'
  | 'maps.folders'
  | 'maps.closeFolder'
  | 'maps.diff';

export function createMapHandlers(services: MapLoopServices): Pick<HostHandlers, MapLoopMethod> {
  const { maps, folders, events, diffs } = services;
  return {
    // The registry's generation moves on every change from any process; the event number on file changes.
    'maps.changes': async ({ afterEvent }) => ok({ generation: `${maps.generation()}:${events.last()}`, lastEvent: events.last(), events: events.after(afterEvent) }),
    'maps.import': async (input) => ok(maps.import(input)),
    'maps.saveDraft': async ({ mapId, rblang }) => ok(maps.saveDraft(mapId, rblang)),
    'maps.publish': async ({ mapId, note, live }) => ok(maps.publish(mapId, note, live)),
    'maps.makeLive': async ({ mapId, version }) => ok({ map: maps.makeLive(mapId, version) }),
    'maps.revertDraft': async ({ mapId, version }) => ok(maps.revertDraft(mapId, version)),
    'maps.settings.get': async ({ mapId, version }) => ok(maps.settings(mapId, version)),
    'maps.settings.set': async ({ mapId, version, change }) => ok(maps.updateSettings(mapId, version, change)),
    'maps.openFolder': async ({ path }) => ok(folders.open(path)),
    'maps.folders': async () => ok({ folders: folders.list() }),
    'maps.closeFolder': async ({ folderId }) => ok({ closed: folders.close(folderId) }),
    'maps.diff': async ({ before, after, impact }) => ok(await diffs.diff(before, after, impact)),
  };
}
