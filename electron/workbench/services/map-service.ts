/**
 * Maps of an environment. The Local registry lists its maps and serves their sources; the Decision
 * API has no listing endpoint, so for remote environments the renderer lets the user type a map id
 * (and a remote map's source is fetched from its file endpoint).
 */
import { outlineOf } from '../../cases/core';
import { describePolicy } from '../../common/decision-api';
import { ErrorCodes, type Environment, type MapFile, type MethodOutput, type VersionPolicy } from '../../common/ipc';
import type { LoadResult } from '../../engine';
import type { DecisionApi } from '../ports/decision-api';
import type { LocalMapSource } from '../ports/local-engine';
import { vocabularyOf } from '../ports/vocabulary';
import { WorkbenchError } from '../errors';
import type { EndpointResolver } from './endpoints';
import type { EnvironmentService } from './environment-service';
import type { LocalMaps } from './maps/local-maps';

/** Parses RBLang (the engine's loader). */
export type MapLoader = (source: string, options?: { fileName?: string }) => LoadResult;

export class MapService {
  constructor(
    private readonly environments: EnvironmentService,
    private readonly endpoints: EndpointResolver,
    private readonly loadMap: MapLoader,
    private readonly localMaps?: LocalMaps,
    private readonly api?: DecisionApi,
  ) {}

  list(environmentId: string): MethodOutput<'maps.list'> {
    const environment = this.environments.get(environmentId);
    if (environment.kind !== 'local') return { listable: false, maps: [] };
    const engine = this.endpoints.localEngine();
    // With the registry at hand, summaries carry the draft's check, notes and followed files.
    return { listable: true, maps: engine.registry && this.localMaps ? this.localMaps.list() : engine.listMaps() };
  }

  async get(environmentId: string, mapId: string, policy: VersionPolicy): Promise<MethodOutput<'maps.get'>> {
    const environment = this.environments.get(environmentId);
    if (environment.kind !== 'local') return this.describe(await this.remoteSource(environment, mapId, policy), undefined);
    const source = this.endpoints.localEngine().mapSource(mapId, policy);
    if (!source) throw new WorkbenchError(ErrorCodes.mapNotFound, `The Local registry has no ${describePolicy(policy)} of map ${mapId}.`);
    const file = this.endpoints.localEngine().registry && this.localMaps ? this.localMaps.summary(mapId).file : undefined;
    return this.describe(source, file);
  }

  /**
   * A remote map's source from `GET /analysis/file/{kmID}` (with the environment's key), so "Show
   * in map" and completions work for remote maps too. `live` asks without a version (the
   * deployment's live one); `draft` is not served by the file endpoint.
   */
  private async remoteSource(environment: Environment, mapId: string, policy: VersionPolicy): Promise<LocalMapSource> {
    if (!this.api)
      throw new WorkbenchError(ErrorCodes.mapsNotListable, `Map sources of ${environment.name} cannot be fetched in this run.`);
    if (policy.kind === 'draft')
      throw new WorkbenchError(
        ErrorCodes.mapsNotListable,
        `${environment.name} serves the files of published versions only; choose live or a version.`,
      );
    const fetched = await this.api.mapFile(
      await this.endpoints.for(environment),
      mapId,
      policy.kind === 'version' ? policy.version : undefined,
    );
    if (!fetched.ok)
      throw new WorkbenchError(
        fetched.error.code,
        `${environment.name} did not give map ${mapId}: ${fetched.error.message}`,
        fetched.error.details,
      );
    return {
      id: mapId,
      name: mapId,
      versionStatus: policy.kind === 'version' ? `Version${policy.version}` : 'Live',
      rblang: fetched.value,
    };
  }

  private describe(source: LocalMapSource, file: MapFile | undefined): MethodOutput<'maps.get'> {
    const loaded = this.loadMap(source.rblang, { fileName: `${source.name}.rbl` });
    return {
      ...(file ? { file } : {}),
      id: source.id,
      name: source.name,
      versionStatus: source.versionStatus,
      rblang: source.rblang,
      vocabulary: loaded.map ? vocabularyOf(loaded.map) : { relationships: [], concepts: [] },
      // Rule ids as coverage gives them (same outline), so the coverage map can match the two.
      rules: loaded.map
        ? outlineOf(loaded.map).rules.map(({ id, relationship, conditions, line }) => ({
            id,
            relationship,
            conditions: [...conditions],
            line,
          }))
        : [],
      // `info` diagnostics are loader notes, not problems the editor should underline.
      diagnostics: loaded.diagnostics.flatMap(({ severity, message, line, column, code }) =>
        severity === 'info' ? [] : [{ severity, message, line, column, code }],
      ),
    };
  }
}
