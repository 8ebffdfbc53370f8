/**
 * The test fixtures: a browser-mode host per test (temp data dir, free port), page objects, and
 * screenshots of the main screens saved under artifacts/screenshots/ for the run's artifacts.
 */
import { test as base, type Page, type TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startLapwing, type RunningLapwing } from './host';
import { RunnerPage } from '../pages/runner-page';
import { ConsultationsPage } from '../pages/consultations-page';
import { EnvironmentsPage } from '../pages/environments-page';

const screenshotDir = resolve(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

export interface Fixtures {
  lapwing: RunningLapwing;
  runner: RunnerPage;
  consultations: ConsultationsPage;
  environments: EnvironmentsPage;
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern, so it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  lapwing: async ({}, use) => {
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
