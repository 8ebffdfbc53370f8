/**
 * Map editor benchmark (issue 13): in headless Chromium, the real map editor (`#/lab/map-editor`)
 * on each of the two largest sample maps. Typing bursts at the end of the text (inside a comment,
 * so the map's meaning and diagnostics stay the same); for each burst, the time from the last
 * keystroke to the refreshed markers (target: within 150 ms), and the longest gap between frames
 * while typing (the UI thread must not block: the loader runs in a worker). Peer: a bare `loadMap`
 * of the same text on the page's main thread, measured in the same run (the ratio says what the
 * worker, the index and the marker update add to the load itself).
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureBuilt } from '../e2e/support/build';
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
const SAMPLES = resolve(import.meta.dirname, '..', '..', 'shared', 'samples', 'large');
const MAPS = ['gcs--meridian-medicaid-medicare-eligibility.xml', 'vscode--bigger_map.rbl'];
const BURSTS = 12;

interface Check {
  latencyMs: number;
  loadMs: number;
  indexMs: number;
}

interface Lab {
  load(text: string): Promise<void>;
  focusEnd(): void;
  checks(): Check[];
  bareLoad(): number;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function checksSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { lapwingMapLab: Lab }).lapwingMapLab.checks().length);
}

async function waitForChecks(page: Page, count: number): Promise<void> {
  await page.waitForFunction((wanted) => (window as unknown as { lapwingMapLab: Lab }).lapwingMapLab.checks().length >= wanted, count, {
    timeout: 30_000,
  });
}

/** Longest gap between animation frames while `action` runs (a blocked UI thread shows as a long gap). */
async function startFrameWatch(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    const state = { last: performance.now(), longest: 0, running: true };
    window.frameWatch = state;
    const tick = (now) => {
      state.longest = Math.max(state.longest, now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

async function stopFrameWatch(page: Page): Promise<number> {
  return page.evaluate(() => {
    const state = (window as unknown as { frameWatch: { longest: number; running: boolean } }).frameWatch;
    state.running = false;
    return state.longest;
  });
}

async function benchMap(page: Page, name: string): Promise<void> {
  const text = readFileSync(join(SAMPLES, name), 'utf8');
  await page.evaluate((value) => (window as unknown as { lapwingMapLab: Lab }).lapwingMapLab.load(value), text);
  await waitForChecks(page, 1);
  await page.evaluate(() => (window as unknown as { lapwingMapLab: Lab }).lapwingMapLab.focusEnd());
  await page.keyboard.press('End');
  await page.keyboard.type('\n<!-- ', { delay: 0 });
  await waitForChecks(page, 2);
  await page.waitForTimeout(300);
  const latencies: number[] = [];
  const loads: number[] = [];
  const gaps: number[] = [];
  for (let burst = 0; burst < BURSTS; burst += 1) {
    const before = await checksSoFar(page);
    await startFrameWatch(page);
    // Five keystrokes 40 ms apart: a fast typist; stale loads are cancelled along the way.
    await page.keyboard.type('typed', { delay: 40 });
    await waitForChecks(page, before + 1);
    // Settle: the last check must be of the last keystroke (a later one may still be due).
    await page.waitForTimeout(250);
    gaps.push(await stopFrameWatch(page));
    const checks = await page.evaluate(() => (window as unknown as { lapwingMapLab: Lab }).lapwingMapLab.checks());
    const last = checks[checks.length - 1];
    latencies.push(last.latencyMs);
    loads.push(last.loadMs);
  }
  const bare: number[] = [];
  for (let run = 0; run < 5; run += 1)
    bare.push(await page.evaluate(() => (window as unknown as { lapwingMapLab: Lab }).lapwingMapLab.bareLoad()));
  const median = quantile(latencies, 0.5);
  const bareMedian = quantile(bare, 0.5);
  console.log(
    `  ${name} (${(text.length / 1024).toFixed(0)} KB): markers ${ms(median)} after the last keystroke (median of ${BURSTS}, p90 ${ms(quantile(latencies, 0.9))}; target <= 150 ms); ` +
      `loader in the worker ${ms(quantile(loads, 0.5))}; peer: bare loadMap on the page ${ms(bareMedian)} (ratio ${(median / bareMedian).toFixed(2)}); ` +
      `longest frame gap while typing ${ms(quantile(gaps, 0.5))} median, ${ms(Math.max(...gaps))} worst`,
  );
}

export async function benchEditor(): Promise<void> {
  console.log('\n## Map editor diagnostics (headless Chromium)');
  if (!existsSync(SAMPLES)) {
    console.log(`  skipped: the sample maps are not at ${SAMPLES}`);
    return;
  }
  ensureBuilt();
  let lapwing: RunningLapwing | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.LAPWING_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    lapwing = await startLapwing({ timeoutMs: 60_000 });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${lapwing.url}#/lab/map-editor`);
    await page.getByTestId('map-lab').waitFor();
    for (const name of MAPS) await benchMap(page, name);
  } finally {
    await browser.close();
    await lapwing?.stop();
  }
}
