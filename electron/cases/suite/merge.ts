/**
 * Merging shard reports into the report of the whole suite: checks they are the N shards of one
 * suite, each once and none missing, that every case is in exactly one and in the shard its
 * identity hashes to, then joins the runs in suite order and recomputes coverage over all of them.
 * Problems name the file and what is wrong, all of them at once.
 */
import type { MapOutline } from '../core';
import { summarise } from '../core';
import type { Observation } from '../core';
import { primaryRun, type TestReport } from '../report/model';
import { countStatuses, type CaseRun, type ComparisonRun, type TargetRun } from '../replay/runner';
import { coverageOfRun, type MapCoverage } from './coverage';
import { shardOf, suiteFingerprint } from './shard';
import type { SuiteReport } from './suite-report';

export interface NamedReport {
  readonly file: string;
  readonly report: SuiteReport;
}

interface MergedSuite {
  readonly report: TestReport;
  readonly suite: SuiteReport['suite'];
  readonly shards: number;
  /** Recomputed over every shard's observations; undefined when the shards carried no outlines. */
  readonly coverage?: readonly MapCoverage[] | undefined;
}

type MergeResult = { readonly ok: true; readonly value: MergedSuite } | { readonly ok: false; readonly problems: readonly string[] };

/** Cases of several runs of one target joined in suite order; the wall time is the longest shard's (they ran side by side). */
function joinRuns(runs: readonly TargetRun[], order: readonly number[][]): TargetRun {
  const placed: { position: number; run: CaseRun }[] = runs.flatMap((run, index) =>
    run.cases.map((caseRun, caseIndex) => ({ position: order[index]?.[caseIndex] ?? 0, run: caseRun })),
  );
  placed.sort((a, b) => a.position - b.position);
  const cases = placed.map((item) => item.run);
  const first = runs[0] as TargetRun;
  return {
    target: first.target,
    startedAt: runs.map((run) => run.startedAt).sort()[0] ?? first.startedAt,
    durationMs: Math.max(...runs.map((run) => run.durationMs)),
    cases,
    counts: countStatuses(cases),
    cancelled: runs.some((run) => run.cancelled),
  };
}

function checkShards(reports: readonly NamedReport[]): string[] {
  const problems: string[] = [];
  const [first] = reports;
  if (!first) return ['name at least one shard report'];
  const { suite, shard } = first.report;
  const seen = new Map<number, string>();
  for (const { file, report } of reports) {
    if (report.suite.fingerprint !== suite.fingerprint || report.suite.cases !== suite.cases) {
      problems.push(
        `${file}: a report of another suite (${report.suite.cases} cases, ${report.suite.fingerprint}) than ${first.file} (${suite.cases} cases, ${suite.fingerprint})`,
      );
      continue;
    }
    if (report.shard.count !== shard.count) {
      problems.push(`${file}: shard ${report.shard.index}/${report.shard.count}, but ${first.file} is shard ${shard.index}/${shard.count}`);
      continue;
    }
    if (report.report.kind !== first.report.report.kind) {
      problems.push(`${file}: a ${report.report.kind} report, but ${first.file} is a ${first.report.report.kind} report`);
      continue;
    }
    const earlier = seen.get(report.shard.index);
    if (earlier !== undefined) problems.push(`${file}: shard ${report.shard.index}/${shard.count} again (${earlier} is that shard too)`);
    else seen.set(report.shard.index, file);
  }
  if (problems.length > 0) return problems;
  const missing = Array.from({ length: shard.count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    problems.push(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${shard.count}`).join(', ')} missing (given: ${[
        ...seen.keys(),
      ]
        .sort((a, b) => a - b)
        .map((index) => `${index}/${shard.count}`)
        .join(', ')})`,
    );
  return problems;
}

function checkCases(reports: readonly NamedReport[]): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const identities: string[] = [];
  for (const { file, report } of reports) {
    for (const place of report.places) {
      const earlier = owner.get(place.identity);
      if (earlier !== undefined) problems.push(`${file}: case ${place.identity} is also in ${earlier}`);
      owner.set(place.identity, file);
      identities.push(place.identity);
      const belongs = shardOf(place.identity, report.shard.count);
      if (belongs !== report.shard.index)
        problems.push(`${file}: case ${place.identity} belongs to shard ${belongs}/${report.shard.count}, not ${report.shard.index}`);
    }
  }
  const suite = reports[0]?.report.suite;
  const union = suiteFingerprint([...new Set(identities)]);
  if (suite && problems.length === 0 && (union.fingerprint !== suite.fingerprint || union.cases !== suite.cases))
    problems.push(
      `the shards hold ${union.cases} of the suite's ${suite.cases} cases, or other cases than it (fingerprint ${union.fingerprint}, expected ${suite.fingerprint})`,
    );
  return problems;
}

function mergeCoverage(
  reports: readonly NamedReport[],
  observations: readonly Observation[],
): { coverage?: MapCoverage[]; problems: string[] } {
  const outlines = new Map<string, { outline: MapOutline; file: string; text: string }>();
  const problems: string[] = [];
  let any = false;
  for (const { file, report } of reports) {
    if (!report.coverage) continue;
    any = true;
    for (const map of report.coverage) {
      const key = `${map.mapId} ${map.version}`;
      const text = JSON.stringify(map.outline);
      const known = outlines.get(key);
      if (!known) outlines.set(key, { outline: map.outline, file, text });
      else if (known.text !== text)
        problems.push(`${file}: map ${map.mapId} ${map.version} differs from the one in ${known.file} (the map changed between shards)`);
    }
  }
  if (!any) return { problems };
  return { coverage: coverageOfRun(observations, new Map([...outlines].map(([key, value]) => [key, value.outline]))), problems };
}

export function mergeSuiteReports(reports: readonly NamedReport[]): MergeResult {
  const shardProblems = checkShards(reports);
  if (shardProblems.length > 0) return { ok: false, problems: shardProblems };
  const caseProblems = checkCases(reports);
  if (caseProblems.length > 0) return { ok: false, problems: caseProblems };
  const first = (reports[0] as NamedReport).report;
  const order = reports.map(({ report }) => report.places.map((place) => place.position));
  const generatedAt = new Date().toISOString();
  let report: TestReport;
  if (first.report.kind === 'run') {
    report = {
      kind: 'run',
      generatedAt,
      run: joinRuns(
        reports.map(({ report: item }) => primaryRun(item.report)),
        order,
      ),
    };
  } else {
    const comparisons = reports.map(({ report: item }) => item.report.run as ComparisonRun);
    const before = joinRuns(
      comparisons.map((run) => run.before),
      order,
    );
    const after = joinRuns(
      comparisons.map((run) => run.after),
      order,
    );
    const placed = comparisons.flatMap((run, index) =>
      run.comparisons.map((comparison, caseIndex) => ({ position: order[index]?.[caseIndex] ?? 0, comparison })),
    );
    placed.sort((a, b) => a.position - b.position);
    const joined = placed.map((item) => item.comparison);
    report = { kind: 'compare', generatedAt, run: { before, after, comparisons: joined, summary: summarise(joined) } };
  }
  const merged = mergeCoverage(
    reports,
    primaryRun(report).cases.map((caseRun) => caseRun.observation),
  );
  if (merged.problems.length > 0) return { ok: false, problems: merged.problems };
  return {
    ok: true,
    value: { report, suite: first.suite, shards: first.shard.count, ...(merged.coverage ? { coverage: merged.coverage } : {}) },
  };
}
