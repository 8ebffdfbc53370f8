/**
 * Errors a user sees wherever they look, and round trips that close: a failed start seen from
 * another view (an environment on a closed loopback port), a wrong evidence key, undo with nothing
 * to undo, the runner's log and evidence exports imported again, a saved consultation made a test
 * case, and the same case file imported twice.
 */
import { writeFile } from 'node:fs/promises';
import { freePort } from '../electron/server/test-support/system-service';
import { expect, ipc, test } from './support/fixtures';
import { CasesPage } from './pages/cases-page';
import { EnvironmentsPage } from './pages/environments-page';
import { Notifications } from './pages/notifications';
import type { RunnerPage } from './pages/runner-page';
import type { Page } from '@playwright/test';

const ABROAD = 'In which other countries has Bruno lived for a year or more?';

async function localMap(page: Page): Promise<{ id: string; live: number }> {
  const { value } = await ipc<{ value: { maps: { id: string; versions: { number: number; live: boolean }[] }[] } }>(page, 'maps.list', {
    environmentId: 'local',
  });
  const map = value.maps[0];
  return { id: map.id, live: map.versions.find((version) => version.live)?.number ?? 1 };
}

/** Bruno's consultation: two facts, a query, one skipped question, then results. */
async function consultToResults(page: Page, runner: RunnerPage): Promise<void> {
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
}

test('a failed start is seen from another view, names the host and what to check, and stays until dismissed', async ({
  page,
  runner,
  lapwing,
}) => {
  // Nothing listens there: freePort picks below the kernel's ephemeral range, so no connection
  // elsewhere on the machine takes it before the call (a port just released from that range could be).
  const port = await freePort();
  const { id: mapId } = await localMap(page);
  await ipc(page, 'environments.save', { name: 'Closed port', kind: 'custom', baseUrl: `http://127.0.0.1:${port}`, defaultMapId: mapId });
  await runner.open(lapwing.url);

  // A session on Local first: the status line must not go on showing it once a start failed.
  await runner.startSession();
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Closed port' });
  await expect(page.getByRole('combobox', { name: 'Map', exact: true })).toHaveValue(mapId);
  await runner.startButton.click();

  const notifications = new Notifications(page);
  const failure = notifications.failure('Start a session');
  await expect(failure).toContainText(`Could not reach 127.0.0.1:${port}`);
  await expect(failure).toContainText('connection was refused');
  await expect(failure).toContainText('proxy');
  await expect(failure).not.toContainText('fetch failed');
  await expect(page.getByRole('status').filter({ hasText: /Session …[0-9a-f]{8} on / })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'No session.' })).toBeVisible();

  // Another view: the failure is still in sight there.
  await new CasesPage(page).show();
  await expect(failure).toBeVisible();
  await new EnvironmentsPage(page).show();
  await expect(failure).toBeVisible();
  await notifications.dismiss('Start a session');
});

test('evidence with a wrong key says the key was refused, not missing', async ({ page, runner, environments }) => {
  const map = await localMap(page);
  await ipc(page, 'maps.settings.set', { environmentId: 'local', mapId: map.id, version: map.live, change: { evidenceSecured: true } });
  await environments.show();
  await environments.select('Local');
  await environments.setKey('Evidence key', 'not-the-key-of-this-map');
  try {
    await runner.show();
    await consultToResults(page, runner);
    await runner.openEvidence('Bruno speaks English');
    const failure = new Notifications(page).failure('Show the evidence');
    await expect(failure).toContainText('refused the evidence key');
    await expect(failure).toContainText('it is set, but it is not this map');
    await expect(failure).not.toContainText('no evidence key is set');
    await expect(page.getByRole('alert').filter({ hasText: 'Evidence unavailable.' })).not.toContainText('Set the evidence key');
  } finally {
    // The OS keychain outlives this test's data folder: leave no wrong key for the next test.
    await ipc(page, 'keys.delete', { environmentId: 'local', kind: 'evidence' });
  }
});

test('undo with nothing to undo changes nothing: no transcript entry, nothing saved', async ({ page, runner, consultations }) => {
  await runner.startSession();
  await runner.query('Ada', 'speaks');
  const first = ['Which country does Ada live in?', 'How old is Ada, in years?'];
  await runner.expectQuestions(...first);
  const before = await runner.transcript.getByRole('listitem').count();
  await runner.undo();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to undo' })).toBeVisible();
  await runner.expectQuestions(...first);
  await expect(runner.transcript.getByRole('listitem')).toHaveCount(before);
  await expect(runner.transcript.getByRole('listitem').filter({ hasText: /^Undo/ })).toHaveCount(0);

  await runner.saveConsultation('Nothing undone');
  await consultations.show();
  const detail = await consultations.open('Nothing undone');
  await expect(detail.getByRole('list', { name: 'Transcript' }).getByRole('listitem').filter({ hasText: /^Undo/ })).toHaveCount(0);
});

