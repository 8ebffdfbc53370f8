/**
 * An evidence graph as a user meets it: its toolbar, its outline (the keyboard's way in) and its
 * canvas. What the canvas draws is read from cytoscape's model through the read-only graph probe
 * (`window.__lapwingGraphs`, see renderer/src/graphs/graph-probe.ts), which the page must enable
 * before the app loads: call `EvidenceGraphPage.enableProbe(page)` before the first `goto`.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** What the probe returns (renderer/src/graphs/graph-probe.ts; the renderer is not imported from e2e). */
export interface ProbeBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface GraphSnapshot {
  readonly factId: string;
  readonly zoom: number;
  readonly pan: { readonly x: number; readonly y: number };
  readonly width: number;
  readonly height: number;
  readonly direction: string;
  readonly nodes: {
    readonly id: string;
    readonly kind: string;
    readonly label: string;
    readonly labelDrawn: boolean;
    readonly fontPx: number;
    readonly box: ProbeBox;
    readonly labelBox: ProbeBox;
    readonly rendered: ProbeBox;
    readonly fill: string;
    readonly text: string;
  }[];
  readonly edges: {
    readonly id: string;
    readonly label: string;
    readonly labelShown: boolean;
    readonly labelVisible: boolean;
    readonly labelBox: ProbeBox | null;
  }[];
}

export class EvidenceGraphPage {
  constructor(readonly page: Page) {}

  static async enableProbe(page: Page): Promise<void> {
    await page.addInitScript(() => window.localStorage.setItem('lapwing.graphProbe', 'on'));
  }

  get toolbar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Graph' });
  }

  get outline(): Locator {
    return this.page.getByRole('complementary', { name: 'Evidence outline' });
  }

  get canvas(): Locator {
    return this.page.getByRole('img', { name: /^Evidence graph of / });
  }

  /** The node buttons of the outline (one per node drawn on the canvas). */
  get outlineNodes(): Locator {
    return this.outline.getByRole('list', { name: 'Graph nodes' }).getByRole('listitem');
  }

  /** The one evidence graph on the page, as cytoscape holds it now. */
  async snapshot(): Promise<GraphSnapshot> {
    const snapshots = await this.page.evaluate(
      () => (window as unknown as { __lapwingGraphs?: { evidence(): GraphSnapshot[] } }).__lapwingGraphs?.evidence() ?? [],
    );
    expect(snapshots, 'one evidence graph on the page, with the graph probe enabled').toHaveLength(1);
    return snapshots[0];
  }

  /** Waits until the canvas draws `count` nodes. */
  async expectDrawn(count: number): Promise<GraphSnapshot> {
    await expect.poll(async () => (await this.snapshot()).nodes.length, { timeout: 30_000 }).toBe(count);
    return this.snapshot();
  }

  /** Moves the pointer onto a graph point (graph units), over the canvas. */
  async hover(point: { x: number; y: number }): Promise<void> {
    const snapshot = await this.snapshot();
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('the graph canvas is not on screen');
    await this.page.mouse.move(box.x + point.x * snapshot.zoom + snapshot.pan.x, box.y + point.y * snapshot.zoom + snapshot.pan.y);
  }
}

/** Whether `inner` lies inside `outer`, to within `slack` graph units. */
export function inside(inner: ProbeBox, outer: ProbeBox, slack = 0.5): boolean {
  return inner.x1 >= outer.x1 - slack && inner.y1 >= outer.y1 - slack && inner.x2 <= outer.x2 + slack && inner.y2 <= outer.y2 + slack;
}

export function overlap(a: ProbeBox, b: ProbeBox): boolean {
  return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
}
