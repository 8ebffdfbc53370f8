/**
 * Renderer benchmark (issue 4, performance): in headless Chromium against browser mode,
 *  - time from launch to a usable runner (host serving the page, then page loaded with the map picked),
 *    once from a cold browser and as the median of a few host relaunches (`LAPWING_BENCH_LAUNCHES`),
 *    of the built `lapwing` (out/cli, what `npx lapwing web` runs after `npm run build`) against the
 *    same command run from its TypeScript sources through tsx (the peer; every launch before the
 *    build existed), taken in turns, beside bare Node starting an HTTP server (the floor here now),
 *  - time to lay out and draw a 2,000-node evidence graph (target under 1 s), median of runs, next
 *    to bare cytoscape drawing as many unstyled nodes (a yardstick for the machine's speed now),
 *  - renderer memory after 100 consultations (JS heap and DOM nodes, after a forced GC).
 * Prints figures; never fails on a slow one. `LAPWING_BENCH_CONSULTATIONS` changes the count.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtCli } from '../bin/built-cli.mjs';
import { ensureBuilt, root } from '../e2e/support/build';
import { startLapwing, type RunningLapwing } from '../e2e/support/host';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GRAPH_NODES = 2000;
/** Issue 14's target for launch to a usable runner. */
const LAUNCH_TARGET_MS = 1500;
const GRAPH_RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

/**
 * Page load to a usable runner: the page served, then "Start session" enabled with a map picked,
 * which needs the workbench (its store and the embedded engine's registry) to have answered.
 */
async function usableRunner(page: Page, url: string): Promise<number> {
  const started = performance.now();
  await page.goto(url);
  await page.getByRole('button', { name: 'Start session' }).waitFor();
  await page.waitForFunction(() => {
    const select = Array.from(document.querySelectorAll('label'))
      .find((label) => label.textContent?.trim().startsWith('Map'))
      ?.querySelector('select');
    const start = Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Start session');
    return select instanceof HTMLSelectElement && select.value !== '' && start !== undefined && !start.disabled;
  });
  return performance.now() - started;
}

async function drawGraph(browser: Browser, url: string): Promise<{ nodes: number; layoutMs: number; totalMs: number; wallMs: number }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    const started = performance.now();
    await page.goto(`${url}#/lab/evidence?nodes=${GRAPH_NODES}&open=all`);
    const timing = page.getByTestId('graph-timing');
    await timing.and(page.locator('[data-total-ms]')).waitFor({ timeout: 60_000 });
    const wallMs = performance.now() - started;
    return {
      nodes: Number(await timing.getAttribute('data-nodes')),
      layoutMs: Number(await timing.getAttribute('data-layout-ms')),
      totalMs: Number(await timing.getAttribute('data-total-ms')),
      wallMs,
    };
  } finally {
    await page.close();
  }
}

/**
 * The same number of nodes and edges drawn by bare cytoscape (default style, preset positions):
 * a yardstick for this machine, so the graph figure can be read against what cytoscape itself costs.
 */
async function cytoscapeBaseline(browser: Browser, nodes: number): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.setContent('<div id="cy" style="width:1400px;height:800px"></div>');
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('cytoscape/dist/cytoscape.min.js') });
    return await page.evaluate(
      (count) =>
        new Promise<number>((resolve) => {
          type Core = { one(event: string, handler: () => void): void; fit(): void };
          const cytoscape = (window as unknown as { cytoscape: (options: unknown) => Core }).cytoscape;
          const elements: unknown[] = [];
          for (let index = 0; index < count; index += 1) {
            elements.push({
              group: 'nodes',
              data: { id: `n${index}` },
              position: { x: (index % 700) * 150, y: Math.floor(index / 700) * 100 },
            });
            if (index > 0)
              elements.push({ group: 'edges', data: { id: `e${index}`, source: `n${Math.floor((index - 1) / 3)}`, target: `n${index}` } });
          }
          const started = performance.now();
          const cy = cytoscape({ container: document.getElementById('cy'), elements, layout: { name: 'preset' }, minZoom: 0.005 });
          cy.fit();
          cy.one('render', () => requestAnimationFrame(() => resolve(performance.now() - started)));
        }),
      nodes,
    );
  } finally {
    await page.close();
  }
}

async function heap(page: Page): Promise<{ heapMb: number; domNodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
  return { heapMb: metric('JSHeapUsedSize') / 2 ** 20, domNodes: metric('Nodes') };
}

/** Consultations through the UI: start a session, query a fact the map holds, wait for the result. */
async function consultations(page: Page, count: number): Promise<number> {
  const form = page.getByRole('form', { name: 'Query' });
  await form.getByLabel('Subject').fill('Chiara');
  await form.getByLabel('Relationship').fill('lives in');
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    await page.getByRole('button', { name: 'Start session' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Session …[0-9a-f]{8} on / })
      .waitFor();
    await form.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('meter', { name: 'Certainty of Chiara lives in Italy' }).waitFor();
  }
  return performance.now() - started;
}

/** The built `lapwing` in out/cli, built now if it is missing or older than its sources. */
function ensureCliBuilt(): void {
  if (builtCli(root)) return;
  console.log('[lapwing] building the lapwing command (out/cli is missing or older than the sources)…');
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'cli.vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !builtCli(root))
    throw new Error(`the lapwing command did not build (${result.error?.message ?? `exit ${result.status}`})`);
}

type Launch = 'built' | 'sources';

