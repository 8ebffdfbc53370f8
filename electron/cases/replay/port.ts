/**
 * What a replay needs of a Decision API: the typed client's consultation and evidence calls.
 * `DecisionApiClient` satisfies it as is; tests and the bench may wrap it (timing, faults).
 */
import type { DecisionApiClient } from '../../client';
import { describePolicy, startOptionsOf as startOptionsOfPolicy } from '../../common/decision-api';
import { policyOfCase, type CaseVersion, type TargetRef } from '../core';

export type ReplayApi = Pick<DecisionApiClient, 'start' | 'inject' | 'query' | 'respond' | 'evidence'>;

/** Keys come from the environment or the keychain, never from case files. */
export interface ReplayKeys {
  readonly apiKey: string;
  readonly evidenceKey?: string;
}

/**
 * Where cases run. `mapId` and `version` override each case's own target (the CLI's `--map`,
 * `--draft`, `--version N`, `--live`, and the two sides of a comparison).
 */
export interface RunTarget {
  readonly label: string;
  readonly baseUrl: string;
  readonly api: ReplayApi;
  readonly keys: ReplayKeys;
  readonly mapId?: string;
  readonly version?: CaseVersion;
  /**
   * The evidence key for a map version when `keys.evidenceKey` is not set: keys differ per map
   * version, and a local server's owner can look them up (a remote target never does).
   */
  readonly evidenceKeyFor?: (target: TargetRef) => string | undefined;
  /** Whether the target has a map, for targets that can list theirs (a local registry). */
  readonly hasMap?: (mapId: string) => boolean;
  /** The environment's name, for messages ("map … is not in Local"); the label when absent. */
  readonly environmentName?: string;
}

/** The concrete map version a case runs on against a target. */
export function resolveTarget(target: RunTarget, caseTarget: { readonly mapId: string; readonly version: CaseVersion }): TargetRef {
  return {
    label: target.label,
    baseUrl: target.baseUrl,
    mapId: target.mapId ?? caseTarget.mapId,
    version: target.version ?? caseTarget.version,
  };
}

/** `live`, `draft`, `version 3`. */
export function describeVersion(version: CaseVersion): string {
  return describePolicy(policyOfCase(version));
}

/** `/start` options for a case's version (live falls back to the draft when none is live, as on the platform). */
export function startOptionsOf(version: CaseVersion): { useDraft?: boolean; version?: number } {
  return startOptionsOfPolicy(policyOfCase(version));
}
