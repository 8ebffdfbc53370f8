/**
 * Evidence graph benchmark (issue 14): time to lay out and draw a synthetic evidence tree of 60,
 * 500 and 2,000 nodes in headless Chromium, through the real component in the graph lab, against
 * peers measured in the same run on the same machine, on the very elements our component drew with
 * the same stylesheet: cytoscape's built-in `breadthfirst` layout placing and fitting them (only the
 * layout, our scene work and what the fitted zoom lets cytoscape draw differ), and a bare cytoscape
 * core drawing them where our scene put them, at our "Fit" view (only our scene work differs).
 * Printed as ratios; nothing is asserted.
 *
 * Two rows per size: the graph as it opens (trees past 60 nodes collapse behind "+N" nodes) and
 * with every node drawn (`open=all`, the worst case).
 */
import { chromium, type Browser } from '@playwright/test';
import { createRequire } from 'node:module';
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
const SIZES = [60, 500, 2000];
const RUNS = Number(process.env.LAPWING_BENCH_GRAPH_RUNS ?? 3);
const VIEWPORT = { width: 1440, height: 900 };

interface Drawn {
  /** Our scene (collapse, measuring, layout, edge labels) and the elements handed to cytoscape. */
  layoutMs: number;
  /** Until the frame after the graph was painted. */
  totalMs: number;
  drawn: number;
  /** What cytoscape held, for the peers: elements (with our positions) and the resolved stylesheet. */
  elements: { position?: unknown }[];
  style: unknown[];
  /** Where "Fit" left the view: the second peer draws our scene there. */
  viewport: { zoom: number; pan: { x: number; y: number } };
  canvas: { width: number; height: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function drawLab(browser: Browser, url: string, nodes: number, all: boolean): Promise<Drawn> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.goto(`${url}#/lab/evidence?nodes=${nodes}${all ? '&open=all' : ''}`);
    const timing = page.getByTestId('graph-timing');
    await timing.and(page.locator('[data-total-ms]')).waitFor({ timeout: 120_000 });
    const graph = await page.evaluate(() => {
      // Cytoscape keeps its core on the container (`_cyreg`): read the drawn elements back from it.
      type Core = {
        elements(): { jsons(): { data: unknown; classes?: string; group: string; position?: unknown }[] };
        style(): { json(): unknown[] };
        zoom(): number;
        pan(): { x: number; y: number };
        width(): number;
        height(): number;
      };
      const container = document.querySelector('[aria-label^="Evidence graph of"]') as (Element & { _cyreg?: { cy: Core } }) | null;
      const core = container?._cyreg?.cy;
      if (!core) throw new Error('no evidence graph on the lab page');
      const elements = core
        .elements()
        .jsons()
        .map((element) => ({ group: element.group, data: element.data, classes: element.classes ?? '', position: element.position }));
      return {
        elements,
        style: core.style().json(),
        viewport: { zoom: core.zoom(), pan: core.pan() },
        canvas: { width: core.width(), height: core.height() },
      };
    });
    return {
      layoutMs: Number(await timing.getAttribute('data-layout-ms')),
      totalMs: Number(await timing.getAttribute('data-total-ms')),
      drawn: Number(await timing.getAttribute('data-drawn')),
      ...graph,
    };
  } finally {
    await page.close();
  }
}

/**
 * The same elements and style drawn by a bare cytoscape core, until painted: `breadthfirst` places
 * them itself and fits them (at 60 nodes so far out that no node label reaches its 8 px minimum and
 * none is drawn), `ours` takes our positions and our "Fit" view (every label drawn): the gap
 * between that one and our total is our scene work, the gap between the two peers is label drawing.
 */
async function drawPeer(browser: Browser, drawn: Drawn, placement: 'breadthfirst' | 'ours'): Promise<{ ms: number; zoom: number }> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.setContent(`<div id="cy" style="width:${drawn.canvas.width}px;height:${drawn.canvas.height}px"></div>`);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('cytoscape/dist/cytoscape.min.js') });
    return await page.evaluate(
      ({ elements, style, viewport, placement }) =>
        new Promise<{ ms: number; zoom: number }>((resolve) => {
          type Core = {
            add(elements: unknown): void;
            layout(options: unknown): { run(): void };
            viewport(view: unknown): void;
            zoom(): number;
          };
          const cytoscape = (window as unknown as { cytoscape: (options: unknown) => Core }).cytoscape;
          // Like our component: the core exists (created on mount) before the graph is drawn into it.
          const cy = cytoscape({
            container: document.getElementById('cy'),
            style,
            minZoom: 0.005,
            maxZoom: 3,
            textureOnViewport: true,
            hideEdgesOnViewport: true,
          });
          requestAnimationFrame(() => {
            const started = performance.now();
            if (placement === 'ours') {
              cy.add(elements);
              cy.viewport(viewport);
            } else {
              cy.add(elements.map((element) => ({ ...element, position: undefined })));
              cy.layout({ name: 'breadthfirst', directed: true, fit: true, padding: 30 }).run();
            }
            // The same two frames our timing waits for: drawn, then seen painted.
            requestAnimationFrame(() => requestAnimationFrame(() => resolve({ ms: performance.now() - started, zoom: cy.zoom() })));
          });
        }),
      { elements: drawn.elements, style: drawn.style, viewport: drawn.viewport, placement },
    );
  } finally {
    await page.close();
  }
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

export async function benchGraphs(): Promise<void> {
  console.log('\n## Evidence graphs (headless Chromium, graph lab; peer: cytoscape breadthfirst on the same elements and style)');
  ensureBuilt();
  let lapwing: RunningLapwing | null = null;
  const browser = await chromium.launch({ executablePath: process.env.LAPWING_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    lapwing = await startLapwing({ timeoutMs: 60_000 });
    for (const nodes of SIZES) {
      for (const all of [false, true]) {
        if (all && nodes <= 60) continue; // drawn whole either way
        const ours: Drawn[] = [];
        const peer: number[] = [];
        const same: number[] = [];
        let peerZoom = 0;
        // Interleaved, so a burst of load on the machine hits both sides alike.
        for (let run = 0; run < RUNS; run += 1) {
          const drawn = await drawLab(browser, lapwing.url, nodes, all);
          ours.push(drawn);
          const breadthfirst = await drawPeer(browser, drawn, 'breadthfirst');
          peer.push(breadthfirst.ms);
          peerZoom = breadthfirst.zoom;
          same.push((await drawPeer(browser, drawn, 'ours')).ms);
        }
        const total = median(ours.map((run) => run.totalMs));
        const theirs = median(peer);
        console.log(
          `  ${String(nodes).padStart(4)} nodes, ${all ? 'all drawn      ' : 'as opened      '} (${String(ours[0].drawn).padStart(4)} on the canvas): ` +
            `ours ${ms(total)} (scene ${ms(median(ours.map((run) => run.layoutMs)))}), breadthfirst ${ms(theirs)} ` +
            `(labels at ${(12 * peerZoom).toFixed(1)} px), ratio ${(total / theirs).toFixed(2)}x; ` +
            `cytoscape on our scene ${ms(median(same))}, ratio ${(total / median(same)).toFixed(2)}x (median of ${RUNS})`,
        );
      }
    }
  } finally {
    await browser.close();
    await lapwing?.stop();
  }
}
