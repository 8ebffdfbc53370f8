/**
 * JUnit XML, the format CI systems read: one `<testsuite>` per target, one `<testcase>` per case
 * (`<failure>` when it failed, `<error>` when the target failed, `<skipped>` when cancelled). In a
 * comparison the second target's cases also say whether they regressed.
 */
import type { CaseComparison } from '../core';
import type { CaseRun, TargetRun } from '../replay/runner';
import type { TestReport } from './model';

/** Text for XML attributes and content: escaped, without the control characters XML 1.0 forbids. */
function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing exactly the characters XML cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function details(caseRun: CaseRun, comparison: CaseComparison | undefined): string {
  const lines = [
    `target: ${caseRun.observation.target.label} (${caseRun.observation.target.baseUrl}, map ${caseRun.observation.target.mapId})`,
    `questions: ${caseRun.observation.questions.map((question) => question.prompt || question.relationship).join(' | ') || 'none'}`,
    `results: ${caseRun.observation.results.map((result) => `${result.subject} · ${result.relationship} · ${String(result.object)} (${result.certainty}%)`).join(' | ') || 'none'}`,
    ...caseRun.observation.evidenceProblems.map((problem) => `evidence: ${problem}`),
  ];
  if (comparison) {
    lines.push(`compared with ${comparison.before.label}: ${comparison.change}`);
    for (const change of comparison.results.changed)
      lines.push(`  ${change.key}: ${change.before.certainty}% → ${change.after.certainty}%`);
    for (const result of comparison.results.added)
      lines.push(`  new result ${result.subject} · ${result.relationship} · ${String(result.object)} (${result.certainty}%)`);
    for (const result of comparison.results.removed)
      lines.push(`  lost result ${result.subject} · ${result.relationship} · ${String(result.object)} (${result.certainty}%)`);
  }
  return lines.join('\n');
}

function testcase(caseRun: CaseRun, comparison: CaseComparison | undefined): string {
  const name = xmlText(caseRun.caseName);
  const classname = xmlText(caseRun.suite ?? 'cases');
  const open = `    <testcase name="${name}" classname="${classname}" time="${seconds(caseRun.observation.timing.totalMs)}">`;
  const failing = caseRun.verdict.checks.filter((check) => !check.passed);
  const regressed = comparison?.change === 'regressed' ? ` (regressed since ${comparison.before.label})` : '';
  const body: string[] = [];
  const first = failing[0]?.message ?? caseRun.verdict.status;
  const all = failing.map((check) => `[${check.area}] ${check.message}`).join('\n');
  if (caseRun.verdict.status === 'failed')
    body.push(`      <failure message="${xmlText(first + regressed)}" type="failed">${xmlText(all)}</failure>`);
  else if (caseRun.verdict.status === 'error') body.push(`      <error message="${xmlText(first)}" type="error">${xmlText(all)}</error>`);
  else if (caseRun.verdict.status === 'cancelled') body.push('      <skipped message="cancelled"/>');
  body.push(`      <system-out>${xmlText(details(caseRun, comparison))}</system-out>`);
  return [open, ...body, '    </testcase>'].join('\n');
}

function testsuite(run: TargetRun, comparisons?: readonly CaseComparison[]): string {
  const { counts } = run;
  const attributes = [
    `name="${xmlText(run.target)}"`,
    `tests="${run.cases.length}"`,
    `failures="${counts.failed}"`,
    `errors="${counts.error}"`,
    `skipped="${counts.cancelled}"`,
    `time="${seconds(run.durationMs)}"`,
    `timestamp="${xmlText(run.startedAt)}"`,
  ].join(' ');
  const cases = run.cases.map((caseRun, index) => testcase(caseRun, comparisons?.[index]));
  return [`  <testsuite ${attributes}>`, ...cases, '  </testsuite>'].join('\n');
}

export function toJUnit(report: TestReport): string {
  const runs = report.kind === 'run' ? [report.run] : [report.run.before, report.run.after];
  const suites =
    report.kind === 'run' ? [testsuite(report.run)] : [testsuite(report.run.before), testsuite(report.run.after, report.run.comparisons)];
  const total = (pick: (run: TargetRun) => number) => runs.reduce((sum, run) => sum + pick(run), 0);
  const attributes = [
    'name="lapwing"',
    `tests="${total((run) => run.cases.length)}"`,
    `failures="${total((run) => run.counts.failed)}"`,
    `errors="${total((run) => run.counts.error)}"`,
    `skipped="${total((run) => run.counts.cancelled)}"`,
    `time="${seconds(total((run) => run.durationMs))}"`,
  ].join(' ');
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites ${attributes}>`, ...suites, '</testsuites>', ''].join('\n');
}
