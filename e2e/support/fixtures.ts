/**
 * The test fixtures: a browser-mode host per test (temp data dir, free port), page objects, and
 * screenshots of the main screens saved under artifacts/screenshots/ for the run's artifacts.
 *
 * Every page is watched: an uncaught exception or a console error fails the test that caused it
 * (after the test body, with every message listed), unless the spec allows it by pattern with
 * `test.use({ allowedConsoleErrors: [...] })`.
 */
import { test as base, expect, type ConsoleMessage, type Page, type TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startLapwing, type RunningLapwing } from './host';
import { RunnerPage } from '../pages/runner-page';
import { ConsultationsPage } from '../pages/consultations-page';
import { EnvironmentsPage } from '../pages/environments-page';

const screenshotDir = resolve(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

export interface Fixtures {
  /** Console errors a spec expects (matched against the message text); none by default. */
  allowedConsoleErrors: RegExp[];
  lapwing: RunningLapwing;
  runner: RunnerPage;
  consultations: ConsultationsPage;
  environments: EnvironmentsPage;
}

/**
 * Chromium logs every non-2xx response as a console error. Browser mode answers an expected
 * failure of a contract call with an honest HTTP status and a Result envelope the app shows to the
 * user, so those network lines from `/ipc/` are not errors of the page.
 */
function isHandledIpcStatus(message: ConsoleMessage): boolean {
  return (
    message.text().startsWith('Failed to load resource') && new URL(message.location().url || 'about:blank').pathname.startsWith('/ipc/')
  );
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  // Every test's page is watched; the check runs after the test body, listing every message.
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    const allowed = (text: string) => allowedConsoleErrors.some((pattern) => pattern.test(text));
    // A page the host's teardown sent to about:blank is no longer the app (init scripts may still throw there).
    const left = () => page.url() === 'about:blank';
    page.on('pageerror', (error) => {
      if (left()) return;
      const text = `uncaught ${error.name}: ${error.message}`;
      if (!allowed(text)) errors.push(text);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error' || left() || isHandledIpcStatus(message) || allowed(message.text())) return;
      const where = message.location().url ? ` (${message.location().url}:${message.location().lineNumber})` : '';
      errors.push(`console error: ${message.text()}${where}`);
    });
    await use(page);
    expect(errors, 'the page logged errors or threw').toEqual([]);
  },
  lapwing: async ({ context }, use) => {
    // Debugging aid: LAPWING_E2E_URL points the tests at a host you started yourself (shared data!).
    const external = process.env.LAPWING_E2E_URL;
    if (external) {
      await use({ url: external, dataDir: process.env.LAPWING_E2E_DATA ?? '', output: () => '', stop: async () => {} });
      return;
    }
    const running = await startLapwing();
    try {
      await use(running);
    } finally {
      // Pages leave the app before the host stops, so nothing they load lazily (Monaco's icon font)
      // is refused by a closed port and reported as the page's error.
      await Promise.all(context.pages().map((open) => open.goto('about:blank').catch(() => undefined)));
      await running.stop();
    }
  },
  runner: async ({ page, lapwing }, use) => {
    const runner = new RunnerPage(page);
    await runner.open(lapwing.url);
    await use(runner);
  },
  consultations: async ({ page }, use) => use(new ConsultationsPage(page)),
  environments: async ({ page }, use) => use(new EnvironmentsPage(page)),
});

/** Saves a screenshot of a main screen as a run artifact and attaches it to the report. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Calls a contract method the way the renderer does, with the page's token (for test setup and checks). */
export async function ipc<T>(page: Page, method: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ([name, body]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="lapwing-token"]')?.content ?? '';
      const response = await fetch(`/ipc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lapwing-token': token },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    [method, input] as const,
  ) as Promise<T>;
}

export { expect } from '@playwright/test';
