/**
 * Regression cases end to end: save a consultation on the bundled hello-world map as a case,
 * publish a new map version whose rule changed, compare live with it, see the regression and its
 * evidence diff, re-baseline, and see the case pass on the new version.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, ipc, screenshot, test } from './support/fixtures';
import { CasesPage } from './pages/cases-page';

const ABROAD = 'In which other countries has Bruno lived for a year or more?';
const root = resolve(import.meta.dirname, '..');

/** Version 2 of the map with the "Language of home" rule capped at 60 instead of 75. */
function publishWeakerRule(dataDir: string, mapId: string): void {
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'bin/run-ts.mjs'),
      join(root, 'e2e/support/publish-version.ts'),
      dataDir,
      mapId,
      'relinst type="speaks" cf="75"',
      'relinst type="speaks" cf="60"',
    ],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout.trim()).toBe('2');
}

test('saves a consultation as a case, finds the regression of a changed rule, and re-baselines', async ({
  page,
  runner,
  lapwing,
}, testInfo) => {
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
  await cases.saveConsultation('Bruno speaks English');
  await expect(cases.list.getByRole('button', { name: /Bruno speaks English/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Test case, as JSON' })).toBeVisible();

  const { value } = await ipc<{ value: { maps: { id: string }[] } }>(page, 'maps.list', { environmentId: 'local' });
  publishWeakerRule(lapwing.dataDir, value.maps[0].id);

  await cases.compare('live', 2);
  const details = cases.runDetails;
  await expect(details.getByRole('heading', { name: 'hello-world: Local live → Local version 2' })).toBeVisible();
  await expect(details.getByRole('region', { name: 'Impact summary' })).toContainText('1 regressed');
  await expect(details.getByRole('table', { name: 'Result changes of Bruno speaks English' })).toContainText('75%');
  const diff = details.getByRole('figure', { name: 'Evidence diff of Bruno · speaks · English' });
  await expect(diff).toBeVisible();
  await expect(
    diff.getByRole('listitem').filter({
      hasText: 'Bruno · speaks · English: changed · 75% rule (Language of home, max 75%) → 60% rule (Language of home, max 60%)',
    }),
  ).toBeVisible();
  await expect(diff.getByTestId('evidence-diff-canvas').locator('canvas').first()).toBeVisible();
  await screenshot(page, testInfo, 'cases-comparison');

  await details.getByRole('button', { name: 'Re-baseline all…' }).click();
  const preview = details.getByRole('region', { name: 'Re-baseline preview' });
  await expect(preview).toContainText('results changed: Bruno · speaks · English: 75% → 60%');
  await preview.getByRole('button', { name: 'Accept as new expectations' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Re-baselined 1 case:' })).toBeVisible();

  await cases.run(2);
  await expect(cases.runDetails.getByRole('heading', { name: 'hello-world on Local version 2' })).toBeVisible();
  await expect(cases.runDetails.getByRole('list', { name: 'Case results' })).toContainText('passed');
  await expect(cases.runDetails).toContainText('1 passed, 0 failed');
});
