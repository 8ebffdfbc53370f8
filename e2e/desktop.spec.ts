/**
 * The habits of a desktop tool: a command palette that finds actions, maps and saved
 * consultations; keyboard shortcuts for the main actions and a list of them; a dark theme that
 * follows the system or the user's choice and is remembered; a layout that holds at 1024×768; and
 * screenshots of every main screen in light and dark, saved as run artifacts.
 */
import type { Locator } from '@playwright/test';
import { expect, screenshot, test } from './support/fixtures';
import { MAIN_VIEWS, ShellPage } from './pages/shell-page';

test('the command palette finds and runs an action, a map and a saved consultation', async ({ page, runner }) => {
  const shell = new ShellPage(page);

  // An action: start a session without touching the mouse.
  await shell.runFromPalette('start sess', 'Start session');
  await expect(page.getByRole('status').filter({ hasText: /Session …[0-9a-f]{8} on / })).toBeVisible();
  await runner.query('Ada', 'speaks');
  await runner.saveConsultation('Palette walk');

  // Arrow keys move the active option; Escape closes and gives the focus back.
  await shell.openPalette();
  await shell.paletteSearch.fill('go to');
  const options = shell.palette.getByRole('option');
  await expect(options).toHaveCount(5);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await shell.paletteSearch.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(shell.paletteSearch).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  await shell.paletteSearch.press('ArrowUp');
  await shell.paletteSearch.press('ArrowUp');
  await expect(options.nth(4)).toHaveAttribute('aria-selected', 'true');
  await shell.paletteSearch.press('Escape');
  await expect(shell.palette).toBeHidden();
  await shell.expectView('Runner');

  // A saved consultation, by a word of its title: it opens in the Consultations view.
  await shell.runFromPalette('palette walk', /^Palette walk\s*Saved consultation/);
  await shell.expectView('Consultations');
  await expect(page.getByRole('region', { name: 'Palette walk' })).toBeVisible();

  // A map, by name: it opens in the Maps view with its editor.
  await shell.runFromPalette('hello', /^hello-world\s*Map/);
  await shell.expectView('Maps');
  await expect(page.getByRole('heading', { name: 'hello-world', level: 2 })).toBeVisible();

  // Nothing found says so.
  await shell.openPalette();
  await shell.paletteSearch.fill('no such thing anywhere');
  await expect(shell.palette.getByRole('option')).toHaveCount(0);
  await expect(shell.palette.getByRole('status')).toContainText('Nothing matches.');
  await page.keyboard.press('Escape');
});

