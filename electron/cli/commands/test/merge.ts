/**
 * `lapwing test merge REPORTS... [--junit FILE] [--html FILE] [--json FILE] [--coverage FILE]
 * [--min-coverage ...]`: joins the JSON reports of a suite's shards (`lapwing test --shard I/N
 * --report json:FILE`) into one report and one exit code: 0 every case passed (and coverage met
 * the thresholds), 1 a case failed or coverage fell short, 2 the reports do not make one whole
 * suite (another suite, a shard twice or missing, an unreadable file), each problem named with its file.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { mergeSuiteReports, readSuiteReport, reportPassed, type CoverageThresholds, type NamedReport } from '../../../cases';
import type { CliContext } from '../../io';
import { parseMinCoverage } from './flags';
import { reportCoverage, writeReports } from './outputs';
import { mergedSummary } from './summary';

const USAGE_ERROR = 2;

interface MergeOptions {
  readonly junit?: string;
  readonly html?: string;
  readonly json?: string;
  readonly coverage?: string;
  readonly minCoverage?: CoverageThresholds;
}

async function runMerge(files: readonly string[], options: MergeOptions, context: CliContext): Promise<number> {
  const { io } = context;
  const fail = (problems: readonly string[]) => {
    for (const problem of problems) io.err(`lapwing test merge: ${problem}\n`);
    return USAGE_ERROR;
  };
  if (files.length === 0) return fail(['name the shard reports to merge (written by lapwing test --shard I/N --report json:FILE)']);
  const reports: NamedReport[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
      problems.push(`${file}: ${missing ? 'no such file' : String(error)}`);
      continue;
    }
    const read = readSuiteReport(text);
    if (read.ok) reports.push({ file, report: read.value });
    else problems.push(`${file}: ${read.message}`);
  }
  if (problems.length > 0) return fail(problems);
  const merged = mergeSuiteReports(reports);
  if (!merged.ok) return fail(merged.problems);
  const { report, suite, shards, coverage } = merged.value;
  const primary = report.kind === 'run' ? report.run : report.run.after;
  io.out(mergedSummary(primary, shards));
  let shortfalls: string[] = [];
  if (options.coverage !== undefined || options.minCoverage !== undefined) {
    if (!coverage) return fail(['the shards carry no coverage: run them with --coverage FILE (or --min-coverage) to merge coverage']);
    shortfalls = await reportCoverage(coverage, { file: options.coverage, thresholds: options.minCoverage }, io.out);
  }
  const requests = [
    ...(options.junit === undefined ? [] : [{ kind: 'junit' as const, file: options.junit }]),
    ...(options.html === undefined ? [] : [{ kind: 'html' as const, file: options.html }]),
    ...(options.json === undefined ? [] : [{ kind: 'json' as const, file: options.json }]),
  ];
  // The merged JSON report is the whole suite as shard 1/1 (cases in suite order), so it reads like any run's.
  const places = reports.flatMap(({ report: item }) => item.places).sort((a, b) => a.position - b.position);
  await writeReports({ report, suite, shard: { index: 1, count: 1 }, places, ...(coverage ? { coverage } : {}) }, requests);
  for (const shortfall of shortfalls) io.err(`lapwing test merge: coverage: ${shortfall}\n`);
  return reportPassed(report) && shortfalls.length === 0 ? 0 : 1;
}

/** Registers `merge` under `test`. */
export function registerMerge(test: Command, context: CliContext): void {
  test
    .command('merge')
    .description('merge the JSON reports of shards into one report and one exit code')
    .argument('[reports...]', 'the shard reports (lapwing test --shard I/N --report json:FILE)')
    .option('--junit <file>', 'write the merged JUnit XML')
    .option('--html <file>', 'write the merged HTML report')
    .option('--json <file>', 'write the merged JSON report')
    .option('--coverage <file>', 'write coverage over every shard (the shards need --coverage too)')
    .option('--min-coverage <areas>', 'fail below these percentages, e.g. rules=80,questions=60', parseMinCoverage)
    .action(async (files: string[], options: MergeOptions) => {
      context.exitCode = await runMerge(files, options, context);
    });
}
