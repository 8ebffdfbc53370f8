/**
 * A 60-node evidence tree at "Fit" (issue 14): every node's label drawn at a legible size, inside
 * its shape, and the whole tree in view, with no pan needed. Three synthetic trees of the graph lab
 * (`#/lab/evidence?nodes=60&shape=…`): the balanced one, a shallow bushy one and a deep narrow one,
 * the last two with labels as long as real maps'.
 *
 * The lab's canvas is sized by its window: 1440 × 900 gives 1110 × 794, and 1415 × 734 gives the
 * 1085 × 628 of the runner's Evidence tab at the default 1440 × 900 window. There the deep tree
 * fits whole in the two-sided form (below). A shape listed as not whole is held to what "Fit" does
 * for a tree too big to fit legibly: every label drawn and legible, the root in view, the rest a pan away.
 *
 * Below 1280 px of window the outline folds away behind its button (the canvas takes its 300 px):
 * at 1024 × 768 the lab's canvas is about 1000 × 660 and all three trees fit whole. The runner's
 * Evidence tab there gives 984 × 530 (the last test measures it in the real runner; the session
 * line sits beside the target picker): all three trees fit that whole at 8 px, the deep one in the
 * two-sided form (left to right, each rule's leaves in a column under it, one chain each side of
 * the root).
 */
import { expect, screenshot, test } from './support/fixtures';
import { EvidenceGraphPage, inside } from './pages/evidence-graph-page';
import { MapsPage } from './pages/maps-page';
import { RunnerPage } from './pages/runner-page';

/** Smallest on-screen font we call legible (renderer/src/graphs/label-metrics.ts). */
const LEGIBLE_PX = 8;

/** The canvas of the runner's Evidence tab at a 1024 × 768 window, the outline folded away (the last test measures it). */
const RUNNER_CANVAS_1024 = { width: 984, height: 530 };
/** The lab window whose canvas is no larger than that. */
const RUNNER_1024 = { width: 1006, height: 636 };

type Shape = 'balanced' | 'wide' | 'deep';

const windows: { name: string; size: { width: number; height: number }; whole: readonly Shape[] }[] = [
  { name: 'default window', size: { width: 1440, height: 900 }, whole: ['balanced', 'wide', 'deep'] },
  { name: "the Evidence tab's canvas", size: { width: 1415, height: 734 }, whole: ['balanced', 'wide', 'deep'] },
  { name: '1024 × 768 window', size: { width: 1024, height: 768 }, whole: ['balanced', 'wide', 'deep'] },
  { name: "the Evidence tab's canvas at 1024 × 768", size: RUNNER_1024, whole: ['balanced', 'wide', 'deep'] },
];

for (const window of windows)
  for (const shape of ['balanced', 'wide', 'deep'] as const) {
    const whole = window.whole.includes(shape);
    test(`a 60-node ${shape} tree at Fit: ${whole ? 'whole and legible' : 'legible, from its root'} (${window.name})`, async ({
      page,
      lapwing,
    }, testInfo) => {
      await page.setViewportSize(window.size);
      await EvidenceGraphPage.enableProbe(page);
      await page.goto(`${lapwing.url}#/lab/evidence?nodes=60&shape=${shape}`);
      await expect(page.getByTestId('graph-timing')).toHaveText(/^\d+ nodes \(\d+ drawn\)/, { timeout: 60_000 });
      const graph = new EvidenceGraphPage(page);
      await graph.toolbar.getByRole('button', { name: 'Fit' }).click();
      const snapshot = await graph.snapshot();
      if (window.size === RUNNER_1024) {
        expect(snapshot.width).toBeLessThanOrEqual(RUNNER_CANVAS_1024.width);
        expect(snapshot.height).toBeLessThanOrEqual(RUNNER_CANVAS_1024.height);
      }
      await screenshot(page, testInfo, `evidence-graph-60-${shape}-${window.size.width}x${window.size.height}`);

      // Nothing collapsed: up to 60 nodes are all drawn.
      expect(snapshot.nodes.filter((node) => node.kind === 'more')).toHaveLength(0);
      expect(snapshot.nodes.length).toBeGreaterThanOrEqual(55);
      for (const node of snapshot.nodes) {
        expect(node.label, `node ${node.id} has a label`).not.toBe('');
        expect(node.labelDrawn, `label of ${node.label} is drawn at zoom ${snapshot.zoom}`).toBe(true);
        expect(node.fontPx, `label of ${node.label} is legible`).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
        expect(inside(node.labelBox, node.box), `label of ${node.label} stays inside its shape`).toBe(true);
      }
      const inView = (node: (typeof snapshot.nodes)[number]) => {
        expect(node.rendered.x1, `${node.label} in view`).toBeGreaterThanOrEqual(-1);
        expect(node.rendered.x2, `${node.label} in view`).toBeLessThanOrEqual(snapshot.width + 1);
        expect(node.rendered.y1, `${node.label} in view`).toBeGreaterThanOrEqual(-1);
        expect(node.rendered.y2, `${node.label} in view`).toBeLessThanOrEqual(snapshot.height + 1);
      };
      if (whole) for (const node of snapshot.nodes) inView(node);
      else inView(snapshot.nodes.find((node) => node.id.startsWith(`fact|${snapshot.factId}|`))!);
    });
  }

test("at 1024 × 768 the runner's Evidence tab gives the graph the window's width: the outline folds away behind its button", async ({
  page,
  lapwing,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await EvidenceGraphPage.enableProbe(page);
  const runner = new RunnerPage(page);
  await runner.open(lapwing.url);
  const maps = new MapsPage(page);
  await maps.show();
  await maps.importFixture('housing-grant.rbl', 'Housing grant');
  await maps.publish('graph test', true);
  await runner.show();
  await page.getByRole('combobox', { name: 'Map', exact: true }).selectOption({ label: 'Housing grant' });
  await runner.startSession();
  await runner.query('Dana', 'is eligible for', 'Housing grant');
  await runner.openEvidence('Dana is eligible for Housing grant');

  const graph = new EvidenceGraphPage(page);
  const toggle = graph.toolbar.getByRole('button', { name: 'Outline' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(graph.outline).toBeHidden();
  // At least the canvas the lab's RUNNER_1024 window stands for.
  await graph.toolbar.getByRole('button', { name: 'Fit' }).click();
  const canvas = await graph.snapshot();
  await screenshot(page, testInfo, 'evidence-graph-runner-1024');
  expect(canvas.width).toBeGreaterThanOrEqual(RUNNER_CANVAS_1024.width);
  expect(canvas.height).toBeGreaterThanOrEqual(RUNNER_CANVAS_1024.height);

  // The outline opens from the keyboard, and stays open the next time the graph is shown.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(graph.outlineNodes).toHaveCount(7);
  await graph.toolbar.getByRole('button', { name: 'Expand all' }).click();
  await expect(graph.outlineNodes).toHaveCount(18);
  await graph.outlineNodes.first().getByRole('button').first().focus();
  await screenshot(page, testInfo, 'evidence-graph-runner-1024-outline');
  // The graph is built anew when the tab is opened again: the outline's state comes from storage.
  await page.getByRole('tab', { name: 'Consultation' }).click();
  await expect(graph.outline).toHaveCount(0);
  await runner.openEvidence('Dana is eligible for Housing grant');
  await expect(graph.toolbar.getByRole('button', { name: 'Outline' })).toHaveAttribute('aria-expanded', 'true');
  await expect(graph.outline).toBeVisible();
});
