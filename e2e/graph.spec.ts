/**
 * The evidence graph at scale, in the graph lab (`#/lab/evidence?nodes=N`, a synthetic tree drawn by
 * the real component): a 2,000-node graph is drawn whole (`open=all`; it opens collapsed otherwise,
 * see evidence-graph.spec.ts), searched, and its outline paged; the keyboard zooms the canvas.
 * Timing figures are the benchmark's business; here they only have to exist.
 */
import { expect, test } from './support/fixtures';

test('draws, searches and pages a 2,000-node evidence graph', async ({ page, lapwing }) => {
  await page.goto(`${lapwing.url}#/lab/evidence?nodes=2000&open=all`);
  const timing = page.getByTestId('graph-timing');
  await expect(timing).toHaveText(/^1997 nodes \(1997 drawn\), 1996 edges: layout \d+ ms, drawn after \d+ ms\.\s*$/, { timeout: 60_000 });

  const outline = page.getByRole('complementary', { name: 'Evidence outline' });
  await expect(outline.getByRole('button', { name: 'Show 200 more of 1797' })).toBeVisible();
  await outline.getByRole('button', { name: 'Show 200 more of 1797' }).click();
  await expect(outline.getByRole('button', { name: 'Show 200 more of 1597' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search the graph' });
  await search.fill('P300 ');
  await search.press('Enter');
  await expect(page.getByRole('toolbar', { name: 'Graph' }).getByText(/^\d+ found$/)).toHaveText('5 found');
  await expect(outline.getByRole('region', { name: 'Selected node' })).toContainText('P300');

  // The canvas takes the keyboard: + zooms in, 0 fits again.
  const canvas = page.getByRole('img', { name: /^Evidence graph of WA:RF:00000000: 1997 nodes/ });
  await canvas.focus();
  await canvas.press('+');
  await canvas.press('0');
  await expect(canvas).toBeFocused();
});

test('search finds a node hidden in a collapsed subtree and opens the way to it', async ({ page, lapwing }) => {
  await page.goto(`${lapwing.url}#/lab/evidence?nodes=2000`);
  await expect(page.getByTestId('graph-timing')).toHaveText(/^1997 nodes \((\d|[1-5]\d|60) drawn\)/, { timeout: 60_000 });
  const outline = page.getByRole('complementary', { name: 'Evidence outline' });
  await expect(outline.getByRole('button', { name: /^P300 · / })).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search the graph' });
  await search.fill('P300 ');
  await search.press('Enter');
  await expect(page.getByRole('toolbar', { name: 'Graph' }).getByText(/^\d+ found$/)).toHaveText('5 found');
  await expect(outline.getByRole('region', { name: 'Selected node' })).toContainText('P300');
  await expect(outline.getByRole('button', { name: /^P300 · / }).first()).toBeVisible();
});
