/**
 * The standalone HTML report: one file, inline styles, no scripts or external assets, so it opens
 * offline from a CI artefact. Cases fold open when they failed; comparisons show the impact
 * summary, a certainty-shift histogram, result and question diffs, and the evidence that moved.
 */
import type { CaseRun } from '../replay/runner';
import { badge, caseBody, comparisonBody, histogram, html } from './html-parts';
import { primaryRun, reportPassed, type TestReport } from './model';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2430;background:#fff}
h1{font-size:1.4rem}h4{margin:.8rem 0 .3rem}
details{border:1px solid #d7dce3;border-radius:6px;margin:.5rem 0;padding:.4rem .8rem}
summary{cursor:pointer;font-weight:600}
.badge{display:inline-block;border-radius:4px;padding:0 .4rem;font-size:.8rem;font-weight:600;background:#e9ecef;color:#333}
.passed,.improved,.added,.ok{color:#1b6e34}.failed,.regressed,.removed,.bad,.error{color:#a61b1b}.changed{color:#8a5a00}
.badge.passed,.badge.improved,.badge.added{background:#d3f0dc}.badge.failed,.badge.regressed,.badge.removed,.badge.error{background:#f8d7d7}
.badge.changed{background:#fcebc7}.badge.rule{background:#d6e4ff}.badge.answer{background:#ffd9d9}.badge.injection{background:#e8f7c8}
.badge.knowledgemap{background:#fff4c2}.badge.datasource{background:#d8f3e4}
table{border-collapse:collapse}td,th{padding:.15rem .6rem;border-bottom:1px solid #eef0f3;text-align:left}
.num{color:#5a6472;font-variant-numeric:tabular-nums}.unmet{text-decoration:line-through;color:#7b8490}
.tree,.tree ul{list-style:none;padding-left:1.1rem;border-left:2px solid #eef0f3}
.conditions{margin:.2rem 0 .2rem 1rem;color:#4a5361}
.bar{display:inline-block;height:.8rem;background:#6b8fd6;vertical-align:middle}
.meta{color:#5a6472}
`;

function caseSection(caseRun: CaseRun, extra = ''): string {
  const open = caseRun.verdict.status === 'passed' ? '' : ' open';
  return `<details${open}><summary>${badge(caseRun.verdict.status)} ${html(caseRun.caseName)}${caseRun.suite ? ` <span class="num">${html(caseRun.suite)}</span>` : ''}</summary>\n${extra}${caseBody(caseRun)}</details>`;
}

export function toHtmlReport(report: TestReport, options: { title?: string } = {}): string {
  const title = options.title ?? 'Lapwing test report';
  const primary = primaryRun(report);
  const counts = primary.counts;
  const header = `<h1>${html(title)} ${badge(reportPassed(report) ? 'passed' : 'failed')}</h1>
<p class="meta">Generated ${html(report.generatedAt)} · ${html(primary.target)} · ${primary.cases.length} cases: ${counts.passed} passed, ${counts.failed} failed, ${counts.error} errors, ${counts.cancelled} cancelled</p>`;
  let body: string;
  if (report.kind === 'run') {
    body = report.run.cases.map((caseRun) => caseSection(caseRun)).join('\n');
  } else {
    const { summary, comparisons, before, after } = report.run;
    const impact = `<h2>Impact: ${html(before.target)} → ${html(after.target)}</h2>
<p>${summary.total} cases: ${badge('regressed', `${summary.counts.regressed} regressed`)} ${badge('improved', `${summary.counts.improved} improved`)} ${badge('changed', `${summary.counts.changed} changed`)} ${badge('unchanged', `${summary.counts.unchanged} unchanged`)} · ${summary.appeared} results appeared, ${summary.disappeared} disappeared</p>
<h4>Certainty shifts (results on both sides)</h4>${histogram(summary.histogram)}`;
    const cases = after.cases.map((caseRun, index) => {
      const comparison = comparisons[index];
      const beforeRun = before.cases[index];
      const beforeLine = beforeRun ? `<p class="meta">On ${html(before.target)}: ${badge(beforeRun.verdict.status)}</p>` : '';
      return caseSection(caseRun, comparison ? `${comparisonBody(comparison)}\n${beforeLine}` : '');
    });
    body = `${impact}\n<h2>Cases on ${html(after.target)}</h2>\n${cases.join('\n')}`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title><style>${STYLE}</style></head>
<body>
${header}
${body}
</body></html>
`;
}
