#!/usr/bin/env node
// `npm test`: runs every test suite of the project and ends with ONE closing line that CI can read,
//
//   tests: 812 passed, 0 failed, 3 skipped
//
// CI recognises neither Vitest's nor Playwright's own summaries, so the counts are taken from each
// runner's JSON report (written under artifacts/test-reports/, which is git-ignored) and added up here.
//
// Suites:
//   unit  Vitest (vitest.config.ts), always.
//   e2e   Playwright, when playwright.config.ts exists.
// Both run under scripts/with-keyring.sh when it exists (a private D-Bus session with an unlocked
// gnome-keyring, so keychain code has a real Secret Service), and Playwright under xvfb-run when
// there is no display (headed or Electron runs need one; headless Chromium does not mind).
//
// Exit code: 0 only if every suite ran and nothing failed. A suite that cannot run (a missing
// browser, a runner that crashed before writing its report) counts as one failure and is named
// with its reason: loudly under CI=true, with a hint to `bash scripts/setup.sh` locally.
//
// Options: --unit or --e2e to run one suite; anything after `--` goes to every runner (e.g. a file filter).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closingLine, notRun, summarizePlaywright, summarizeVitest } from './test-summary.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const reportDir = join(root, 'artifacts', 'test-reports');
const isCI = ['true', '1', 'yes'].includes(String(process.env.CI ?? '').toLowerCase());

const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const passThrough = dashDash >= 0 ? args.slice(dashDash + 1) : [];
const ownArgs = dashDash >= 0 ? args.slice(0, dashDash) : args;
const only = ownArgs.includes('--unit') ? 'unit' : ownArgs.includes('--e2e') ? 'e2e' : undefined;

/** Whether an executable is on PATH (no `which` dependency). */
function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
}

function bin(name) {
  return join(root, 'node_modules', '.bin', name);
}

/**
 * The prefix that puts a runner under the keyring wrapper, or a reason it cannot.
 * The wrapper is written by the workbench side; until it lands, tests run without it.
 */
function keyringPrefix() {
  const wrapper = join(root, 'scripts', 'with-keyring.sh');
  if (!existsSync(wrapper)) return { prefix: [], note: 'scripts/with-keyring.sh not present yet: running without a private keyring' };
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => !onPath(tool));
  if (missing.length > 0) {
    return { prefix: [], problem: `the keyring wrapper needs ${missing.join(' and ')} (Debian packages dbus, gnome-keyring)` };
  }
  return { prefix: ['bash', wrapper] };
}

/** Runs a command with inherited output; returns its exit status (or a spawn error) and duration. */
function run([command, ...commandArgs], env = {}) {
  const started = performance.now();
  console.log(`\n$ ${[command, ...commandArgs].join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - started) / 1000;
  if (result.error) return { status: null, signal: null, error: result.error.message, seconds };
  return { status: result.status, signal: result.signal, seconds };
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function runVitest(keyring) {
  const name = 'unit (vitest)';
  if (!existsSync(bin('vitest'))) return notRun(name, 'node_modules/.bin/vitest is missing: run `npm ci`');
  const report = join(reportDir, 'vitest.json');
  rmSync(report, { force: true });
  const outcome = run([
    ...keyring.prefix,
    bin('vitest'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...passThrough,
  ]);
  return summarizeVitest(name, readJson(report), outcome, root);
}

function runPlaywright(keyring) {
  const name = 'e2e (playwright)';
  if (!existsSync(join(root, 'playwright.config.ts'))) return undefined;
  if (!existsSync(bin('playwright'))) return notRun(name, 'node_modules/.bin/playwright is missing: run `npm ci`');
  // Playwright never downloads a browser here; the e2e suite drives Debian's Chromium
  // (or the one LAPWING_CHROMIUM names, as playwright.config.ts allows).
  const chromium = process.env.LAPWING_CHROMIUM;
  if (chromium ? !existsSync(chromium) : !onPath('chromium')) {
    return notRun(name, chromium ? `LAPWING_CHROMIUM=${chromium} does not exist` : 'Chromium is not installed (Debian package chromium)');
  }

  const report = join(reportDir, 'playwright.json');
  rmSync(report, { force: true });
  const display = !process.env.DISPLAY && onPath('xvfb-run') ? ['xvfb-run', '-a'] : [];
  const outcome = run([...display, ...keyring.prefix, bin('playwright'), 'test', '--reporter=list,json', ...passThrough], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
  });
  return summarizePlaywright(name, readJson(report), outcome);
}

// ------------------------------------------------------------------------------------------------

mkdirSync(reportDir, { recursive: true });
const started = performance.now();
const keyring = keyringPrefix();
const suites = [];

if (keyring.note) console.log(`[test-all] ${keyring.note}`);
if (keyring.problem) {
  if (isCI) suites.push(notRun('keyring', keyring.problem));
  else console.log(`[test-all] WARNING: ${keyring.problem}; running without it, so keychain tests may fail`);
}

if (only !== 'e2e') suites.push(runVitest(keyring));
if (only !== 'unit') {
  const e2e = runPlaywright(keyring);
  if (e2e) suites.push(e2e);
  else console.log('\n[test-all] e2e: playwright.config.ts not present yet, so there is no e2e suite to run');
}

const couldNotRun = suites.filter((s) => s.problems.some((p) => p.startsWith('could not run')));

// Per-suite lines are worded differently from the closing line so that only one line matches it.
console.log('\n[test-all] summary');
for (const s of suites) {
  console.log(`  ${s.name}: passed ${s.passed}, failed ${s.failed}, skipped ${s.skipped} (${s.seconds.toFixed(1)} s)`);
  for (const problem of s.problems) console.log(`    - ${problem}`);
}
console.log(`  wall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (couldNotRun.length > 0) {
  const names = couldNotRun.map((s) => s.name).join(', ');
  if (isCI) console.log(`\n[test-all] FAILED: ${names} could not run on CI; every suite must run there.`);
  else console.log(`\n[test-all] ${names} could not run here; \`bash scripts/setup.sh\` installs what the suites need.`);
}

console.log(closingLine(suites));
process.exitCode = suites.some((s) => s.failed > 0) ? 1 : 0;
