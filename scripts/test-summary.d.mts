// Types of scripts/test-summary.mjs (plain JavaScript so `npm test` runs on bare node).
export interface Outcome {
  status: number | null;
  signal?: string | null;
  error?: string;
  seconds: number;
}
export interface Suite {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  problems: string[];
}
export function notRun(name: string, reason: string, seconds?: number): Suite;
export function exitText(outcome: Outcome): string;
export function summarizeVitest(name: string, json: unknown, outcome: Outcome, root?: string): Suite;
export function summarizePlaywright(name: string, json: unknown, outcome: Outcome): Suite;
export function closingLine(suites: readonly Suite[]): string;
