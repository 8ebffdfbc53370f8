/**
 * Evidence graphs people can read (issue 14). A map written for this test (e2e/fixtures/
 * housing-grant.rbl) gives an 18-node evidence tree with long labels; at "Fit" every node's label
 * is drawn, legible, and inside its shape; the edge labels drawn never overlap each other or a
 * node, the others show on hover and the side panel always lists them. A large synthetic tree (the
 * graph lab) opens collapsed behind "+N" nodes that open on demand, by pointer, outline and keyboard.
 */
import { expect, screenshot, test } from './support/fixtures';
import { MapsPage } from './pages/maps-page';
import { RunnerPage } from './pages/runner-page';
import { EvidenceGraphPage, inside, overlap, type GraphSnapshot } from './pages/evidence-graph-page';

/** Smallest on-screen font we call legible (renderer/src/graphs/label-metrics.ts). */
const LEGIBLE_PX = 8;

function expectReadable(snapshot: GraphSnapshot): void {
  for (const node of snapshot.nodes) {
    expect(node.label, `node ${node.id} has a label`).not.toBe('');
    expect(node.labelDrawn, `label of ${node.label} is drawn at zoom ${snapshot.zoom}`).toBe(true);
    expect(node.fontPx, `label of ${node.label} is legible`).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
    expect(inside(node.labelBox, node.box), `label of ${node.label} stays inside its shape`).toBe(true);
  }
}

test('a medium evidence graph: every label legible and inside its shape, edge labels never overlap', async ({
  page,
  lapwing,
}, testInfo) => {
  test.setTimeout(240_000);
  await EvidenceGraphPage.enableProbe(page);
  const runner = new RunnerPage(page);
  await runner.open(lapwing.url);

  const maps = new MapsPage(page);
  await maps.show();
  await maps.importFixture('housing-grant.rbl', 'Housing grant');
  await maps.publish('graph test', true);
  await expect(page.getByRole('status').filter({ hasText: /Published version 1 of "Housing grant"/ })).toBeVisible();

  await runner.show();
  await page.getByRole('combobox', { name: 'Map', exact: true }).selectOption({ label: 'Housing grant' });
  await runner.startSession();
  await runner.query('Dana', 'is eligible for', 'Housing grant');
  await expect(runner.certainty('Dana is eligible for Housing grant')).toHaveAttribute('aria-valuenow', '91');
  await runner.openEvidence('Dana is eligible for Housing grant');

  const graph = new EvidenceGraphPage(page);
  // The fact, its rule and the rule's five conditions, until the rest is fetched.
  await expect(graph.outlineNodes).toHaveCount(7);
  await graph.toolbar.getByRole('button', { name: 'Expand all' }).click();
  await expect(graph.outlineNodes).toHaveCount(18);
  await graph.toolbar.getByRole('button', { name: 'Fit' }).click();
  const snapshot = await graph.expectDrawn(18);

  await screenshot(page, testInfo, 'evidence-graph-medium');

  // Every node: label drawn, legible, inside its shape; the long ones wrapped rather than cut.
  expectReadable(snapshot);
  const labels = snapshot.nodes.map((node) => node.label.replace(/\s+/g, ' '));
  expect(labels).toContain('Dana · earns a yearly income of · 24000 100%');
  expect(labels.some((label) => label.startsWith('Lives in a funded region (cap 90%)'))).toBe(true);
  // Rule labels never break between "cap" and its number.
  for (const node of snapshot.nodes.filter((entry) => entry.kind === 'rule')) expect(node.label).toMatch(/\(cap\u00a0\d+%\)/);
  // And all of it in view: 18 nodes fit a 1440 × 900 window at a legible size.
  for (const node of snapshot.nodes) {
    expect(node.rendered.x1, `${node.label} in view`).toBeGreaterThanOrEqual(-1);
    expect(node.rendered.x2, `${node.label} in view`).toBeLessThanOrEqual(snapshot.width + 1);
    expect(node.rendered.y1, `${node.label} in view`).toBeGreaterThanOrEqual(-1);
    expect(node.rendered.y2, `${node.label} in view`).toBeLessThanOrEqual(snapshot.height + 1);
  }

  // Edge labels drawn without hover overlap neither each other nor any node.
  const shown = snapshot.edges.filter((edge) => edge.labelShown && edge.labelBox);
  expect(shown.length).toBeGreaterThan(0);
  for (const [index, edge] of shown.entries()) {
    for (const other of shown.slice(index + 1)) expect(overlap(edge.labelBox!, other.labelBox!), `${edge.id} / ${other.id}`).toBe(false);
    for (const node of snapshot.nodes) expect(overlap(edge.labelBox!, node.box), `${edge.id} over ${node.label}`).toBe(false);
  }

  // Top down, this tree's condition edges fan out too close for every label: those wait for hover.
  await graph.toolbar.getByLabel('Layout').selectOption('down');
  await expect.poll(async () => (await graph.snapshot()).direction).toBe('down');
  const topDown = await graph.snapshot();
  await screenshot(page, testInfo, 'evidence-graph-medium-top-down');
  expectReadable(topDown);
  const quiet = topDown.edges.find((edge) => edge.label !== '' && !edge.labelShown);
  expect(quiet, 'some edge label waits for hover top down').toBeDefined();
  expect(quiet!.labelVisible).toBe(false);
  const box = quiet!.labelBox!;
  await graph.hover({ x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 });
  await expect.poll(async () => (await graph.snapshot()).edges.find((edge) => edge.id === quiet!.id)?.labelVisible).toBe(true);

  // The side panel lists a rule's conditions with weight, certainty and impact, whatever the canvas shows.
  await graph.outline.getByRole('button', { name: /^Income under the cap \(cap[ \u00a0]100%\)/ }).click();
  const conditions = graph.outline.getByRole('list', { name: 'Conditions of the selected node' });
  await expect(conditions.getByRole('listitem')).toHaveCount(3);
  await expect(conditions).toContainText(/Condition Dana · earns a yearly income of · 24000: w 100 · 100% · impact \d+/);

  // The graph follows the theme: a dark palette (as main.css defines it under data-theme) restyles it.
  const fact = (await graph.snapshot()).nodes.find((node) => node.kind === 'fact')!;
  expect(fact.fill).toBe('rgb(255,255,255)');
  await page.addStyleTag({
    content: ":root[data-theme='dark'] { --panel: #1b1e24; --panel-2: #22262e; --text: #e4e7ec; --muted: #9aa3b0; }",
  });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await expect.poll(async () => (await graph.snapshot()).nodes.find((node) => node.id === fact.id)?.fill).toBe('rgb(27,30,36)');
  expect((await graph.snapshot()).nodes.find((node) => node.id === fact.id)?.text).toBe('rgb(228,231,236)');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await expect.poll(async () => (await graph.snapshot()).nodes.find((node) => node.id === fact.id)?.fill).toBe('rgb(255,255,255)');
});

