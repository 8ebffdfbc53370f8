/**
 * What a run leaves behind: report files (`--report KIND:FILE`, several per run), the coverage file
 * and its summary line, and the `--min-coverage` verdict. Shared by `lapwing test` and
 * `lapwing test merge`, so a merged report is written exactly as a single run's.
 */
import { writeFile } from 'node:fs/promises';
import {
  coverageDocument,
  coverageOfRun,
  coverageShortfalls,
  coverageSummary,
  coverageTargets,
  coverageKey,
  toHtmlReport,
  toJUnit,
  toSuiteReportJson,
  type CoverageThresholds,
  type MapCoverage,
  type SuiteReport,
} from '../../../cases';
import { outlineOf, type MapOutline, type Observation, type TargetRef } from '../../../cases/core';
import type { ReportKind } from './flags';

export function renderReport(suiteReport: SuiteReport, kind: ReportKind): string {
  if (kind === 'junit') return toJUnit(suiteReport.report);
  if (kind === 'html') return toHtmlReport(suiteReport.report);
  return toSuiteReportJson(suiteReport);
}

export async function writeReports(suiteReport: SuiteReport, requests: readonly { kind: ReportKind; file: string }[]): Promise<void> {
  for (const request of requests) await writeFile(request.file, renderReport(suiteReport, request.kind));
}

/**
 * Coverage per map version the observations ran on; `sourceOf` gives each version's RBLang
 * (a version whose source is unavailable or does not load is noted and left out).
 */
export async function coverageOf(
  observations: readonly Observation[],
  sourceOf: (ref: TargetRef) => Promise<string | undefined>,
): Promise<{ maps: MapCoverage[]; notes: string[] }> {
  const { loadMap } = await import('../../../engine');
  const outlines = new Map<string, MapOutline>();
  const notes: string[] = [];
  for (const ref of coverageTargets(observations)) {
    const source = await sourceOf(ref).catch(() => undefined);
    const map = source === undefined ? undefined : loadMap(source).map;
    if (map) outlines.set(coverageKey(ref), outlineOf(map));
    else
      notes.push(
        `no coverage for map ${coverageKey(ref)}: ${source === undefined ? 'its source is not available from the target' : 'its source does not load'}`,
      );
  }
  return { maps: coverageOfRun(observations, outlines), notes };
}

/** Writes `--coverage`, prints the summary, and returns the shortfalls against `--min-coverage` (one line each). */
export async function reportCoverage(
  maps: readonly MapCoverage[],
  options: { file?: string | undefined; thresholds?: CoverageThresholds | undefined },
  print: (text: string) => void,
): Promise<string[]> {
  if (options.file !== undefined) await writeFile(options.file, coverageDocument(maps));
  print(coverageSummary(maps));
  return options.thresholds ? coverageShortfalls(maps, options.thresholds) : [];
}
