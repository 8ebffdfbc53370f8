/** The plain-text summary `lapwing test` prints: one line per case, then the totals. */
import type { CaseRun, ComparisonRun, TargetRun } from '../../../cases';

const MARKS: Readonly<Record<string, string>> = { passed: '✓', failed: '✗', error: '!', cancelled: '-' };

function caseLine(caseRun: CaseRun, change?: string): string {
  const failing = caseRun.verdict.checks.find((check) => !check.passed);
  const detail = failing && caseRun.verdict.status !== 'passed' ? `: ${failing.message}` : '';
  return `  ${MARKS[caseRun.verdict.status] ?? '?'} ${caseRun.caseName}${change ? ` [${change}]` : ''}${detail}`;
}

function totals(run: TargetRun): string {
  const { counts } = run;
  return `${run.target}: ${run.cases.length} cases, ${counts.passed} passed, ${counts.failed} failed, ${counts.error} errors${counts.cancelled > 0 ? `, ${counts.cancelled} cancelled` : ''} (${(run.durationMs / 1000).toFixed(1)} s)`;
}

export function runSummary(run: TargetRun): string {
  return [...run.cases.map((caseRun) => caseLine(caseRun)), totals(run), ''].join('\n');
}

export function comparisonSummary(run: ComparisonRun): string {
  const { summary } = run;
  const lines = run.after.cases.map((caseRun, index) => caseLine(caseRun, run.comparisons[index]?.change));
  return [
    ...lines,
    totals(run.before),
    totals(run.after),
    `compared with ${run.before.target}: ${summary.counts.regressed} regressed, ${summary.counts.improved} improved, ${summary.counts.changed} changed, ${summary.counts.unchanged} unchanged`,
    '',
  ].join('\n');
}

/** After a merge: only the cases that did not pass (a merged suite may hold thousands), then the totals. */
export function mergedSummary(run: TargetRun, shards: number): string {
  const failing = run.cases.filter((caseRun) => caseRun.verdict.status !== 'passed').map((caseRun) => caseLine(caseRun));
  return [...failing, `${totals(run)} [${shards} shard${shards === 1 ? '' : 's'} merged; the time is the longest shard's]`, ''].join('\n');
}
