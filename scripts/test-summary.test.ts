import { describe, expect, it } from 'vitest';
import { closingLine, notRun, summarizePlaywright, summarizeVitest } from './test-summary.mjs';

const ok = { status: 0, seconds: 1 };
const exit1 = { status: 1, seconds: 1 };

/** The fields of Vitest's JSON report that the summary reads, as Vitest 4 writes them. */
function vitestReport(files: { name: string; status: string; message?: string; tests: string[] }[]) {
  const tests = files.flatMap((file) => file.tests);
  return {
    numTotalTests: tests.length,
    numPassedTests: tests.filter((t) => t === 'passed').length,
    numFailedTests: tests.filter((t) => t === 'failed').length,
    numPendingTests: tests.filter((t) => t === 'skipped').length,
    numTodoTests: tests.filter((t) => t === 'todo').length,
    testResults: files.map((file) => ({
      name: file.name,
      status: file.status,
      message: file.message ?? '',
      assertionResults: file.tests.map((status) => ({ status })),
    })),
  };
}

describe('summarizeVitest', () => {
  it('reports a clean run without problems', () => {
    const json = vitestReport([{ name: '/repo/a.test.ts', status: 'passed', tests: ['passed', 'passed'] }]);
    expect(summarizeVitest('unit', json, ok, '/repo')).toEqual({
      name: 'unit',
      passed: 2,
      failed: 0,
      skipped: 0,
      seconds: 1,
      problems: [],
    });
  });

  it('counts passed, failed, and skipped plus todo', () => {
    const json = vitestReport([{ name: '/repo/a.test.ts', status: 'failed', tests: ['passed', 'failed', 'skipped', 'todo'] }]);
    expect(summarizeVitest('unit', json, exit1, '/repo')).toMatchObject({ passed: 1, failed: 1, skipped: 2, problems: [] });
  });

  it('counts a test file that failed to load, with its message', () => {
    const json = vitestReport([
      { name: '/repo/a.test.ts', status: 'passed', tests: ['passed'] },
      { name: '/repo/b.test.ts', status: 'failed', message: "Cannot find module './gone'\n  at …", tests: [] },
    ]);
    const suite = summarizeVitest('unit', json, exit1, '/repo');
    expect(suite).toMatchObject({ passed: 1, failed: 1 });
    expect(suite.problems).toEqual(["b.test.ts failed to run: Cannot find module './gone'"]);
  });

  it('turns a failing exit with no failed test (an unhandled error) into one failure', () => {
    const json = vitestReport([{ name: '/repo/a.test.ts', status: 'passed', tests: ['passed'] }]);
    const suite = summarizeVitest('unit', json, exit1, '/repo');
    expect(suite.failed).toBe(1);
    expect(suite.problems[0]).toMatch(/exit code 1 although no test failed/);
  });

  it('fails a suite whose runner wrote no report, saying how it ended', () => {
    expect(summarizeVitest('unit', undefined, { status: null, signal: 'SIGKILL', seconds: 3 })).toEqual({
      name: 'unit',
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: 3,
      problems: ['could not run: no JSON report (killed by SIGKILL)'],
    });
  });
});

describe('summarizePlaywright', () => {
  it('counts flaky tests as passed and says so', () => {
    const suite = summarizePlaywright('e2e', { stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 }, errors: [] }, exit1);
    expect(suite).toMatchObject({ passed: 5, failed: 1, skipped: 2 });
    expect(suite.problems).toEqual(['1 test(s) passed only on retry (counted as passed)']);
  });

  it('counts errors outside tests (global setup, no tests found) as failures', () => {
    const json = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{ message: 'Error: No tests found\nmore' }] };
    const suite = summarizePlaywright('e2e', json, exit1);
    expect(suite.failed).toBe(1);
    expect(suite.problems).toEqual(['error outside a test: Error: No tests found', 'no e2e test was found']);
  });

  it('fails when the runner could not start', () => {
    expect(summarizePlaywright('e2e', undefined, { status: null, error: 'spawn xvfb-run ENOENT', seconds: 0 }).problems).toEqual([
      'could not run: no JSON report (could not start (spawn xvfb-run ENOENT))',
    ]);
  });
});

describe('closingLine', () => {
  it('totals every suite in the one line CI reads', () => {
    const suites = [
      { name: 'unit', passed: 10, failed: 0, skipped: 1, seconds: 1, problems: [] },
      { name: 'e2e', passed: 3, failed: 1, skipped: 0, seconds: 1, problems: [] },
      notRun('keyring', 'dbus-run-session is missing'),
    ];
    expect(closingLine(suites)).toBe('tests: 13 passed, 2 failed, 1 skipped');
    expect(closingLine(suites)).toMatch(/^(\w+: )?\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });

  it('reads 0 passed, 0 failed when nothing ran', () => {
    expect(closingLine([])).toBe('tests: 0 passed, 0 failed, 0 skipped');
  });
});
