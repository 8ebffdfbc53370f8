/**
 * A whole consultation on the bundled hello-world map, in the order a knowledge engineer works:
 * inject facts in the editor, query, answer every kind of question (grouped pair with a certainty
 * and a number, plural multi-select, first-form yes/no, a skip), undo twice, read the results and
 * their certainty, open the evidence and expand a node, save the consultation and reopen it.
 */
import { expect, screenshot, test } from './support/fixtures';
import { unnamedControls } from './support/a11y';

const WHERE = 'Which country does Ada live in?';
const AGE = 'How old is Ada, in years?';
const ABROAD = 'In which other countries has Ada lived for a year or more?';
const LESSONS_FR = 'Has Ada taken lessons in French?';
const CERTIFICATE_FR = 'Does Ada hold a language certificate in French?';
const LESSONS_ES = 'Has Ada taken lessons in Spanish?';

test('runs a consultation from facts to evidence, then saves and reopens it', async ({ page, runner, consultations }, testInfo) => {
  await expect(page.getByRole('combobox', { name: 'Map', exact: true }).locator('option:checked')).toHaveText(/hello/i);
  await runner.startSession();
  await screenshot(page, testInfo, 'runner-start');

  // Facts typed in Monaco, checked against the map's vocabulary, injected.
  await runner.typeFacts('[{"subject": "Bruno", "relationship": "lives in", "object": "Wales", "certainty": 100}]');
  await runner.inject();
  await expect(page.getByRole('status').filter({ hasText: 'Injected 1 fact.' })).toBeVisible();
  await expect(runner.transcript.getByRole('listitem').first()).toContainText('Injected 1 fact');

  await runner.query('Ada', 'speaks');

  // A question group: a choice from the concepts with a certainty slider, and a number; answered together.
  await runner.expectQuestions(WHERE, AGE);
  await expect(runner.question(WHERE).getByRole('radio')).toHaveCount(5);
  await expect(runner.question(AGE).getByRole('slider', { name: 'Certainty' })).toHaveCount(0); // allowCF false
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveCount(0); // not skippable
  await runner.question(WHERE).getByRole('radio', { name: 'England' }).check();
  await runner.setCertainty(WHERE, 90);
  await runner.question(AGE).getByLabel('Number').fill('34');
  expect(await unnamedControls(page.getByRole('main'))).toEqual([]);
  await screenshot(page, testInfo, 'runner-question-group');
  await runner.answer();

  // Plural: a multi-select.
  await runner.expectQuestions(ABROAD);
  await runner.question(ABROAD).getByRole('checkbox', { name: 'France' }).check();
  await runner.question(ABROAD).getByRole('checkbox', { name: 'Spain' }).check();
  await runner.answer();

  // First form: yes/no with a certainty.
  await runner.expectQuestions(LESSONS_FR);
  await runner.question(LESSONS_FR).getByRole('radio', { name: 'Yes' }).check();
  await runner.setCertainty(LESSONS_FR, 80);
  await runner.answer();

  // allowUnknown: Skip is offered, and used.
  await runner.expectQuestions(CERTIFICATE_FR);
  await runner.skip();

  await runner.expectQuestions(LESSONS_ES);
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveCount(0);
  await runner.question(LESSONS_ES).getByRole('radio', { name: 'No' }).check();
  await runner.answer();

  await expect(runner.results.getByRole('listitem')).toHaveCount(2);

  // Undo twice: back through the last two answer batches, then answer them again.
  await runner.undo();
  await runner.expectQuestions(LESSONS_ES);
  await runner.undo();
  await runner.expectQuestions(CERTIFICATE_FR);
  await runner.skip();
  await runner.expectQuestions(LESSONS_ES);
  await runner.question(LESSONS_ES).getByRole('radio', { name: 'No' }).check();
  await runner.answer();

  // Results with their certainty: 75 × (½·90 + ½·100 + ⅓… ) rounds to 72; the abroad rule gives 70.
  await expect(runner.results.getByRole('listitem')).toHaveCount(2);
  await expect(runner.certainty('Ada speaks English')).toHaveAttribute('aria-valuenow', '72');
  await expect(runner.certainty('Ada speaks French')).toHaveAttribute('aria-valuenow', '70');
  await screenshot(page, testInfo, 'runner-results');

  // Evidence: the result at the root, its rule and conditions, an unmet optional one; expand an answer.
  await runner.openEvidence('Ada speaks French');
  const outline = runner.evidenceOutline;
  await expect(outline.getByRole('button', { name: /^Learnt abroad \(cap 90%\)/ })).toBeVisible();
  await expect(outline.getByRole('button', { name: /^Not met: Ada · holds a certificate in · French/ })).toBeVisible();
  await expect(outline.getByRole('button', { name: 'Expand Not met: Ada · holds a certificate in · French' })).toHaveCount(0);
  await outline.getByRole('button', { name: 'Expand Ada · has lived in · France' }).click();
  await outline.getByRole('button', { name: /^Ada · has lived in · France/ }).click();
  await expect(outline.getByRole('region', { name: 'Selected node' })).toContainText('answered by the user');
  await expect(outline.getByRole('button', { name: 'Expand Ada · has lived in · France' })).toHaveCount(0);
  await screenshot(page, testInfo, 'evidence-graph');

  const download = page.waitForEvent('download');
  await page.getByRole('toolbar', { name: 'Graph' }).getByRole('button', { name: 'Export JSON' }).click();
  expect((await download).suggestedFilename()).toMatch(/^evidence-WA_RF_[0-9a-f]+\.json$/);

  expect(await unnamedControls(page.getByRole('main'))).toEqual([]);

  await page.getByRole('tab', { name: 'Interaction log' }).click();
  await expect(page.getByRole('img', { name: /^Interaction log: \d+ events$/ })).toBeVisible();
  // The bundled maps record interactions, so the engine's own log can replace the transcript's.
  await page.getByRole('button', { name: 'Fetch from engine' }).click();
  await expect(page.getByText('From the engine’s interaction log.')).toBeVisible();
  await screenshot(page, testInfo, 'interaction-log');

  // Save, then reopen from the store.
  await runner.saveConsultation('Ada and her languages');
  await consultations.show();
  await consultations.search('Ada');
  const detail = await consultations.open('Ada and her languages');
  await expect(detail.getByRole('meter', { name: 'Certainty of Ada speaks English' })).toHaveAttribute('aria-valuenow', '72');
  const steps = detail.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
  await expect(steps.filter({ hasText: 'Query: Ada speaks ?' })).toHaveCount(1);
  await expect(steps.filter({ hasText: /^Undo/ })).toHaveCount(2);
  expect(await unnamedControls(page.getByRole('main'))).toEqual([]);
  await screenshot(page, testInfo, 'consultations-reopened');

  // Replay it step by step against the same target: every reply matches.
  await detail.getByRole('button', { name: 'Start replay' }).click();
  await detail.getByRole('button', { name: 'Next step' }).click();
  await expect(detail.getByRole('list', { name: 'Replayed steps' }).getByRole('listitem')).toHaveCount(1);
  await detail.getByRole('button', { name: 'Replay all' }).click();
  const replayed = detail.getByRole('list', { name: 'Replayed steps' }).getByRole('listitem');
  await expect(replayed).toHaveCount(await steps.count());
  await expect(replayed.filter({ hasText: /different|failed/ })).toHaveCount(0);
});

