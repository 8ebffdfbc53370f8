/**
 * Impact of a map diff: the saved cases whose coverage (from each case's newest run) touches a
 * changed entry. A rule entry is touched when the rule fired in the case's evidence (on either
 * side's rule id); a relationship or stated fact when the case used the relationship (injected,
 * queried, asked, answered, concluded, in evidence). Concepts and instances have no coverage of
 * their own and are reached through the relationships and rules that use them.
 */
import { attributeCoverage, outlineOf, type CoverageAttribution, type Observation } from '../../../cases/core';
import type { MapImpact } from '../../../common/ipc';
import type { MapDiffReport } from '../../../common/map-diff';
import type { KnowledgeMap } from '../../../engine';

/** The saved cases of a map and what each did in its newest run. */
export interface CaseCoverageSource {
  casesOf(mapId: string): { readonly id: string; readonly name: string; readonly suite?: string }[];
  latestObservation(caseId: string): Observation | undefined;
}

export function impactOf(
  report: MapDiffReport,
  maps: { readonly before?: KnowledgeMap; readonly after?: KnowledgeMap },
  cases: ReturnType<CaseCoverageSource['casesOf']>,
  observe: (caseId: string) => Observation | undefined,
): MapImpact {
  // Case ids stand in for case names, so the attribution answers ids.
  const observed = cases.flatMap((item) => {
    const observation = observe(item.id);
    return observation ? [{ caseName: item.id, observation }] : [];
  });
  const attribution = (map: KnowledgeMap | undefined): CoverageAttribution | undefined =>
    map ? attributeCoverage(outlineOf(map), observed) : undefined;
  const before = attribution(maps.before);
  const after = attribution(maps.after);
  const byEntry: MapImpact['byEntry'] = [];
  for (const entry of report.entries) {
    const ids = new Set<string>();
    const add = (list: readonly string[] | undefined) => list?.forEach((id) => ids.add(id));
    if (entry.kind === 'rule') {
      if (entry.before?.ruleId) add(before?.rules[entry.before.ruleId]);
      if (entry.after?.ruleId) add(after?.rules[entry.after.ruleId]);
    } else if ((entry.kind === 'relationship' || entry.kind === 'fact') && entry.relationship) {
      add(before?.relationships[entry.relationship]);
      add(after?.relationships[entry.relationship]);
    }
    if (ids.size > 0) byEntry.push({ key: entry.key, caseIds: [...ids].sort() });
  }
  const touched = new Set(byEntry.flatMap((entry) => entry.caseIds));
  return {
    cases: cases
      .filter((item) => touched.has(item.id))
      .map(({ id, name, suite }) => ({ id, name, ...(suite === undefined ? {} : { suite }) })),
    byEntry,
    caseIds: cases.filter((item) => touched.has(item.id)).map((item) => item.id),
    unassessed: cases.length - observed.length,
  };
}