test('a large evidence tree opens collapsed, and its hidden subtrees open on demand', async ({ page, lapwing }, testInfo) => {
  await EvidenceGraphPage.enableProbe(page);
  await page.goto(`${lapwing.url}#/lab/evidence?nodes=400`);
  await expect(page.getByTestId('graph-timing')).toHaveText(/^397 nodes \(\d+ drawn\)/, { timeout: 60_000 });
  const graph = new EvidenceGraphPage(page);

  // About 60 nodes drawn, each legible at Fit; the rest behind "+N" nodes.
  const first = await graph.snapshot();
  await screenshot(page, testInfo, 'evidence-graph-collapsed');
  expect(first.nodes.length).toBeLessThanOrEqual(80);
  expectReadable(first);
  const stubs = first.nodes.filter((node) => node.kind === 'more');
  expect(stubs.length).toBeGreaterThan(0);
  for (const stub of stubs) expect(stub.label).toMatch(/^\+\d+$/);

  // Open one from the outline.
  const drawn = async () => (await graph.snapshot()).nodes.length;
  await graph.outline
    .getByRole('button', { name: /^Show \d+ hidden under / })
    .first()
    .click();
  await expect.poll(drawn).toBeGreaterThan(first.nodes.length);

  // Open another with the pointer: a click on its "+N" node.
  const before = await graph.snapshot();
  const stub = before.nodes.find(
    (node) =>
      node.kind === 'more' &&
      node.rendered.x1 >= 0 &&
      node.rendered.y1 >= 0 &&
      node.rendered.x2 <= before.width &&
      node.rendered.y2 <= before.height,
  );
  if (!stub) throw new Error('no "+N" node in view after opening one');
  await graph.hover({ x: (stub.box.x1 + stub.box.x2) / 2, y: (stub.box.y1 + stub.box.y2) / 2 });
  await page.mouse.down();
  await page.mouse.up();
  await expect.poll(async () => (await graph.snapshot()).nodes.some((node) => node.id === stub.id)).toBe(false);
  await expect.poll(drawn).toBeGreaterThan(before.nodes.length);

  // And from the keyboard: select a collapsed node in the outline, then Enter on the canvas.
  const row = graph.outlineNodes.filter({ has: page.getByRole('button', { name: /^Show \d+ hidden under / }) }).first();
  await row.getByRole('button').first().click();
  const selected = graph.outline.getByRole('region', { name: 'Selected node' });
  await expect(selected.getByRole('button', { name: /^Show \d+ hidden$/ })).toBeVisible();
  const beforeKey = await drawn();
  await graph.canvas.focus();
  await graph.canvas.press('Enter');
  await expect.poll(drawn).toBeGreaterThan(beforeKey);
  await expect(selected.getByRole('button', { name: /^Show \d+ hidden$/ })).toHaveCount(0);

  // The selected node can be put back behind its stub.
  const afterOpen = await drawn();
  await selected.getByRole('button', { name: /^Hide the \d+ nodes under / }).click();
  await expect.poll(drawn).toBeLessThan(afterOpen);
  await expect(selected.getByRole('button', { name: /^Show \d+ hidden$/ })).toBeVisible();
});
