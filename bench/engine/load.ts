/**
 * Load benchmark: every large sample map in ../shared/samples/large, loaded with the engine's
 * `loadMap` versus a bare saxes parse of the same text (the floor any XML loader stands on).
 * Time is the median over repeated loads in this process; memory comes from one load in a fresh
 * child process (see load-memory.ts): heap allocated by the load (its peak) and heap the result
 * still holds after a full GC.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import {
  type EngineApi,
  type EngineImport,
  formatBytes,
  formatMs,
  formatRatio,
  printTable,
  repoRoot,
  saxesParse,
  timeRuns,
} from './common';

const samplesDir = join(repoRoot, '..', 'shared', 'samples', 'large');

interface Memory {
  peakHeapBytes: number;
  retainedHeapBytes: number;
  gcDuringLoad: boolean;
}

function measureMemory(mode: 'saxes' | 'loadMap', file: string): Memory | string {
  const result = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=256',
      '--max-semi-space-size=256',
      join(repoRoot, 'bin', 'run-ts.mjs'),
      join(repoRoot, 'bench', 'engine', 'load-memory.ts'),
      mode,
      file,
    ],
    { encoding: 'utf8', cwd: repoRoot },
  );
  if (result.status !== 0) return `failed: ${(result.stderr || '').trim().split('\n').slice(-1)[0]}`;
  return JSON.parse(result.stdout.trim().split('\n').slice(-1)[0]) as Memory;
}

function memoryCell(memory: Memory | string, field: 'peakHeapBytes' | 'retainedHeapBytes'): string {
  if (typeof memory === 'string') return memory;
  // A collection during the load freed some of what it allocated: the figure is a lower bound.
  return `${field === 'peakHeapBytes' && memory.gcDuringLoad ? '>= ' : ''}${formatBytes(memory[field])}`;
}

/** CPU time of this process (all threads: the garbage collector's helpers count) of one call, in ms. */
async function cpuMs(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Both sides' CPU time per run, the median of `runs` runs that alternate the sides. On a shared
 * machine a run longer than the scheduler's time slice waits for the other processes, and a wall-clock
 * median charges that wait to the slower side (at a load of 30 on 2 cores, loadMap's median went from
 * 6 to 300 ms while saxes's stayed near 1-3 ms); CPU time leaves the waiting out.
 */
async function cpuMedians(xml: string, loadMap: (xml: string) => unknown, runs = 30): Promise<{ saxes: number; loadMap: number }> {
  const saxes: number[] = [];
  const loads: number[] = [];
  for (let run = 0; run < runs; run++) {
    saxes.push(await cpuMs(() => saxesParse(xml)));
    loads.push(await cpuMs(() => loadMap(xml)));
  }
  return { saxes: median(saxes), loadMap: median(loads) };
}

export async function benchLoad(imported: EngineImport): Promise<void> {
  console.log('\n## Engine: loading large maps (loadMap vs bare saxes parse)');
  if (!existsSync(samplesDir)) {
    console.log(`  no large samples: ${relative(repoRoot, samplesDir)} does not exist (it comes with ../shared)`);
    return;
  }
  const files = readdirSync(samplesDir)
    .filter((name) => /\.(xml|rbl)$/.test(name))
    .sort()
    .map((name) => join(samplesDir, name));
  if (files.length === 0) {
    console.log(`  no large samples: ${relative(repoRoot, samplesDir)} has no .xml or .rbl file`);
    return;
  }
  const loadMap = 'engine' in imported ? imported.engine.loadMap : undefined;
  if (!loadMap) {
    const why = 'missing' in imported ? imported.missing : 'electron/engine/index.ts does not export loadMap yet';
    console.log(`  loadMap not available yet: ${why}; showing the saxes baseline only`);
  }

  const rows: string[][] = [];
  for (const file of files) {
    const xml = readFileSync(file, 'utf8');
    const parse = await timeRuns(() => xml, saxesParse, { budgetMs: 500 });
    const xmlFacts = saxesParse(xml);
    const parseMemory = measureMemory('saxes', file);
    const row = [
      basename(file),
      formatBytes(Buffer.byteLength(xml)),
      `${xmlFacts.elements}${xmlFacts.errors ? ` (${xmlFacts.errors} XML errors)` : ''}`,
      formatMs(parse.medianMs),
      memoryCell(parseMemory, 'peakHeapBytes'),
    ];
    if (loadMap) {
      const load = await timeRuns(() => xml, loadMap, { budgetMs: 1000 });
      const result = await loadMap(xml);
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = result.diagnostics.length - errors;
      const loadMemory = measureMemory('loadMap', file);
      const cpu = await cpuMedians(xml, loadMap);
      row.push(
        formatMs(load.medianMs),
        formatRatio(load.medianMs / parse.medianMs),
        `${formatMs(cpu.saxes)} / ${formatMs(cpu.loadMap)}`,
        formatRatio(cpu.loadMap / cpu.saxes),
        memoryCell(loadMemory, 'peakHeapBytes'),
        memoryCell(loadMemory, 'retainedHeapBytes'),
        `${result.map ? 'map' : 'NO MAP'}, ${errors} errors, ${warnings} warnings`,
      );
    }
    rows.push(row);
  }
  const header = ['file', 'size', 'elements', 'saxes ms', 'saxes peak heap'];
  if (loadMap) header.push('loadMap ms', 'ratio', 'CPU ms saxes / loadMap', 'CPU ratio', 'loadMap peak heap', 'map heap', 'result');
  printTable(header, rows);
  console.log('  ms: median of repeated loads after a warm-up; ratio: loadMap / saxes. peak heap: heap allocated by one');
  console.log('  cold load in a fresh process (no GC ran); map heap: what the loaded map still holds after a full GC.');
  console.log('  CPU ms: process CPU time per run (all threads), median of 30 runs alternating saxes and loadMap; it leaves');
  console.log('  out the time a run waits for other processes, which a busy machine charges to the longer side.');
  if (loadMap) await benchEdit(files, loadMap, 'engine' in imported ? imported.engine.LoadReuse : undefined);
}

/**
 * The editor's case: after a one-line edit the whole text is loaded again, so the time to fresh
 * diagnostics is one load of the edited text. Each run loads a different edit (a rule or fact
 * certainty changed on one line). Measured twice: a fresh load, and a load given what the load of
 * the previous edit left (`LoadReuse`, as the editor's diagnostics worker does). Reported as the
 * wall-clock median, and as the median CPU time of 30 more edits with the machine's load average
 * beside it: on a busy machine the wall clock counts the wait for a core, which the CPU time leaves
 * out, so the CPU figure is the one to compare between runs.
 */
async function benchEdit(
  files: readonly string[],
  loadMap: NonNullable<EngineApi['loadMap']>,
  LoadReuse: EngineApi['LoadReuse'],
): Promise<void> {
  const [largest] = files.map((file) => ({ file, xml: readFileSync(file, 'utf8') })).sort((a, b) => b.xml.length - a.xml.length);
  const lines = largest.xml.split('\n');
  const editable = lines.flatMap((line, index) => (/\bcf="\d+"/.test(line) ? [index] : []));
  const picked = editable.filter((_, i) => i % Math.max(1, Math.floor(editable.length / 20)) === 0).slice(0, 20);
  const edits = picked.map((index) => {
    const copy = [...lines];
    copy[index] = copy[index].replace(/\bcf="(\d+)"/, (_, cf: string) => `cf="${(Number(cf) % 100) + 1}"`);
    return copy.join('\n');
  });
  if (edits.length === 0) edits.push(`${largest.xml}\n`);
  const about = `one-line edit of the largest map (${basename(largest.file)}, ${formatBytes(Buffer.byteLength(largest.xml))})`;
  const variants: [string, (xml: string) => unknown][] = [['fresh load', (xml) => loadMap(xml)]];
  if (LoadReuse) {
    const reuse = new LoadReuse();
    variants.push(['reusing the previous load, as the editor does', (xml) => loadMap(xml, { reuse })]);
  }
  for (const [how, load] of variants) {
    let next = 0;
    const edit = await timeRuns(() => edits[next++ % edits.length], load, { budgetMs: 1000 });
    const cpu: number[] = [];
    for (let run = 0; run < 30; run++) cpu.push(await cpuMs(() => load(edits[next++ % edits.length])));
    console.log(
      `  ${about}, ${how}: diagnostics in ${formatMs(edit.medianMs)} ms (median of ${edit.runs} edits; target < 50 ms);` +
        ` CPU ${formatMs(median(cpu))} ms per edit (median of 30), load average ${loadavg()[0].toFixed(1)} (1 min) on ${cpus().length} cores`,
    );
  }
}
