/**
 * The map loop end to end: import a map with an error, fix it in the editor, publish version 1,
 * save a consultation as a case, Show in map from an evidence rule node, change the rule's
 * certainty in the draft, read the semantic diff naming the rule and the case it touches, run the
 * cases version 1 against the draft and see the regression, and ask "why no result?" of a query that
 * concludes nothing and follow its rule to the map; and a folder-backed map changed on disk updates
 * in the open app.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshot, test } from './support/fixtures';
import { CasesPage } from './pages/cases-page';
import { MapsPage } from './pages/maps-page';

/** The languages fixture with one mistake (a concept type `strng`), as a user might import it. */
const LANGUAGES = readFileSync(join(import.meta.dirname, 'fixtures', 'languages.rbl'), 'utf8').replace(
  '<concept name="Language" type="string"/>',
  '<concept name="Language" type="strng"/>',
);

test('imports a map with an error, fixes and publishes it, diffs a changed rule with the case it touches, and runs the cases', async ({
  page,
  runner,
}, testInfo) => {
  // The whole loop in one walk (import to comparison run): longer than the suite's default 90 s on a busy machine.
  test.setTimeout(300_000);
  const maps = new MapsPage(page);
  await maps.show();

  // Import: the error shows, at its line, before anything is saved; the map can still be a draft.
  const preview = await maps.chooseImport('languages.rbl', LANGUAGES);
  await expect(preview.getByRole('status')).toContainText('languages.rbl: 1 error');
  await expect(preview.getByRole('list', { name: 'Diagnostics of the file' })).toContainText(
    'Line 5, column 28: error: concept \'Language\': type="strng" is not valid',
  );
  await expect(maps.mapButton('Languages')).toHaveCount(0);
  await preview.getByLabel('Map name').fill('Languages');
  await preview.getByRole('button', { name: 'Import as draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported "Languages" as a draft with 1 error' })).toBeVisible();
  await expect(maps.mapButton('Languages')).toContainText('draft 1 error');

  // The editor marks it; the problem jumps to its line; fix it there and save.
  const problem = maps.problems.getByRole('button', { name: /Line 5, column 28 error/ });
  await expect(problem).toBeVisible();
  await problem.click();
  await page.keyboard.press('End');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowLeft');
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Backspace');
  await page.keyboard.type('string');
  await page.keyboard.press('Escape');
  await expect(maps.draftStatus).toContainText('Unsaved changes. 0 errors');
  await expect(maps.problems).toContainText('No problems.');
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.getByRole('status').filter({ hasText: 'Saved the draft of "Languages" (ok).' })).toBeVisible();
  await expect(maps.mapButton('Languages')).toContainText('draft ok');
  await screenshot(page, testInfo, 'maps-editor');

  await maps.publish('first release', true);
  await expect(page.getByRole('status').filter({ hasText: 'Published version 1 of "Languages", now live.' })).toBeVisible();
  await expect(maps.versions.getByRole('row', { name: /Version 1 .* first release Live/ })).toBeVisible();

  // A consultation on version 1, saved as a case and run once (its coverage is what the diff reads).
  await runner.show();
  await page.getByRole('combobox', { name: 'Map', exact: true }).selectOption({ label: 'Languages' });
  await runner.startSession();
  await runner.typeFacts('[{"subject": "Ann", "relationship": "lives in", "object": "France", "certainty": 100}]');
  await runner.inject();
  await expect(page.getByRole('status').filter({ hasText: 'Injected 1 fact.' })).toBeVisible();
  await runner.query('Ann', 'speaks');
  await expect(runner.certainty('Ann speaks French')).toHaveAttribute('aria-valuenow', '80');

  // Show in map: the rule that concluded it, in the editor, with the cursor in it.
  await runner.openEvidence('Ann speaks French');
  await runner.evidenceOutline.getByRole('button', { name: 'Home language (cap 80%)', exact: true }).click();
  await runner.evidenceOutline.getByRole('button', { name: 'Show in map: Home language (cap 80%)' }).click();
  await expect(page.getByRole('button', { name: 'Maps' })).toHaveAttribute('aria-current', 'page');
  await expect(maps.outline.getByRole('button', { name: /^Home language/ })).toHaveAttribute('aria-current', 'location');
  await runner.show();

  const cases = new CasesPage(page);
  await cases.show();
  await cases.saveConsultation('Ann speaks French');
  await cases.run('live');
  await expect(cases.runDetails).toContainText('1 passed, 0 failed');

  // Change the rule's certainty in the draft (from the outline to the rule, then to its cf).
  await maps.show();
  await maps.tab('Editor');
  await maps.outline.getByRole('button', { name: /^Home language/ }).click();
  for (let step = 0; step < '<relinst type="speaks" cf="'.length; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('60');
  await maps.save();

  // The semantic diff names the rule, its changed certainty and the case it touches.
  const report = await maps.compare(1, 'draft');
  const entry = report.getByRole('listitem').filter({ hasText: 'Home language' }).first();
  await expect(entry).toContainText('changed');
  await expect(entry).toContainText('80 → 60');
  await expect(entry).toContainText('Cases touched: Ann speaks French');
  await screenshot(page, testInfo, 'maps-diff');
  await page.getByRole('button', { name: 'Text diff' }).click();
  await expect(page.getByRole('figure', { name: /^Text diff:/ })).toBeVisible();

  // Run these cases: version 1 against the draft, in the existing comparison.
  await page.getByRole('button', { name: /^Run these cases: / }).click();
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  await expect(cases.runDetails.getByRole('region', { name: 'Impact summary' })).toContainText('1 regressed');

  // Why no result? Bea lives where the map knows no national language: the rule and the condition that stopped it.
  await runner.show();
  await runner.startSession();
  await runner.typeFacts('[{"subject": "Bea", "relationship": "lives in", "object": "Germany", "certainty": 100}]');
  await runner.inject();
  await expect(page.getByRole('status').filter({ hasText: 'Injected 1 fact.' })).toBeVisible();
  await runner.query('Bea', 'speaks');
  await expect(runner.whyNoResult).toContainText('Nothing concluded "speaks" for Bea: its one rule stopped, as shown.');
  const stopped = runner.whyRule('Home language');
  await expect(stopped).toContainText('No such fact');
  await expect(stopped).toContainText(
    'Stopped at condition 2 (%COUNTRY national language %O): no fact "Germany national language ?" (none was given, no rule concludes it and it is never asked).',
  );
  await screenshot(page, testInfo, 'runner-why-no-result');
  await stopped.getByRole('button', { name: 'Show in map: Home language' }).click();
  await expect(page.getByRole('button', { name: 'Maps' })).toHaveAttribute('aria-current', 'page');
  await expect(maps.outline.getByRole('button', { name: /^Home language/ })).toHaveAttribute('aria-current', 'location');
});

test('a folder-backed map follows its file on disk in the open app', async ({ page, runner }) => {
  void runner;
  const folder = await mkdtemp(join(tmpdir(), 'lapwing-maps-e2e-'));
  try {
    const file = join(folder, 'greetings.rbl');
    const fixed = LANGUAGES.replace('type="strng"', 'type="string"');
    await writeFile(file, fixed);
    const maps = new MapsPage(page);
    await maps.show();
    await maps.openFolder(folder);
    await expect(page.getByRole('status').filter({ hasText: `Following ${folder}: 1 map file.` })).toBeVisible();
    const item = maps.list.getByRole('button').filter({ hasText: 'greetings.rbl' });
    await expect(item).toContainText('draft ok');

    // Saved in another editor: the list and the open draft follow within a second or two.
    await item.click();
    await writeFile(file, fixed.replace('<concept name="Person" type="string"/>', '<concept name="Person" type="strng"/>'));
    await expect(item).toContainText('draft 1 error');
    await expect(maps.problems).toContainText('concept \'Person\': type="strng" is not valid');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
