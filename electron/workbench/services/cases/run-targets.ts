/**
 * Run targets for cases from workbench environments: the environment's base URL and keys (from
 * the keychain, or the embedded registry's for Local, as consultations get them), through the
 * Decision API client with a keep-alive transport; for Local, in-process through the embedded
 * server's decision functions (no socket, the same answers), when the engine offers them.
 */
import type { CaseRunTarget } from '../../../common/ipc';
import { caseVersionOf } from '../../../cases/core';
import { describeVersion, inProcessApi, type RunTarget } from '../../../cases';
import type { NodeFetch } from '../../../cases';
import { DecisionApiClient } from '../../../client';
import type { EndpointResolver } from '../endpoints';
import type { EnvironmentService } from '../environment-service';

export class CaseTargets {
  constructor(
    private readonly environments: EnvironmentService,
    private readonly endpoints: EndpointResolver,
    private readonly transport: NodeFetch,
  ) {}

  async build(target: CaseRunTarget): Promise<RunTarget> {
    const environment = this.environments.get(target.environmentId);
    const endpoint = await this.endpoints.for(environment, { evidence: true });
    const version = target.versionPolicy ? caseVersionOf(target.versionPolicy) : undefined;
    const label = `${environment.name}${version ? ` ${describeVersion(version)}` : ''}`;
    const local = environment.kind === 'local' ? this.endpoints.localEngine() : undefined;
    return {
      label,
      environmentName: environment.name,
      baseUrl: endpoint.baseUrl,
      api: local?.decisions
        ? inProcessApi(local.decisions)
        : new DecisionApiClient({ environment: endpoint.baseUrl, fetch: this.transport.fetch }),
      keys: { apiKey: endpoint.apiKey ?? '', ...(endpoint.evidenceKey ? { evidenceKey: endpoint.evidenceKey } : {}) },
      ...(target.mapId ? { mapId: target.mapId } : {}),
      ...(version ? { version } : {}),
      // Local: each map version has its own evidence key in the embedded registry.
      ...(local ? { hasMap: (mapId: string) => local.listMaps().some((item) => item.id === mapId) } : {}),
      ...(local
        ? {
            evidenceKeyFor: (ref) => {
              const map = local.listMaps().find((item) => item.id === ref.mapId);
              if (!map) return undefined;
              const live = map.versions.find((item) => item.live);
              const versionId =
                ref.version.policy === 'draft'
                  ? map.id
                  : ref.version.policy === 'version'
                    ? map.versions.find((item) => item.number === (ref.version as { number: number }).number)?.id
                    : (live?.id ?? map.id);
              return versionId ? local.versionKeys(versionId)?.evidenceKey : undefined;
            },
          }
        : {}),
    };
  }
}