test('keyboard shortcuts run the main actions, and ? lists them', async ({ page, runner }) => {
  const shell = new ShellPage(page);
  await page.getByRole('main').focus();

  // The list: every shortcut by group, from the same registry as the palette.
  await page.keyboard.press('?');
  await expect(shell.shortcuts).toBeVisible();
  for (const [action, keys] of [
    ['Start session', 'Alt+S'],
    ['Inject facts', 'Alt+I'],
    ['Run query', 'Alt+Q'],
    ['Answer the question', 'Alt+A'],
    ['Undo the last answer', 'Alt+Z'],
    ['Save the consultation', 'Ctrl+S'],
    ['Command palette', 'Ctrl+K'],
    ['Go to Maps', 'Alt+2'],
  ] as const) {
    await expect(shell.shortcuts.getByRole('row', { name: action })).toContainText(keys);
  }
  await page.keyboard.press('Escape');
  await expect(shell.shortcuts).toBeHidden();

  // Switching views.
  await page.keyboard.press('Alt+2');
  await shell.expectView('Maps');
  await page.keyboard.press('Alt+5');
  await shell.expectView('Environments');
  await page.keyboard.press('Alt+1');
  await shell.expectView('Runner');

  // A consultation from the keyboard: start, inject, query, answer, undo, save.
  await page.keyboard.press('Alt+S');
  await expect(page.getByRole('status').filter({ hasText: /Session …[0-9a-f]{8} on / })).toBeVisible();
  await runner.typeFacts('[{"subject": "Bruno", "relationship": "lives in", "object": "Wales", "certainty": 100}]');
  await page.keyboard.press('Alt+I');
  await expect(page.getByRole('status').filter({ hasText: 'Injected 1 fact.' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Query' });
  await form.getByLabel('Subject').fill('Ada');
  await form.getByLabel('Relationship').fill('speaks');
  await page.keyboard.press('Alt+Q');
  const where = runner.question('Which country does Ada live in?');
  await expect(where).toBeVisible();
  await where.getByRole('radio', { name: 'England' }).check();
  await runner.question('How old is Ada, in years?').getByLabel('Number').fill('34');
  await page.keyboard.press('Alt+A');
  const abroad = runner.question('In which other countries has Ada lived for a year or more?');
  await expect(abroad).toBeVisible();
  await page.keyboard.press('Alt+Z');
  await expect(where).toBeVisible();

  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.getByRole('complementary', { name: 'Transcript' }).getByText(/^Saved as “/)).toBeVisible();

  // `?` typed into a field is text, not the shortcuts list.
  await form.getByLabel('Object').fill('');
  await form.getByLabel('Object').press('?');
  await expect(form.getByLabel('Object')).toHaveValue('?');
  await expect(shell.shortcuts).toBeHidden();
});

test('the dark theme follows the system, can be chosen, and is remembered', async ({ page, lapwing }) => {
  const shell = new ShellPage(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(lapwing.url);
  await expect(shell.themeSelect).toHaveValue('system');
  expect(await shell.theme()).toBe('light');

  // System: the OS switching to dark switches the app, the editor with it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => shell.theme()).toBe('dark');
  await expect(page.getByRole('textbox', { name: 'Facts to inject, as JSON' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelector('.monaco-editor')?.classList.contains('vs-dark'))).toBe(true);
  const darkBackground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => shell.theme()).toBe('light');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(darkBackground);
  await expect.poll(() => page.evaluate(() => document.querySelector('.monaco-editor')?.classList.contains('vs-dark'))).toBe(false);

  // Chosen: Dark holds against a light system, and after a reload (the host keeps it).
  await shell.themeSelect.selectOption('Dark');
  await expect.poll(() => shell.theme()).toBe('dark');
  await page.reload();
  await expect(shell.themeSelect).toHaveValue('dark');
  expect(await shell.theme()).toBe('dark');

  // The same choice from the palette.
  await shell.runFromPalette('theme light', 'Theme: light');
  await expect.poll(() => shell.theme()).toBe('light');
  await expect(shell.themeSelect).toHaveValue('light');
});

test('the app at 1024×768: tabs are neither clipped nor wrapped, and the page does not scroll sideways', async ({
  page,
  runner,
}, testInfo) => {
  const shell = new ShellPage(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await runner.startSession();

  /**
   * The controls lie inside their container's visible box (not scrolled or clipped away), on one
   * line each, in order without overlapping.
   */
  const expectOneRow = async (container: Locator, names: readonly string[], locate: (name: string) => Locator) => {
    const area = (await container.boundingBox())!;
    const boxes = [];
    for (const name of names) {
      const box = await locate(name).boundingBox();
      expect(box, `${name} is on screen`).not.toBeNull();
      boxes.push({ name, ...box! });
    }
    const lineHeight = Math.min(...boxes.map((box) => box.height));
    for (const [index, box] of boxes.entries()) {
      expect(box.x, `${box.name} starts inside its bar`).toBeGreaterThanOrEqual(Math.max(0, area.x) - 0.5);
      expect(box.x + box.width, `${box.name} ends inside its bar`).toBeLessThanOrEqual(Math.min(1024, area.x + area.width) + 0.5);
      expect(box.height, `${box.name} is on one line`).toBeLessThan(lineHeight * 1.5);
      const next = boxes[index + 1];
      if (next) expect(next.x, `${next.name} comes after ${box.name}`).toBeGreaterThanOrEqual(box.x + box.width - 1);
    }
  };

  await expectOneRow(shell.nav, MAIN_VIEWS, (name) => shell.navButton(name as (typeof MAIN_VIEWS)[number]));
  for (const control of [shell.themeSelect, page.getByRole('button', { name: 'Keyboard shortcuts' })]) {
    const box = await control.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
  }

  const tabs = page.getByRole('tablist', { name: 'Consultation views' });
  await expectOneRow(tabs, ['Consultation', 'Evidence', 'Interaction log', 'Chat'], (name) => tabs.getByRole('tab', { name, exact: true }));

  // A disabled tab says why.
  const evidence = tabs.getByRole('tab', { name: 'Evidence' });
  await expect(evidence).toBeDisabled();
  // Forced: Playwright waits for an aria-disabled control to become enabled; a person can still click it.
  await evidence.click({ force: true });
  await expect(evidence).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'Run a query, then choose “Evidence” on a result' })).toBeVisible();

  for (const view of MAIN_VIEWS) {
    await shell.show(view);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${view} does not scroll sideways`).toBeLessThanOrEqual(1024);
    await screenshot(page, testInfo, `screen-${view.toLowerCase().replace(' ', '-')}-1024`);
  }
  await shell.show('Maps');
  const mapTabs = page.getByRole('tablist').first();
  const names = await mapTabs.getByRole('tab').allInnerTexts();
  await expectOneRow(mapTabs, names, (name) => mapTabs.getByRole('tab', { name, exact: true }));
});

test('screenshots of every main screen, light and dark', async ({ page, runner }, testInfo) => {
  const shell = new ShellPage(page);
  await runner.startSession();
  await runner.query('Ada', 'speaks');
  await runner.expectQuestions('Which country does Ada live in?', 'How old is Ada, in years?');
  for (const theme of ['Light', 'Dark'] as const) {
    await shell.themeSelect.selectOption(theme);
    await expect.poll(() => shell.theme()).toBe(theme.toLowerCase());
    for (const view of MAIN_VIEWS) {
      await shell.show(view);
      // The view's own content is drawn (lazy views load on first show).
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await screenshot(page, testInfo, `screen-${view.toLowerCase().replace(' ', '-')}-${theme.toLowerCase()}`);
    }
    await shell.show('Runner');
    await shell.openPalette();
    await screenshot(page, testInfo, `screen-palette-${theme.toLowerCase()}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(shell.shortcuts).toBeVisible();
    await screenshot(page, testInfo, `screen-shortcuts-${theme.toLowerCase()}`);
    await page.keyboard.press('Escape');
  }
});
