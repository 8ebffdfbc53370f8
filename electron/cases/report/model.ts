/** What the reporters render: a run on one target, or a comparison of two. */
import type { ComparisonRun, TargetRun } from '../replay/runner';

export type TestReport =
  | { readonly kind: 'run'; readonly generatedAt: string; readonly run: TargetRun }
  | { readonly kind: 'compare'; readonly generatedAt: string; readonly run: ComparisonRun };

/** The run whose failures fail the report: the only one, or a comparison's second side (the one under test). */
export function primaryRun(report: TestReport): TargetRun {
  return report.kind === 'run' ? report.run : report.run.after;
}

/** Whether every case of the primary run passed. */
export function reportPassed(report: TestReport): boolean {
  const { counts, cancelled } = primaryRun(report);
  return !cancelled && counts.failed === 0 && counts.error === 0 && counts.cancelled === 0;
}
