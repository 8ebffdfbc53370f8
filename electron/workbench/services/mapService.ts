/**
 * Maps of an environment. The Local registry lists its maps and serves their sources; the Decision
 * API has no listing endpoint, so for remote environments the renderer lets the user type a map id.
 */
import { outlineOf } from '../../cases/coverage/outline';
import { ErrorCodes, type MethodOutput, type VersionPolicy } from '../../common/ipc';
import type { LoadResult } from '../../engine/model/types';
import { vocabularyOf } from '../engine/vocabulary';
import { WorkbenchError } from '../errors';
import type { EndpointResolver } from './endpoints';
import type { EnvironmentService } from './environmentService';
import type { LocalMaps } from './maps/localMaps';

/** Parses RBLang (the engine's loader). */
export type MapLoader = (source: string, options?: { fileName?: string }) => LoadResult;

function describePolicy(policy: VersionPolicy): string {
  return policy.kind === 'version' ? `version ${policy.version}` : policy.kind;
}

export class MapService {
  constructor(
    private readonly environments: EnvironmentService,
    private readonly endpoints: EndpointResolver,
    private readonly loadMap: MapLoader,
    private readonly localMaps?: LocalMaps,
  ) {}

  list(environmentId: string): MethodOutput<'maps.list'> {
    const environment = this.environments.get(environmentId);
    if (environment.kind !== 'local') return { listable: false, maps: [] };
    const engine = this.endpoints.localEngine();
    // With the registry at hand, summaries carry the draft's check, notes and followed files.
    return { listable: true, maps: engine.registry && this.localMaps ? this.localMaps.list() : engine.listMaps() };
  }

  get(environmentId: string, mapId: string, policy: VersionPolicy): MethodOutput<'maps.get'> {
    const environment = this.environments.get(environmentId);
    if (environment.kind !== 'local') {
      throw new WorkbenchError(ErrorCodes.mapsNotListable, `Map sources are available from the Local environment only; ${environment.name} is a remote deployment.`);
    }
    const source = this.endpoints.localEngine().mapSource(mapId, policy);
    if (!source) throw new WorkbenchError(ErrorCodes.mapNotFound, `The Local registry has no ${describePolicy(policy)} of map ${mapId}.`);
    const loaded = this.loadMap(source.rblang, { fileName: `${source.name}.rbl` });
    const file = this.endpoints.localEngine().registry && this.localMaps ? this.localMaps.summary(mapId).file : undefined;
    return {
      ...(file ? { file } : {}),
      id: source.id,
      name: source.name,
      versionStatus: source.versionStatus,
      rblang: source.rblang,
      vocabulary: loaded.map ? vocabularyOf(loaded.map) : { relationships: [], concepts: [] },
      // Rule ids as coverage gives them (same outline), so the coverage map can match the two.
      rules: loaded.map ? outlineOf(loaded.map).rules.map(({ id, relationship, conditions, line }) => ({ id, relationship, conditions: [...conditions], line })) : [],
      // `info` diagnostics are loader notes, not problems the editor should underline.
      diagnostics: loaded.diagnostics.flatMap(({ severity, message, line, column, code }) =>
        severity === 'info' ? [] : [{ severity, message, line, column, code }],
      ),
    };
  }
}
