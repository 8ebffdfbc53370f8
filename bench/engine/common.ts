/**
 * Shared pieces of the engine benchmarks: finding the engine, forcing a garbage collection,
 * timing loops and plain-text tables. Nothing here asserts a timing: benchmarks report.
 */
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { SaxesParser } from 'saxes';
import type { KnowledgeMap, LoadResult } from '../../electron/engine';
import type { ConsultationSession, SessionOptions } from '../../electron/engine';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The parts of the engine's public API the benchmarks use (electron/engine/index.ts). */
export interface EngineApi {
  loadMap?: (xml: string, options?: { reuse?: object }) => LoadResult | Promise<LoadResult>;
  /** What the editor keeps between loads of successive versions of a map (`loadMap(text, { reuse })`). */
  LoadReuse?: new () => object;
  createSession?: (map: KnowledgeMap, options: SessionOptions) => ConsultationSession;
}

export type EngineImport = { readonly engine: EngineApi } | { readonly missing: string };

/**
 * Imports electron/engine/index.ts by path at run time, so the benchmarks build and type-check
 * before every engine export exists, and say plainly what is missing instead of failing.
 */
export async function importEngine(): Promise<EngineImport> {
  const url = new URL('../../electron/engine/index.ts', import.meta.url);
  if (!existsSync(url)) return { missing: 'electron/engine/index.ts does not exist yet' };
  try {
    return { engine: (await import(url.href)) as EngineApi };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { missing: `electron/engine/index.ts could not be imported (${message})` };
  }
}

/** Loads a map, failing with the loader's first errors when it produced no usable map. */
export async function loadOrThrow(engine: EngineApi, xml: string, what: string): Promise<KnowledgeMap> {
  if (!engine.loadMap) throw new Error('the engine does not export loadMap yet');
  const result = await engine.loadMap(xml);
  if (!result.map) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').slice(0, 3);
    throw new Error(`${what}: no map (${errors.map((d) => `${d.line}:${d.column} ${d.message}`).join('; ')})`);
  }
  return result.map;
}

/**
 * The baseline of the load benchmark: a bare saxes parse with positions (as a loader needs them),
 * counting elements and carrying on past errors (real maps contain bare `&`).
 */
export function saxesParse(xml: string): { elements: number; errors: number } {
  const parser = new SaxesParser({ position: true });
  let elements = 0;
  let errors = 0;
  parser.on('opentag', () => {
    elements++;
  });
  parser.on('error', () => {
    errors++;
  });
  parser.write(xml).close();
  return { elements, errors };
}

let gcFunction: (() => void) | undefined;

/**
 * A full garbage collection, so heap deltas measure what is retained. Works without starting node
 * with --expose-gc: the flag can be set at run time, and a new context then sees `gc`.
 */
export function collectGarbage(): void {
  if (!gcFunction) {
    const fromGlobal = (globalThis as { gc?: () => void }).gc;
    if (fromGlobal) gcFunction = fromGlobal;
    else {
      setFlagsFromString('--expose-gc');
      gcFunction = runInNewContext('gc') as () => void;
    }
  }
  gcFunction();
  gcFunction();
}

export interface Timing {
  /** Mean milliseconds per run. */
  readonly meanMs: number;
  /**
   * Mean CPU milliseconds of this process per run (all threads, the garbage collector's included): on
   * a busy machine a run that waits for other processes counts its wait in `meanMs` but not here.
   */
  readonly cpuMeanMs: number;
  readonly medianMs: number;
  readonly runs: number;
}

/**
 * Times `run` after one warm-up call, repeating until `budgetMs` of measured time or `maxRuns`.
 * `prepare` (untimed) makes each run's input, e.g. a fresh session.
 */
export async function timeRuns<T>(
  prepare: () => T,
  run: (input: T) => unknown,
  { budgetMs = 300, maxRuns = 1000, minRuns = 1 }: { budgetMs?: number; maxRuns?: number; minRuns?: number } = {},
): Promise<Timing> {
  await run(prepare());
  const samples: number[] = [];
  let total = 0;
  let cpuTotal = 0;
  while (samples.length < maxRuns && (total < budgetMs || samples.length < minRuns)) {
    const input = prepare();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run(input);
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    cpuTotal += (cpu.user + cpu.system) / 1000;
    samples.push(ms);
    total += ms;
  }
  samples.sort((a, b) => a - b);
  return {
    meanMs: total / samples.length,
    cpuMeanMs: cpuTotal / samples.length,
    medianMs: samples[Math.floor(samples.length / 2)],
    runs: samples.length,
  };
}

export function formatMs(ms: number): string {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(3);
}

export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  if (abs >= 1024 * 1024) return `${sign}${(abs / 1024 / 1024).toFixed(1)} MB`;
  if (abs >= 1024) return `${sign}${(abs / 1024).toFixed(1)} KB`;
  return `${sign}${abs} B`;
}

export function formatRatio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toPrecision(2)}x`;
}

/** Prints rows as a left-aligned text table with a header. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    '  ' +
    cells
      .map((cell, i) => (cell ?? '').padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}
