// How `npm test` (scripts/test-all.mjs) turns each runner's JSON report and exit into counts, and
// the counts into the one closing line CI reads. Pure functions, so they are tested without
// running a runner (scripts/test-summary.test.ts).

/**
 * @typedef {{ status: number | null, signal?: string | null, error?: string, seconds: number }} Outcome
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, problems: string[] }} Suite
 */

/** A suite that could not run: one failure, with the reason shown in the summary. */
export function notRun(name, reason, seconds = 0) {
  return { name, passed: 0, failed: 1, skipped: 0, seconds, problems: [`could not run: ${reason}`] };
}

/** Explains a runner's exit in words, for the summary. */
export function exitText(outcome) {
  if (outcome.error) return `could not start (${outcome.error})`;
  if (outcome.signal) return `killed by ${outcome.signal}`;
  return `exit code ${outcome.status}`;
}

function firstLine(text) {
  return (
    String(text ?? '')
      .trim()
      .split('\n')[0]
      .slice(0, 300) || '(no message)'
  );
}

/** Counts from Vitest's JSON reporter; `root` is cut from file names in messages. */
export function summarizeVitest(name, json, outcome, root = '') {
  if (!json) return notRun(name, `no JSON report (${exitText(outcome)})`, outcome.seconds);
  // A test file that fails to load (syntax error, bad import) has no failed assertion but still fails.
  const brokenFiles = (json.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  const problems = brokenFiles.map((file) => `${String(file.name).replace(`${root}/`, '')} failed to run: ${firstLine(file.message)}`);
  let failed = json.numFailedTests + brokenFiles.length;
  if (outcome.status !== 0 && failed === 0) {
    // e.g. an unhandled error after the tests, which Vitest reports by its exit code only.
    problems.push(`vitest ended with ${exitText(outcome)} although no test failed (see its output above)`);
    failed += 1;
  }
  if (json.numTotalTests === 0) problems.push('no unit test was found');
  return {
    name,
    passed: json.numPassedTests,
    failed,
    skipped: json.numPendingTests + json.numTodoTests,
    seconds: outcome.seconds,
    problems,
  };
}

/** Counts from Playwright's JSON reporter (`stats`, and `errors` raised outside any test). */
export function summarizePlaywright(name, json, outcome) {
  if (!json?.stats) return notRun(name, `no JSON report (${exitText(outcome)})`, outcome.seconds);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0, interrupted = 0 } = json.stats;
  const errors = json.errors ?? [];
  const problems = errors.map((error) => `error outside a test: ${firstLine(error.message)}`);
  if (flaky > 0) problems.push(`${flaky} test(s) passed only on retry (counted as passed)`);
  let failed = unexpected + interrupted + errors.length;
  if (outcome.status !== 0 && failed === 0) {
    problems.push(`playwright ended with ${exitText(outcome)} although no test failed (see its output above)`);
    failed += 1;
  }
  if (expected + unexpected + flaky + skipped === 0) problems.push('no e2e test was found');
  return { name, passed: expected + flaky, failed, skipped, seconds: outcome.seconds, problems };
}

/** The closing line: the only line of `npm test` worded `N passed, N failed`. */
export function closingLine(suites) {
  const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
  return `tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`;
}
