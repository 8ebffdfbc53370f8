/**
 * Coverage on the map end to end: save a consultation on the bundled hello-world map as a case, run
 * it, show its coverage as a map, and check that what the case exercised is drawn as exercised (the
 * "Language of home" rule, the "speaks" relationship) and what it did not is not ("Learnt abroad").
 * Then the coverage map's JSON export is imported back on the Runs tab and shows the same coverage.
 */
import { writeFile } from 'node:fs/promises';
import { expect, screenshot, test } from './support/fixtures';
import { CasesPage } from './pages/cases-page';

const ABROAD = 'In which other countries has Bruno lived for a year or more?';
const CASE = 'Bruno speaks English';

test('runs a case and draws its coverage on the map', async ({ page, runner }, testInfo) => {
  await runner.startSession();
  await runner.typeFacts(
    '[{"subject": "Bruno", "relationship": "lives in", "object": "England", "certainty": 100}, {"subject": "Bruno", "relationship": "is aged", "object": 40, "certainty": 100}]',
  );
  await runner.inject();
  await expect(page.getByRole('status').filter({ hasText: 'Injected 2 facts.' })).toBeVisible();
  await runner.query('Bruno', 'speaks');
  await runner.expectQuestions(ABROAD);
  await runner.skip();
  await expect(runner.certainty('Bruno speaks English')).toHaveAttribute('aria-valuenow', '75');

  const cases = new CasesPage(page);
  await cases.show();
  await cases.saveConsultation(CASE);
  await cases.run('live');
  await expect(cases.runDetails).toContainText('1 passed, 0 failed');

  const map = await cases.showCoverageMap();
  await expect(map.getByText(/of 2 rules fired/)).toContainText('1 of 2 rules fired');
  await expect(map.getByText(/relationships exercised/)).toContainText(/\d+ of 7 relationships exercised/);

  // The drawing itself: classes of the elements in the cytoscape core.
  expect(await cases.coverageClasses('rel:speaks')).toContain('exercised');
  expect(await cases.coverageClasses('rule:Language of home')).toContain('exercised');
  expect(await cases.coverageClasses('rule:Learnt abroad')).toContain('unexercised');
  expect(await cases.coverageClasses('rule:Learnt abroad')).not.toContain('exercised');

  // Clicking a node on the canvas says what exercised it.
  await cases.clickCoverageNode('rule:Language of home');
  const selected = map.getByRole('region', { name: 'Selected element' });
  await expect(selected.getByRole('heading', { level: 4 })).toHaveText('Rule Language of home (line 67) concludes speaks');
  await expect(selected).toContainText('Exercised');
  await expect(selected.getByRole('list', { name: 'Exercised by' })).toHaveText(CASE);

  // The unexercised rule, from the accessible list beside the map.
  await map.getByRole('list', { name: 'Not exercised' }).getByRole('button', { name: 'rule: Learnt abroad' }).click();
  await expect(selected).toContainText('Not exercised');
  await expect(selected).toContainText('Never fired');
  await expect(selected.getByRole('list', { name: 'Exercised by' })).toHaveText('No case');

  await map.getByRole('button', { name: 'Fit' }).click();
  await map.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'coverage-map');

  await page.getByRole('group', { name: 'Show coverage as' }).getByRole('button', { name: 'Table' }).click();
  await expect(cases.runDetails.getByRole('table', { name: 'Rules' })).toContainText('Learnt abroad');

  // What Lapwing writes, Lapwing reads: the map's "Export JSON", imported on the Runs tab.
  await page.getByRole('group', { name: 'Show coverage as' }).getByRole('button', { name: 'Map' }).click();
  const downloading = page.waitForEvent('download');
  await map.getByRole('toolbar', { name: 'Graph' }).getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-coverage\.json$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  await page.getByLabel('Import coverage (JSON)').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: `from ${download.suggestedFilename()}.` })).toBeVisible();
  const imported = page.getByRole('region', { name: `Coverage from ${download.suggestedFilename()}` });
  await expect(imported).toBeVisible();
  await expect(cases.runDetails).toHaveCount(0);
  await expect(imported.getByRole('table', { name: 'Rules' })).toContainText('Learnt abroad');
  await imported.getByRole('group', { name: 'Show coverage as' }).getByRole('button', { name: 'Map' }).click();
  const importedMap = imported.getByRole('figure', { name: 'Coverage map' });
  await expect(importedMap.getByText(/of 2 rules fired/)).toContainText('1 of 2 rules fired');
  expect(await cases.coverageClasses('rule:Language of home')).toContain('exercised');
  expect(await cases.coverageClasses('rule:Learnt abroad')).toContain('unexercised');
  await cases.clickCoverageNode('rule:Language of home');
  await expect(importedMap.getByRole('region', { name: 'Selected element' }).getByRole('list', { name: 'Exercised by' })).toHaveText(CASE);

  // A file that is not a coverage file says why, and what is shown stays.
  const wrong = testInfo.outputPath('not-coverage.json');
  await writeFile(wrong, JSON.stringify({ entries: [] }));
  await page.getByLabel('Import coverage (JSON)').setInputFiles(wrong);
  await expect(page.getByRole('alert').filter({ hasText: 'not-coverage.json is not a Lapwing coverage file' })).toBeVisible();
  await expect(imported).toBeVisible();
});