test("the runner's log and evidence exports import into the Logs tab; session IDs tell sessions apart", async ({
  page,
  runner,
}, testInfo) => {
  await consultToResults(page, runner);
  const status = page.getByRole('status').filter({ hasText: /Session …[0-9a-f]{8} on / });
  const firstLine = await status.textContent();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: /^Copy the session ID / }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toContainText('Copied the session ID');

  await page.getByRole('tab', { name: 'Interaction log' }).click();
  const logDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export log (JSON)' }).click();
  const logFile = await logDownload;
  expect(logFile.suggestedFilename()).toMatch(/^interactions-[0-9a-f]{8}-\d{8}-\d{6}Z\.json$/);
  expect(logFile.suggestedFilename()).toContain(firstLine?.match(/…([0-9a-f]{8})/)?.[1] ?? 'no tail');
  const logPath = testInfo.outputPath(logFile.suggestedFilename());
  await logFile.saveAs(logPath);

  await page.getByRole('tab', { name: 'Consultation' }).click();
  await runner.openEvidence('Bruno speaks English');
  const evidenceDownload = page.waitForEvent('download');
  await page.getByRole('toolbar', { name: 'Graph' }).getByRole('button', { name: 'Export JSON' }).click();
  const evidenceFile = await evidenceDownload;
  const evidencePath = testInfo.outputPath(evidenceFile.suggestedFilename());
  await evidenceFile.saveAs(evidencePath);

  // A second session: its ID reads differently, and its log would get another file name.
  await page.getByRole('tab', { name: 'Consultation' }).click();
  await runner.startSession();
  await expect(status).not.toHaveText(firstLine ?? '');

  const cases = new CasesPage(page);
  await cases.showLogs();
  await cases.importLog(logPath);
  const imported = page.getByRole('list', { name: 'Imported logs' }).getByRole('button', { name: new RegExp(logFile.suggestedFilename()) });
  await expect(imported).toBeVisible();
  await expect(imported).toContainText('0 evidence');
  await expect(page.getByRole('img', { name: /^Interaction log: \d+ events$/ })).toBeVisible();
  await page.getByLabel('Import evidence for this log (JSON)').setInputFiles(evidencePath);
  await expect(imported).not.toContainText(' 0 evidence');
  await expect(new Notifications(page).failure('Import evidence')).toHaveCount(0);

  // And the log becomes a test case, its map picked from the Local maps.
  const make = page.getByRole('form', { name: 'Make a test case from this log' });
  await make.getByRole('combobox', { name: 'Map' }).fill((await localMap(page)).id);
  await make.getByLabel('Case name').fill('Bruno from the exported log');
  await make.getByRole('button', { name: 'Make test case' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Made the case "Bruno from the exported log" from the log.' })).toBeVisible();
});

test('a saved consultation becomes a test case named after its query; the same case file imported twice asks first', async ({
  page,
  runner,
  consultations,
}, testInfo) => {
  await consultToResults(page, runner);
  await runner.saveConsultation('Bruno in England');
  await consultations.show();
  const detail = await consultations.open('Bruno in England');
  const make = detail.getByRole('form', { name: 'Make a test case from this consultation' });
  await make.getByRole('button', { name: 'Make test case' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'no name was given, so it is named after its query' })).toBeVisible();
  await detail.getByRole('button', { name: 'Open the case' }).click();
  const cases = new CasesPage(page);
  await expect(cases.list.getByRole('button', { name: /speaks\(Bruno, \?\)/ })).toBeVisible();

  // Export it, then import the file twice: the second import asks before it stores anything.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  // One case: the file is named after it (never `cases.cases.json`).
  expect(file.suggestedFilename()).toBe('speaks-Bruno.cases.json');
  const path = testInfo.outputPath('exported.cases.json');
  await file.saveAs(path);
  await cases.importCases(path);
  const duplicates = page.getByRole('group', { name: /already here/ });
  await expect(duplicates).toContainText('speaks(Bruno, ?)');
  await expect(cases.list.getByRole('button', { name: /speaks\(Bruno, \?\)/ })).toHaveCount(1);
  await duplicates.getByRole('button', { name: 'Replace them' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'replacing 1' })).toBeVisible();
  await expect(cases.list.getByRole('button', { name: /speaks\(Bruno, \?\)/ })).toHaveCount(1);

  // A case on a map Local does not have: the import warns, and the run names the map.
  const unknownMap = '0192f3a4-5b6c-7d8e-9f00-112233445566';
  const foreign = testInfo.outputPath('foreign.cases.json');
  await writeFile(
    foreign,
    JSON.stringify({
      formatVersion: 1,
      cases: [{ name: 'Elsewhere', target: { mapId: unknownMap }, query: { subject: 'Bruno', relationship: 'speaks' } }],
    }),
  );
  await cases.importCases(foreign);
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(`Map ${unknownMap} is not in Local`);
  await cases.list.getByRole('button', { name: /^Elsewhere/ }).click();
  const run = page.getByRole('form', { name: 'Run test cases' });
  await run.getByLabel('Cases').selectOption('selected');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(cases.runDetails.getByRole('heading', { name: `map 0192f3a4… on Local live` })).toBeVisible();
  await expect(cases.runDetails).toContainText('map 0192f3a4… is not in Local');

  // A passed case opens onto its results and questions, not just a button.
  await page.getByRole('tab', { name: 'Cases' }).click();
  await cases.list.getByRole('button', { name: /speaks\(Bruno, \?\)/ }).click();
  await run.getByLabel('Cases').selectOption('selected');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(cases.runDetails.getByRole('heading', { name: 'hello-world on Local live' })).toBeVisible();
  const passed = cases.runDetails.getByRole('listitem').filter({ hasText: 'passed' }).first();
  await passed.getByText('speaks(Bruno, ?)').click();
  await expect(passed.getByRole('region', { name: 'Results of speaks(Bruno, ?)' })).toContainText('Bruno · speaks · English 75%');
  await expect(passed.getByRole('region', { name: 'Questions of speaks(Bruno, ?)' })).toContainText(ABROAD);
});
