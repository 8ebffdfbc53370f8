/**
 * Coverage of a run, per map version the cases ran on (a suite may span maps): what `--coverage`
 * writes, what a shard report carries (the outline, so `lapwing test merge` can recompute coverage
 * over every shard's observations), the one-line summary, and `--min-coverage` thresholds.
 */
import { z } from 'zod';
import { computeCoverage, type Coverage, type MapOutline, type Observation, type TargetRef } from '../core';
import { describeVersion } from '../replay/port';

export interface MapCoverage {
  readonly mapId: string;
  /** `live`, `draft`, `version 3`. */
  readonly version: string;
  readonly outline: MapOutline;
  readonly coverage: Coverage;
}

/** The group a case's observation counts towards. */
export function coverageKey(target: TargetRef): string {
  return `${target.mapId} ${describeVersion(target.version)}`;
}

/** One representative target per map version observed, in first-seen order. */
export function coverageTargets(observations: readonly Observation[]): TargetRef[] {
  const seen = new Map<string, TargetRef>();
  for (const observation of observations)
    if (!seen.has(coverageKey(observation.target))) seen.set(coverageKey(observation.target), observation.target);
  return [...seen.values()];
}

/** Coverage per map version, given an outline for each (groups without one are left out). */
export function coverageOfRun(observations: readonly Observation[], outlines: ReadonlyMap<string, MapOutline>): MapCoverage[] {
  return coverageTargets(observations).flatMap((target) => {
    const key = coverageKey(target);
    const outline = outlines.get(key);
    if (!outline) return [];
    const mine = observations.filter((observation) => coverageKey(observation.target) === key);
    return [{ mapId: target.mapId, version: describeVersion(target.version), outline, coverage: computeCoverage(outline, mine) }];
  });
}

const AREAS = ['relationships', 'rules', 'questions', 'options'] as const;
export type CoverageArea = (typeof AREAS)[number];

const percent = (part: { covered: number; total: number }) => (part.total === 0 ? 100 : (part.covered / part.total) * 100);

/** `coverage of MAP live: relationships 5/6 (83%), rules 3/4 (75%), …` for each map version. */
export function coverageSummary(maps: readonly MapCoverage[]): string {
  if (maps.length === 0) return 'coverage: no map outline was available\n';
  return maps
    .map((map) => {
      const parts = AREAS.map((area) => {
        const part = map.coverage.totals[area];
        return `${area === 'options' ? 'answer options' : area} ${part.covered}/${part.total} (${percent(part).toFixed(0)}%)`;
      });
      return `coverage of map ${map.mapId} ${map.version}: ${parts.join(', ')}\n`;
    })
    .join('');
}

/** The `--coverage FILE` document. */
export function coverageDocument(maps: readonly MapCoverage[]): string {
  const body = {
    format: 'lapwing-coverage',
    version: 1,
    maps: maps.map((map) => ({
      mapId: map.mapId,
      version: map.version,
      totals: map.coverage.totals,
      percent: Object.fromEntries(AREAS.map((area) => [area, Math.round(percent(map.coverage.totals[area]) * 10) / 10])),
      relationships: map.coverage.relationships,
      rules: map.coverage.rules,
      questions: map.coverage.questions,
    })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

export type CoverageThresholds = Readonly<Partial<Record<CoverageArea, number>>>;

/** `rules=80,questions=60`: areas (relationships, rules, questions, options) and percentages 0–100. */
export const CoverageThresholdsSchema = z
  .string()
  .trim()
  .min(1, 'name at least one area, e.g. rules=80')
  .transform((text, context): CoverageThresholds => {
    const thresholds: Partial<Record<CoverageArea, number>> = {};
    for (const part of text.split(',')) {
      const match = /^\s*([a-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*%?\s*$/i.exec(part);
      const area = match?.[1]?.toLowerCase();
      if (!match || !area) {
        context.addIssue({ code: 'custom', message: `"${part.trim()}" is not AREA=PERCENT (e.g. rules=80)` });
        return z.NEVER;
      }
      if (!(AREAS as readonly string[]).includes(area)) {
        context.addIssue({ code: 'custom', message: `unknown area "${area}": use ${AREAS.join(', ')}` });
        return z.NEVER;
      }
      const value = Number(match[2]);
      if (value > 100) {
        context.addIssue({ code: 'custom', message: `${area}=${match[2]}: a percentage is at most 100` });
        return z.NEVER;
      }
      thresholds[area as CoverageArea] = value;
    }
    return thresholds;
  });

/** One line per map version and area below its threshold; empty when all are met. */
export function coverageShortfalls(maps: readonly MapCoverage[], thresholds: CoverageThresholds): string[] {
  if (maps.length === 0 && Object.keys(thresholds).length > 0) return ['no coverage could be computed (no map outline was available)'];
  return maps.flatMap((map) =>
    AREAS.flatMap((area) => {
      const wanted = thresholds[area];
      if (wanted === undefined) return [];
      const got = percent(map.coverage.totals[area]);
      return got + 1e-9 >= wanted ? [] : [`map ${map.mapId} ${map.version}: ${area} ${got.toFixed(1)}% is below ${wanted}%`];
    }),
  );
}
