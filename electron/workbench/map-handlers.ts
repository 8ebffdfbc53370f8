/** The map loop's contract methods (everything of `maps.*` but list and get), bound to their services. */
import { ErrorCodes, ok, type HostHandlers } from '../common/ipc';
import { WorkbenchError } from './errors';
import type { EnvironmentService } from './services/environment-service';
import type { LocalMaps } from './services/maps/local-maps';
import type { MapChooser } from './services/maps/map-chooser';
import type { MapDiffService } from './services/maps/map-diff-service';
import type { MapEvents } from './services/maps/map-events';
import type { MapFolders } from './services/maps/map-folders';

export interface MapLoopServices {
  readonly maps: LocalMaps;
  readonly folders: MapFolders;
  readonly events: MapEvents;
  readonly diffs: MapDiffService;
  readonly environments: EnvironmentService;
  readonly chooser: MapChooser;
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
  | 'maps.choose'
  | 'maps.openFolder'
  | 'maps.folders'
  | 'maps.closeFolder'
  | 'maps.diff';

export function createMapHandlers(services: MapLoopServices): Pick<HostHandlers, MapLoopMethod> {
  const { maps, folders, events, diffs, environments, chooser } = services;
  /** The map loop edits the Local registry only; a remote deployment's maps are read-only here. */
  const local = (environmentId: string) => {
    const environment = environments.get(environmentId);
    if (environment.kind !== 'local')
      throw new WorkbenchError(
        ErrorCodes.mapsNotListable,
        `Maps are imported, edited and published in the Local environment only; ${environment.name} is a remote deployment.`,
      );
  };
  return {
    // The registry's generation moves on every change from any process; the event number on file changes.
    'maps.changes': async ({ afterEvent }) =>
      ok({ generation: `${maps.generation()}:${events.last()}`, lastEvent: events.last(), events: events.after(afterEvent) }),
    // A large text is loaded off the main thread first; the check then takes that result.
    'maps.import': async (input) => {
      local(input.environmentId);
      await maps.prepare(input.text, input.fileName);
      return ok(maps.import(input));
    },
    'maps.saveDraft': async ({ environmentId, mapId, rblang }) => {
      local(environmentId);
      await maps.prepare(rblang);
      return ok(maps.saveDraft(mapId, rblang));
    },
    'maps.publish': async ({ environmentId, mapId, note, live }) => {
      local(environmentId);
      return ok(maps.publish(mapId, note, live));
    },
    'maps.makeLive': async ({ environmentId, mapId, version }) => {
      local(environmentId);
      return ok({ map: maps.makeLive(mapId, version) });
    },
    'maps.revertDraft': async ({ environmentId, mapId, version }) => {
      local(environmentId);
      return ok(maps.revertDraft(mapId, version));
    },
    'maps.settings.get': async ({ environmentId, mapId, version }) => {
      local(environmentId);
      return ok(maps.settings(mapId, version));
    },
    'maps.settings.set': async ({ environmentId, mapId, version, change }) => {
      local(environmentId);
      return ok(maps.updateSettings(mapId, version, change));
    },
    'maps.choose': async ({ kind }) => ok(await chooser.choose(kind)),
    'maps.openFolder': async ({ path }) => ok(folders.open(path)),
    'maps.folders': async () => ok({ folders: folders.list() }),
    'maps.closeFolder': async ({ folderId }) => ok({ closed: folders.close(folderId) }),
    'maps.diff': async ({ before, after, impact }) => ok(await diffs.diff(before, after, impact)),
  };
}
