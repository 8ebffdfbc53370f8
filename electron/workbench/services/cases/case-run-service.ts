/**
 * Running cases from the workbench: runs and comparisons (as jobs, stored when they end), run
 * details, re-baselining from a run (preview, then apply in one transaction), and coverage of a
 * run over its local map.
 */
import { attributeCoverage, computeCoverage, outlineOf, rebaseline, CaseErrorCodes, type TestCase } from '../../../cases/core';
import { compareTargets, runCases } from '../../../cases';
import type { CaseRunTarget, MethodOutput, ParsedInput, VersionPolicy } from '../../../common/ipc';
import type { CasesStore, RunDetails } from '../../../store';
import { shortMapId, WorkbenchError } from '../../errors';
import type { EndpointResolver } from '../endpoints';
import type { MapLoader } from '../map-service';
import type { CaseJobs } from './case-jobs';
import type { CaseService } from './case-service';
import type { CaseTargets } from './run-targets';

/** Throws (a WorkbenchError) when cases must not run on a target, e.g. a Local draft with errors. */
type RunGuard = (environmentId: string, mapId: string, policy: VersionPolicy) => void;

export class CaseRunService {
  private runGuard: RunGuard = () => {};

  constructor(
    private readonly store: CasesStore,
    private readonly cases: CaseService,
    private readonly targets: CaseTargets,
    private readonly jobs: CaseJobs,
    private readonly endpoints: EndpointResolver,
    private readonly loadMap: MapLoader,
  ) {}

  /** Set by the composition root once the map services exist. */
  guardRuns(guard: RunGuard): void {
    this.runGuard = guard;
  }

