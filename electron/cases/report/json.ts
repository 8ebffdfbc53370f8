/** The JSON report: the whole run (observations, verdicts, comparisons) with a format marker. */
import { primaryRun, reportPassed, type TestReport } from './model';

export const JSON_REPORT_FORMAT = 'lapwing-test-report';

export function toJsonReport(report: TestReport): string {
  const primary = primaryRun(report);
  return `${JSON.stringify({ format: JSON_REPORT_FORMAT, version: 1, passed: reportPassed(report), counts: primary.counts, ...report }, null, 2)}\n`;
}
