/**
 * `maps.diff`: reads the two sides (a Local draft, version or live; a file; pasted text; a remote
 * environment's map), diffs them by meaning, and adds the impact on saved cases and, when both
 * sides are Local versions of a map, the `cases.compare` targets for "Run these cases".
 */
import { readFile } from 'node:fs/promises';
import { ErrorCodes, type CaseRunTarget, type MapDiffSide, type MethodOutput, type VersionPolicy } from '../../../common/ipc';
import { diffMaps, type LoadResult } from '../../../engine';
import type { DecisionApi } from '../../ports/decision-api';
import { WorkbenchError } from '../../errors';
import type { EndpointResolver } from '../endpoints';
import type { EnvironmentService } from '../environment-service';
import type { MapLoader } from '../map-service';
import { impactOf, type CaseCoverageSource } from './impact';
import { selectorOf, type LocalMaps } from './local-maps';

interface ReadSide {
  readonly label: string;
  readonly text: string;
  readonly mapId?: string;
  readonly policy?: VersionPolicy;
}

function policyOf(side: MapDiffSide): VersionPolicy | undefined {
  if (side.kind === 'draft') return { kind: 'draft' };
  if (side.kind === 'live') return { kind: 'live' };
  if (side.kind === 'version') return { kind: 'version', version: side.version };
  return undefined;
}

export class MapDiffService {
  constructor(
    private readonly maps: LocalMaps,
    private readonly loadMap: MapLoader,
    private readonly environments: EnvironmentService,
    private readonly endpoints: EndpointResolver,
    private readonly api: DecisionApi,
    private readonly cases: () => CaseCoverageSource | null,
  ) {}

  async diff(before: MapDiffSide, after: MapDiffSide, withImpact: boolean): Promise<MethodOutput<'maps.diff'>> {
    const [a, b] = await Promise.all([this.read(before, 'before'), this.read(after, 'after')]);
    const loadedA = this.loadMap(a.text);
    const loadedB = this.loadMap(b.text);
    const report = diffMaps(loadedA, loadedB);
    const mapIds = [...new Set([a.mapId, b.mapId].filter((id): id is string => id !== undefined))];
    const source = withImpact ? this.cases() : null;
    const impact = source ? this.impact(report, loadedA, loadedB, mapIds, source) : undefined;
    const runTargets =
      a.mapId && b.mapId && a.policy && b.policy
        ? { before: this.target(a.mapId, a.policy), after: this.target(b.mapId, b.policy) }
        : undefined;
    return {
      report,
      before: { label: a.label, text: a.text },
      after: { label: b.label, text: b.text },
      ...(impact ? { impact } : {}),
      ...(runTargets ? { runTargets } : {}),
    };
  }

  private impact(report: ReturnType<typeof diffMaps>, a: LoadResult, b: LoadResult, mapIds: readonly string[], source: CaseCoverageSource) {
    const cases = mapIds.flatMap((mapId) => source.casesOf(mapId));
    return impactOf(report, { ...(a.map ? { before: a.map } : {}), ...(b.map ? { after: b.map } : {}) }, cases, (caseId) =>
      source.latestObservation(caseId),
    );
  }

  private target(mapId: string, versionPolicy: VersionPolicy): CaseRunTarget {
    return { environmentId: 'local', mapId, versionPolicy };
  }

  private async read(side: MapDiffSide, which: string): Promise<ReadSide> {
    const policy = policyOf(side);
    if (policy && 'mapId' in side) {
      try {
        const { text, status, name } = this.maps.text(side.mapId, selectorOf(policy));
        const label =
          side.kind === 'live'
            ? `${name} live (${status === 'Draft' ? 'no live version: the draft' : status.replace('Version', 'version ')})`
            : `${name} ${status === 'Draft' ? 'draft' : status.replace('Version', 'version ')}`;
        return { label, text, mapId: side.mapId, policy };
      } catch (error) {
        if (error instanceof WorkbenchError)
          throw new WorkbenchError(ErrorCodes.mapDiffSideInvalid, `The ${which} side: ${error.message}`, { side: which });
        throw error;
      }
    }
    if (side.kind === 'file') {
      try {
        return { label: side.path, text: await readFile(side.path, 'utf8') };
      } catch (error) {
        throw new WorkbenchError(
          ErrorCodes.mapDiffSideInvalid,
          `The ${which} side: ${side.path} cannot be read (${error instanceof Error ? error.message : String(error)}).`,
          { side: which, path: side.path },
        );
      }
    }
    if (side.kind === 'text') return { label: side.label, text: side.text };
    if (side.kind === 'remote') {
      const environment = this.environments.get(side.environmentId);
      const fetched = await this.api.mapFile(await this.endpoints.for(environment), side.kmId, side.version);
      if (!fetched.ok)
        throw new WorkbenchError(
          ErrorCodes.mapDiffSideInvalid,
          `The ${which} side: ${environment.name} did not give map ${side.kmId}: ${fetched.error.message}`,
          { side: which, cause: fetched.error.code },
        );
      return {
        label: `${environment.name}: ${side.kmId}${side.version === undefined ? '' : ` version ${side.version}`}`,
        text: fetched.value,
      };
    }
    throw new WorkbenchError(ErrorCodes.mapDiffSideInvalid, `The ${which} side is not one the workbench can read.`);
  }
}
