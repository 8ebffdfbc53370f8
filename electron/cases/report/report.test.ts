import { describe, expect, it } from 'vitest';
import { compareObservations } from '../core';
import { summarise } from '../core';
import { evaluateCase } from '../core';
import type { CaseRun, TargetRun } from '../replay/runner';
import { leafEvidence, makeCase, makeObservation, question, result, ruleEvidence } from '../test-support/builders';
import { parseXml } from '../test-support/xml';
import { toHtmlReport } from './html';
import { toJsonReport } from './json';
import { toJUnit } from './junit';
import { reportPassed, type TestReport } from './model';

/** The evidence of "Ada speaks English" from the home rule capped at `cap`. */
const evidence = (cap: number) => ({
  'WA:RF:en': ruleEvidence(
    'WA:RF:en',
    { subject: 'Ada', relationship: 'speaks', object: 'English', certainty: cap },
    {
      name: 'Language of home',
      cap,
      conditions: [{ subject: 'Ada', relationship: 'lives in', object: 'England', certainty: 100, factID: 'WA:AF:1', impact: cap }],
    },
  ),
  'WA:AF:1': leafEvidence('WA:AF:1', 'answer', { subject: 'Ada', relationship: 'lives in', object: 'England', certainty: 100 }),
});

function caseRun(name: string, certainty: number, suite?: string, label = 'draft'): CaseRun {
  const testCase = makeCase({ name, ...(suite ? { suite } : {}), expect: { results: { items: [{ object: 'English', certainty: 80 }] } } });
  const base = makeObservation({
    questions: [question('lives in', 'Ada')],
    results: [result('English', certainty, 'WA:RF:en')],
    evidence: evidence(certainty),
  });
  const observation = { ...base, target: { ...base.target, label } };
  return { caseName: name, ...(suite ? { suite } : {}), observation, verdict: evaluateCase(testCase, observation) };
}

function targetRun(label: string, runs: CaseRun[]): TargetRun {
  const counts = { passed: 0, failed: 0, error: 0, cancelled: 0 };
  for (const run of runs) counts[run.verdict.status] += 1;
  return { target: label, startedAt: '2026-05-01T10:00:00.000Z', durationMs: 1500, cases: runs, counts, cancelled: false };
}

const errored: CaseRun = {
  caseName: 'Unreachable <map> & "quotes"',
  observation: makeObservation({ outcome: 'error', stop: { step: 1, message: 'start failed: connect ECONNREFUSED' } }),
  verdict: { status: 'error', checks: [{ area: 'replay', passed: false, message: 'step 1: start failed: connect ECONNREFUSED' }] },
};
const run: TestReport = {
  kind: 'run',
  generatedAt: '2026-05-01T10:00:02.000Z',
  run: targetRun('draft', [caseRun('Ada passes', 80, 'Smoke'), caseRun('Ada regressed', 60), errored]),
};

function comparisonReport(): TestReport {
  const before = targetRun('live', [caseRun('Ada', 80, undefined, 'live')]);
  const after = targetRun('draft', [caseRun('Ada', 60)]);
  const comparison = compareObservations(
    { caseName: 'Ada' },
    { observation: before.cases[0].observation, status: 'passed' },
    { observation: after.cases[0].observation, status: 'failed' },
  );
  return {
    kind: 'compare',
    generatedAt: '2026-05-01T10:00:02.000Z',
    run: { before, after, comparisons: [comparison], summary: summarise([comparison]) },
  };
}

describe('JUnit XML', () => {
  it('is well-formed XML with counts, one testcase per case, failures and errors with their messages', () => {
    const suites = parseXml(toJUnit(run));
    expect(suites.name).toBe('testsuites');
    expect(suites.attributes).toMatchObject({ tests: '3', failures: '1', errors: '1', skipped: '0' });
    const [suite] = suites.children;
    expect(suite.attributes).toMatchObject({
      name: 'draft',
      tests: '3',
      failures: '1',
      errors: '1',
      time: '1.500',
      timestamp: '2026-05-01T10:00:00.000Z',
    });
    const cases = suite.children;
    expect(cases.map((node) => [node.attributes.name, node.attributes.classname])).toEqual([
      ['Ada passes', 'Smoke'],
      ['Ada regressed', 'cases'],
      ['Unreachable <map> & "quotes"', 'cases'],
    ]);
    expect(cases[0].children.map((node) => node.name)).toEqual(['system-out']);
    const failure = cases[1].children.find((node) => node.name === 'failure');
    expect(failure?.attributes.message).toBe('Ada · speaks · English: expected 80% ± 0, got 60% (-20)');
    expect(failure?.text).toContain('[results]');
    expect(cases[2].children.find((node) => node.name === 'error')?.attributes.message).toBe('step 1: start failed: connect ECONNREFUSED');
  });

  it('has both targets in a comparison and marks regressions', () => {
    const suites = parseXml(toJUnit(comparisonReport()));
    expect(suites.children.map((suite) => suite.attributes.name)).toEqual(['live', 'draft']);
    const draftCase = suites.children[1].children[0];
    expect(draftCase.children.find((node) => node.name === 'failure')?.attributes.message).toMatch(/\(regressed since live\)$/);
    expect(draftCase.children.find((node) => node.name === 'system-out')?.text).toContain('Ada · speaks · English: 80% → 60%');
  });
});

describe('JSON and HTML reports', () => {
  it('JSON carries the format, the verdict and everything observed', () => {
    const json = JSON.parse(toJsonReport(run)) as { format: string; passed: boolean; counts: object; run: TargetRun };
    expect(json).toMatchObject({ format: 'lapwing-test-report', passed: false, counts: { passed: 1, failed: 1, error: 1 } });
    expect(json.run.cases[0].observation.evidence['WA:AF:1'].source).toBe('answer');
    expect(reportPassed(run)).toBe(false);
  });

  it('HTML is one offline file: no scripts, no external assets, escaped text, cases, diffs and evidence', () => {
    const page = toHtmlReport(comparisonReport(), { title: 'Nightly <regression>' });
    expect(page).not.toMatch(/<script|<link|\ssrc=|\shref=|@import|url\(/i);
    expect(page).toContain('<title>Nightly &lt;regression&gt;</title>');
    expect(page).toContain('Impact: live → draft');
    expect(page).toContain('<span class="badge regressed">1 regressed</span>');
    expect(page).toMatch(/Language of home<\/b> \(max 60%\)/);
    expect(page).toContain('Evidence that moved');
    const runPage = toHtmlReport(run);
    expect(runPage).toContain('Unreachable &lt;map&gt; &amp; &quot;quotes&quot;');
    expect(runPage).toContain('<details open>');
  });
});