test('asks a second-form-subject question with free entry, on the draft', async ({ page, runner }) => {
  await page.getByRole('combobox', { name: 'Version', exact: true }).selectOption({ label: 'Draft' });
  await runner.startSession();
  await expect(page.getByRole('status').filter({ hasText: /Session …[0-9a-f]{8} on Local · hello-world · draft/ })).toBeVisible();
  await runner.query('', 'lives in', 'Wales');
  const prompt = 'Who lives in Wales?';
  await runner.expectQuestions(prompt);
  // The people of the map are offered, and canAdd allows someone new.
  await expect(runner.question(prompt).getByRole('radio', { name: 'Bruno' })).toBeVisible();
  await runner.question(prompt).getByLabel('Other value').fill('Dylan');
  await runner.answer();
  await expect(runner.results.getByRole('listitem').filter({ hasText: 'Dylan' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
});

test('shows schema errors inline in the fact editor and refuses to inject them', async ({ page, runner }) => {
  await runner.typeFacts('[{"subject": "Ada", "relationship": "Lives In", "object": "England", "certainty": 100}]');
  // Monaco's JSON worker validates against the schema built from the map; problems are listed too.
  const problems = page.getByRole('list', { name: 'Problems in the facts' });
  await expect(problems).toContainText('Line 1, column 37: Unknown relationship: not in this map (names are case-sensitive).');
  await runner.inject();
  await expect(page.getByRole('alert').filter({ hasText: 'Fix the problem in the facts first.' })).toBeVisible();

  // An object of the wrong kind for the relationship: a closed list of countries.
  await runner.typeFacts('[{"subject": "Ada", "relationship": "lives in", "object": "Atlantis", "certainty": 100}]');
  await expect(problems).toContainText('Not an instance of country');

  // Completions from the map's vocabulary: relationship names.
  await runner.typeFacts('[{"subject": "Ada", "relationship": "');
  await page.keyboard.press('Control+Space');
  await expect(page.getByRole('option', { name: /^lives in/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // What the schema cannot see is still refused before sending: a missing object.
  await runner.typeFacts('[{"subject": "Ada", "relationship": "lives in", "certainty": 100}]');
  await expect(problems).toContainText('Missing property "object"');
});

test('answers questions with the keyboard alone', async ({ page, runner }) => {
  await expect(runner.startButton).toBeEnabled();
  const query = page.getByRole('form', { name: 'Query' });
  await query.getByLabel('Subject').focus();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await page.keyboard.type('speaks');
  await page.keyboard.press('Enter');

  // The new question takes the focus; arrows move between choices, Space picks, Tab moves on.
  await expect(page.getByRole('group', { name: WHERE, exact: true }).getByRole('radio', { name: 'England' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Wales' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('slider', { name: 'Certainty' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('slider', { name: 'Certainty' })).toHaveValue('99');
  await page.keyboard.press('Tab');
  await page.keyboard.type('41');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('group', { name: ABROAD, exact: true }).getByRole('checkbox', { name: 'England' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Has Ada taken lessons in English?', exact: true })).toBeVisible();
});