  /** Each map and version the cases would start on at `target`, checked before any session starts. */
  private check(cases: readonly TestCase[], target: CaseRunTarget): void {
    const seen = new Set<string>();
    for (const testCase of cases) {
      const mapId = target.mapId ?? testCase.target.mapId;
      const own = testCase.target.version;
      const policy: VersionPolicy =
        target.versionPolicy ?? (own.policy === 'version' ? { kind: 'version', version: own.number } : { kind: own.policy });
      const key = `${mapId}\u0000${JSON.stringify(policy)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.runGuard(target.environmentId, mapId, policy);
    }
  }

  /**
   * The maps a run uses, for its title: a Local map's name, a remote one's short ID, or "3 maps".
   * Names come from the Local registry whatever the target, since cases are written against it.
   */
  private mapsOf(cases: readonly TestCase[], target: CaseRunTarget): string {
    const ids = [...new Set(cases.map((testCase) => target.mapId ?? testCase.target.mapId))];
    if (ids.length !== 1) return `${ids.length} maps`;
    let name: string | undefined;
    try {
      name = this.endpoints
        .localEngine()
        .listMaps()
        .find((map) => map.id === ids[0])?.name;
    } catch {
      name = undefined; // no embedded engine in this run: the ID has to do
    }
    return name ?? `map ${shortMapId(ids[0])}`;
  }

  private selected(selection: { caseIds?: string[] | undefined; suite?: string | undefined }): TestCase[] {
    const cases = this.cases.select(selection).map((stored) => stored.testCase);
    if (cases.length === 0) throw new WorkbenchError(CaseErrorCodes.notFound, 'There are no cases to run: save or import some first.');
    return cases;
  }

  async run(input: ParsedInput<'cases.run'>): Promise<MethodOutput<'cases.run'>> {
    const cases = this.selected(input);
    this.check(cases, input.target);
    const target = await this.targets.build(input.target);
    const title = `${this.mapsOf(cases, input.target)} on ${target.label}`;
    return this.jobs.start('run', cases.length * (input.twice ? 2 : 1), async (signal, onProgress) => {
      const run = await runCases(cases, target, { signal, onProgress, twice: input.twice });
      return this.store.runs.saveRun(run, { title, ...(input.suite ? { suite: input.suite } : {}) });
    });
  }

  async compare(input: ParsedInput<'cases.compare'>): Promise<MethodOutput<'cases.compare'>> {
    const cases = this.selected(input);
    this.check(cases, input.before);
    this.check(cases, input.after);
    const before = await this.targets.build(input.before);
    const after = await this.targets.build(input.after);
    const beforeMaps = this.mapsOf(cases, input.before);
    const afterMaps = this.mapsOf(cases, input.after);
    const title =
      beforeMaps === afterMaps
        ? `${beforeMaps}: ${before.label} → ${after.label}`
        : `${beforeMaps} on ${before.label} → ${afterMaps} on ${after.label}`;
    return this.jobs.start('compare', cases.length * 2 * (input.twice ? 2 : 1), async (signal, onProgress) => {
      const run = await compareTargets(cases, before, after, { signal, onProgress, twice: input.twice });
      return this.store.runs.saveComparison(run, { title, ...(input.suite ? { suite: input.suite } : {}) });
    });
  }

  runs(input: ParsedInput<'cases.runs'>): MethodOutput<'cases.runs'> {
    return {
      runs: this.store.runs
        .list({ limit: input.limit, ...(input.suite ? { suite: input.suite } : {}) })
        .map((run) => ({ ...run, counts: { ...run.counts } })),
    };
  }

  details(runId: string): RunDetails {
    const details = this.store.runs.get(runId);
    if (!details)
      throw new WorkbenchError(CaseErrorCodes.notFound, `No stored run ${runId} (it may have been removed by the retention settings).`);
    return details;
  }

  /** The results a re-baseline takes: a comparison's second side (the one under test), or the run's only side. */
  private primaryResults(details: RunDetails) {
    const side = details.run.kind === 'compare' ? 'b' : 'a';
    return details.results.filter((result) => result.side === side);
  }

  rebaseline(input: ParsedInput<'cases.rebaseline'>): MethodOutput<'cases.rebaseline'> {
    const details = this.details(input.runId);
    const wanted = input.caseIds ? new Set(input.caseIds) : undefined;
    const updates: TestCase[] = [];
    const items = this.primaryResults(details).flatMap((result) => {
      if (!result.caseId || (wanted && !wanted.has(result.caseId))) return [];
      const stored = this.store.cases.get(result.caseId);
      if (!stored) return [{ caseId: result.caseId, caseName: result.caseName, changes: [], problem: 'the case was deleted' }];
      const rebased = rebaseline(stored.testCase, result.observation);
      if (!rebased.ok) return [{ caseId: result.caseId, caseName: result.caseName, changes: [], problem: rebased.error.message }];
      if (rebased.value.changes.length > 0) updates.push(rebased.value.updated);
      return [{ caseId: result.caseId, caseName: result.caseName, changes: [...rebased.value.changes] }];
    });
    if (input.apply && updates.length > 0) this.store.cases.saveMany(updates);
    return { applied: input.apply && updates.length > 0, items };
  }

  coverage(input: ParsedInput<'cases.coverage'>): MethodOutput<'cases.coverage'> {
    const details = this.details(input.runId);
    const results = this.primaryResults(details);
    const first = results[0]?.observation.target;
    if (!first) throw new WorkbenchError(CaseErrorCodes.notFound, 'The run has no results.');
    const engine = this.endpoints.localEngine();
    const policy =
      first.version.policy === 'version' ? { kind: 'version' as const, version: first.version.number } : { kind: first.version.policy };
    const source = engine.mapSource(first.mapId, policy);
    if (!source)
      throw new WorkbenchError(
        CaseErrorCodes.notFound,
        `Coverage needs the map's source; map ${first.mapId} is not in the local registry.`,
      );
    const loaded = this.loadMap(source.rblang);
    if (!loaded.map) throw new WorkbenchError(CaseErrorCodes.invalid, `Map ${first.mapId} does not load.`);
    const onMap = results.filter((result) => result.observation.target.mapId === first.mapId);
    const outline = outlineOf(loaded.map);
    return {
      mapId: first.mapId,
      versionPolicy: policy,
      coverage: computeCoverage(
        outline,
        onMap.map((result) => result.observation),
      ),
      exercisedBy: attributeCoverage(outline, onMap),
    };
  }
}
