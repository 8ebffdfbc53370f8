/**
 * `npm run bench`: every benchmark section in one run, printing figures and ratios against their
 * baselines and peers. Timings are never asserted: the figures are read by people (and quoted in
 * docs/benchmarks.md), and a slow machine must not fail a build.
 *
 *   npm run bench                      all sections
 *   npm run bench -- reasoning load    only the named sections (load, reasoning, sessions, server, renderer, graphs, editor, maps, nl, cases, soak)
 *
 * Sections owned by other parts of the project live beside this file as `bench/server.ts`
 * (`benchServer()`) and `bench/renderer.ts` (`benchRenderer()`); they are imported only if present.
 * Exit code 1 if a section crashed; figures that miss a target do not change it.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { importEngine } from './engine/common';
import { benchLoad } from './engine/load';
import { benchReasoning } from './engine/reasoning';
import { benchIdleSessions } from './engine/sessions';

/** A section provided by another module: `bench/<file>` exporting a function `name()`. */
function external(file: string, name: string, title: string): () => Promise<void> {
  return async () => {
    const url = new URL(file, import.meta.url);
    if (!existsSync(fileURLToPath(url))) {
      console.log(`\n## ${title}\n  not available yet (bench/${file} does not exist)`);
      return;
    }
    const module = (await import(url.href)) as Record<string, unknown>;
    const section = module[name];
    if (typeof section !== 'function') {
      console.log(`\n## ${title}\n  not available yet (bench/${file} does not export ${name}())`);
      return;
    }
    await (section as () => unknown)();
  };
}

const imported = await importEngine();
const sections: Record<string, () => Promise<void>> = {
  load: () => benchLoad(imported),
  reasoning: () => benchReasoning(imported),
  sessions: () => benchIdleSessions(imported),
  server: external('server.ts', 'benchServer', 'Decision API server'),
  renderer: external('renderer.ts', 'benchRenderer', 'Renderer'),
  graphs: external('graphs.ts', 'benchGraphs', 'Evidence graphs'),
  editor: external('editor.ts', 'benchEditor', 'Map editor diagnostics'),
  maps: external('maps.ts', 'benchMaps', 'Map diff'),
  cases: external('cases.ts', 'benchCases', 'Regression cases'),
  nl: external('nl.ts', 'benchNl', 'Natural language'),
  soak: external('soak.ts', 'benchSoak', 'Soak: memory and database growth under load'),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(`unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}

console.log(`# Lapwing benchmarks, ${new Date().toISOString()}`);
console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
// Other work on the machine slows every figure; say how busy it was when the run started.
console.log(`load average ${loadavg()[0].toFixed(1)} (1 min) on ${cpus().length} cores at the start`);
if ('missing' in imported) console.log(`engine: ${imported.missing}`);

let crashed = 0;
for (const [name, section] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  try {
    await section();
  } catch (error) {
    crashed++;
    console.log(`\n  section "${name}" CRASHED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
if (crashed > 0) process.exitCode = 1;