/** `lapwing web` started the way `kind` says (the sources through `LAPWING_FROM_SOURCES=1`). */
async function launch(kind: Launch): Promise<RunningLapwing> {
  const before = process.env.LAPWING_FROM_SOURCES;
  process.env.LAPWING_FROM_SOURCES = kind === 'sources' ? '1' : '0';
  try {
    return await startLapwing({ timeoutMs: 60_000 });
  } finally {
    if (before === undefined) delete process.env.LAPWING_FROM_SOURCES;
    else process.env.LAPWING_FROM_SOURCES = before;
  }
}

interface LaunchTimes {
  readonly hostMs: number;
  readonly totalMs: number;
  /** Until the fact editor (Monaco), which loads behind the usable runner, takes input. */
  readonly editorMs: number;
}

/** The fact editor, loaded once the runner is usable, ready for typing. */
async function factEditorReady(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Facts to inject, as JSON' }).waitFor({ timeout: 60_000 });
}

/** Launch to a usable runner in a new page of the running browser, the host stopped afterwards. */
async function relaunch(browser: Browser, kind: Launch): Promise<LaunchTimes> {
  const started = performance.now();
  const running = await launch(kind);
  try {
    const hostMs = performance.now() - started;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await usableRunner(page, running.url);
    const totalMs = performance.now() - started;
    await factEditorReady(page);
    const editorMs = performance.now() - started;
    await page.close();
    return { hostMs, totalMs, editorMs };
  } finally {
    await running.stop();
  }
}

/** The floor: bare Node starting, listening on a free port and saying so (no TypeScript, no app). */
async function bareNodeListening(): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '-e',
      "require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1', function () { console.log('at', this.address().port); })",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare node exited (${code}) before listening`)));
  });
  const elapsed = performance.now() - started;
  child.kill();
  return elapsed;
}

export async function benchRenderer(): Promise<void> {
  console.log('\n## Renderer (headless Chromium, browser mode)');
  ensureBuilt();
  ensureCliBuilt();
  const launchStarted = performance.now();
  let lapwing: RunningLapwing | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.LAPWING_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    lapwing = await launch('built');
    const hostMs = performance.now() - launchStarted;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const pageMs = await usableRunner(page, lapwing.url);
    console.log(
      `  launch to usable runner (browser starting too): ${ms(hostMs + pageMs)} (host serving the page ${ms(hostMs)}, the engine starting behind it; page to runner ${ms(pageMs)})`,
    );
    // One launch is one sample on a shared machine: relaunch the host a few times (the browser stays
    // up), the built command and its sources in turns so both see the same load.
    const relaunches = Number(process.env.LAPWING_BENCH_LAUNCHES ?? 5);
    const built: LaunchTimes[] = [];
    const sources: LaunchTimes[] = [];
    const floor: number[] = [];
    for (let index = 0; index < relaunches; index += 1) {
      built.push(await relaunch(browser, 'built'));
      sources.push(await relaunch(browser, 'sources'));
      floor.push(await bareNodeListening());
    }
    if (relaunches > 0) {
      const line = (name: string, times: LaunchTimes[]) =>
        `  ${name}: ${ms(median(times.map((time) => time.totalMs)))} (host serving the page ${ms(median(times.map((time) => time.hostMs)))}, ` +
        `the fact editor ready behind it at ${ms(median(times.map((time) => time.editorMs)))})`;
      const builtMs = median(built.map((time) => time.totalMs));
      const sourcesMs = median(sources.map((time) => time.totalMs));
      console.log(`  host start to usable runner, browser already running (median of ${relaunches} relaunches each, in turns):`);
      console.log(
        `${line('built lapwing (out/cli)        ', built)}; target < ${ms(LAUNCH_TARGET_MS)}: ${builtMs < LAUNCH_TARGET_MS ? 'met' : 'not met'}`,
      );
      console.log(`${line('from sources through tsx (peer)', sources)}; built/sources ${(builtMs / sourcesMs).toFixed(2)}x`);
      console.log(`  yardstick: bare node starts and listens in ${ms(median(floor))} on this machine now`);
    }

    const runs = [];
    const baseline = [];
    for (let run = 0; run < GRAPH_RUNS; run += 1) {
      runs.push(await drawGraph(browser, lapwing.url));
      baseline.push(await cytoscapeBaseline(browser, GRAPH_NODES));
    }
    const first = runs[0];
    console.log(
      `  evidence graph, ${first.nodes} nodes: tree layout and elements ${ms(median(runs.map((run) => run.layoutMs)))}, ` +
        `drawn ${ms(median(runs.map((run) => run.totalMs)))} (median of ${GRAPH_RUNS}; target < 1000 ms; ` +
        `page load to drawn ${ms(median(runs.map((run) => run.wallMs)))})`,
    );
    console.log(`  yardstick: bare cytoscape draws ${GRAPH_NODES} unstyled nodes in ${ms(median(baseline))} on this machine now`);

    const count = Number(process.env.LAPWING_BENCH_CONSULTATIONS ?? 100);
    const before = await heap(page);
    const elapsed = await consultations(page, count);
    const after = await heap(page);
    console.log(
      `  memory after ${count} consultations: JS heap ${after.heapMb.toFixed(1)} MB (${(after.heapMb - before.heapMb >= 0 ? '+' : '') + (after.heapMb - before.heapMb).toFixed(1)} MB), ` +
        `DOM nodes ${after.domNodes} (was ${before.domNodes}); ${ms(elapsed / count)} per consultation through the UI`,
    );
  } finally {
    await browser.close();
    await lapwing?.stop();
  }
}
