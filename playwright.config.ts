/**
 * End-to-end tests: the real renderer in Debian's Chromium against browser mode (`lapwing web` on a
 * temp data dir per test, started by the `host` fixture), plus an Electron launch spec that runs
 * only where the Electron binary exists. Playwright never downloads a browser here.
 */
import { defineConfig } from '@playwright/test';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  // Generous: a test starts its own host (a cold start compiles the workbench) and types into Monaco
  // key by key; on a loaded two-core machine one such test took over 90 s. Limits cost nothing when
  // tests pass, and each assertion still waits for its own observable state.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Each test starts its own host and embedded engine; on two cores one at a time is steadier.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.LAPWING_CHROMIUM ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
