/**
 * `lapwing test [CASES...] --target local|URL --map ID [--draft|--version N|--live]
 *  [--compare-with ...] [--shard I/N] [--report KIND:FILE]... [--coverage FILE] [--min-coverage ...]`:
 * replays regression cases (the same files the workbench exports, and CSV tables of cases) and
 * exits 1 when any case fails on the target under test or coverage is below a threshold.
 * `lapwing test merge` (test/merge.ts) joins the reports of shards. See `test/targets.ts` for
 * targets and keys, `test/caseFiles.ts` for what files are read.
 */
import { writeFile } from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import type { CaseVersion } from '../../cases/core';
import {
  reportPassed,
  selectShard,
  suiteFingerprint,
  type CoverageThresholds,
  type MapCoverage,
  type Shard,
  type TestReport,
} from '../../cases';
import { compareTargets, runCases, type RunOptions } from '../../cases';
import type { CliContext } from '../io';
import { loadCaseFiles } from './test/case-files';
import { collectReport, parseMinCoverage, parseShard, type ReportKind, type ReportRequest } from './test/flags';
import { registerMerge } from './test/merge';
import { coverageOf, renderReport, reportCoverage, writeReports } from './test/outputs';
import { comparisonSummary, runSummary } from './test/summary';
import { openTargets, parseCompareWith, parseWhere, type TargetSpec, type Where } from './test/targets';

type Reporter = ReportKind;

type KeyReader = (kind: 'api' | 'evidence') => Promise<string | null>;

/** Replays at once against the embedded engine in-process (over HTTP the default is 4). */
const IN_PROCESS_CONCURRENCY = 32;

/** As `USAGE_ERROR` in main.ts (not imported from there: main imports this module). */
const USAGE_ERROR = 2;

interface TestOptions {
  readonly target: Where;
  readonly map?: string;
  readonly draft?: boolean;
  readonly version?: number;
  readonly live?: boolean;
  readonly compareWith?: string;
  readonly reporter?: Reporter;
  readonly out?: string;
  readonly data?: string;
  readonly mapFile?: string;
  readonly twice?: boolean;
  readonly concurrency?: number;
  readonly keychain?: string;
  readonly evidence: boolean;
  readonly store?: string;
  readonly shard?: Shard;
  readonly report?: ReportRequest[];
  readonly coverage?: string;
  readonly minCoverage?: CoverageThresholds;
  readonly http?: boolean;
}

function positive(value: string): number {
  if (!/^[1-9]\d*$/.test(value.trim())) throw new InvalidArgumentError('use a whole number of at least 1');
  return Number(value);
}

function reporter(value: string): Reporter {
  const normal = value.trim().toLowerCase();
  if (normal === 'junit' || normal === 'json' || normal === 'html') return normal;
  throw new InvalidArgumentError('use junit, json or html');
}

function versionOf(options: TestOptions): CaseVersion | undefined | 'conflict' {
  const chosen = [
    options.draft ? 'draft' : undefined,
    options.version !== undefined ? 'version' : undefined,
    options.live ? 'live' : undefined,
  ].filter(Boolean);
  if (chosen.length > 1) return 'conflict';
  if (options.draft) return { policy: 'draft' };
  if (options.live) return { policy: 'live' };
  if (options.version !== undefined) return { policy: 'version', number: options.version };
  return undefined;
}

/** Reads a key of a workbench environment from the OS keychain (loaded only when asked for). */
function keychainReader(environmentId: string): KeyReader {
  return async (kind) => {
    const { OsKeychain } = await import('../../keychain');
    const keychain = new OsKeychain();
    const status = await keychain.status();
    if (!status.available)
      throw new Error(
        `the keychain is unavailable (${status.message ?? 'no reason given'}); set LAPWING_API_KEY and LAPWING_EVIDENCE_KEY instead`,
      );
    return keychain.get(environmentId, kind);
  };
}

async function runTest(paths: string[], options: TestOptions, context: CliContext): Promise<number> {
  const { io } = context;
  const version = versionOf(options);
  if (version === 'conflict') {
    io.err('lapwing test: use only one of --draft, --version N and --live\n');
    return USAGE_ERROR;
  }
  if (paths.length === 0) {
    io.err('lapwing test: name case files or folders (lapwing test cases/ --target local --map ID)\n');
    return USAGE_ERROR;
  }
  const loaded = await loadCaseFiles(paths, options.map === undefined ? {} : { mapId: options.map });
  if (!loaded.ok) {
    io.err(`lapwing test: ${loaded.message}\n`);
    return 1;
  }
  const text = (line: string) => (options.reporter && !options.out ? io.err(line) : io.out(line));
  for (const note of loaded.value.notes) io.err(`note: ${note}\n`);
  // The suite is every case named; a shard runs its share, in suite order.
  const suite = suiteFingerprint(loaded.value.identities);
  const shard = options.shard ?? { index: 1, count: 1 };
  const everyCase = loaded.value.cases.map((testCase, position) => ({
    testCase,
    position,
    identity: loaded.value.identities[position] ?? '',
  }));
  const chosen = selectShard(everyCase, (item) => item.identity, shard);
  if (options.shard) io.err(`shard ${shard.index}/${shard.count}: ${chosen.length} of ${everyCase.length} cases\n`);
  const cases = chosen.map((item) => item.testCase);

  const primary: TargetSpec = { where: options.target, ...(version ? { version } : {}) };
  let baseline: TargetSpec | undefined;
  if (options.compareWith !== undefined) {
    let parsed: ReturnType<typeof parseCompareWith>;
    try {
      parsed = parseCompareWith(options.compareWith);
    } catch (error) {
      io.err(`lapwing test: --compare-with ${options.compareWith}: ${error instanceof Error ? error.message : String(error)}\n`);
      return USAGE_ERROR;
    }
    const baseVersion = parsed.version ?? version;
    baseline = { where: parsed.where ?? options.target, ...(baseVersion ? { version: baseVersion } : {}) };
  }

  // In-process replays wait only for the journal's group commit, so more at once share more of each sync.
  const inProcessOnly = !options.http && primary.where === 'local' && (baseline?.where ?? 'local') === 'local';
  let targets;
  try {
    targets = await openTargets({
      primary,
      ...(baseline ? { baseline } : {}),
      ...(options.map === undefined ? {} : { mapId: options.map }),
      ...(options.data === undefined ? {} : { dataDir: options.data }),
      ...(options.mapFile === undefined ? {} : { mapFile: options.mapFile }),
      keys: { env: process.env, ...(options.keychain ? { keychain: keychainReader(options.keychain) } : {}) },
      ...(options.http ? { localOverHttp: true } : {}),
    });
  } catch (error) {
    io.err(`lapwing test: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    for (const note of targets.notes) io.err(`note: ${note}\n`);
    const runOptions: RunOptions = {
      evidence: options.evidence,
      ...(options.twice ? { twice: true } : {}),
      concurrency: options.concurrency ?? (inProcessOnly ? IN_PROCESS_CONCURRENCY : undefined) ?? 4,
    };
    const generatedAt = () => new Date().toISOString();
    let report: TestReport;
    if (targets.baseline) {
      const run = await compareTargets(cases, targets.baseline, targets.primary, runOptions);
      report = { kind: 'compare', generatedAt: generatedAt(), run };
      text(comparisonSummary(run));
    } else {
      const run = await runCases(cases, targets.primary, runOptions);
      report = { kind: 'run', generatedAt: generatedAt(), run };
      text(runSummary(run));
    }
    const primary = report.kind === 'run' ? report.run : report.run.after;
    let coverage: MapCoverage[] | undefined;
    let shortfalls: string[] = [];
    if (options.coverage !== undefined || options.minCoverage !== undefined) {
      const computed = await coverageOf(
        primary.cases.map((caseRun) => caseRun.observation),
        (ref) => targets.mapSource(ref),
      );
      for (const note of computed.notes) io.err(`note: ${note}\n`);
      coverage = computed.maps;
      shortfalls = await reportCoverage(coverage, { file: options.coverage, thresholds: options.minCoverage }, text);
    }
    const suiteReport = {
      report,
      suite,
      shard,
      places: chosen.map(({ identity, position }) => ({ identity, position })),
      ...(coverage ? { coverage } : {}),
    };
    await writeReports(suiteReport, options.report ?? []);
    if (options.reporter) {
      const output = renderReport(suiteReport, options.reporter);
      if (options.out) await writeFile(options.out, output);
      else io.out(output);
    }
    for (const shortfall of shortfalls) io.err(`lapwing test: coverage: ${shortfall}\n`);
    if (options.store) {
      const { openCasesStore } = await import('../../store');
      const store = openCasesStore(options.store);
      try {
        if (report.kind === 'compare') store.runs.saveComparison(report.run);
        else store.runs.saveRun(report.run);
      } finally {
        store.close();
      }
    }
    return reportPassed(report) && shortfalls.length === 0 ? 0 : 1;
  } finally {
    await targets.close();
  }
}

/** Registers `test` (and `test merge`) on the program. */
export function registerTest(program: Command, context: CliContext): void {
  const test = program
    .command('test')
    .description('replay regression cases against a Decision API and report; exits 1 when a case fails')
    .argument('[cases...]', 'case files or folders: Lapwing cases, Studio test suites, VS Code .rbtest.json')
    .option('--target <local|URL>', 'where to run: the embedded server (local) or a base URL', parseWhere, 'local')
    .option('--map <id>', 'run every case on this map (also the map of Studio suites)')
    .option('--draft', "run on the map's draft")
    .option('--version <n>', 'run on this map version', positive)
    .option('--live', 'run on the live version')
    .option('--compare-with <target>', 'also run on a baseline and compare: live, draft, N, local, a URL, or URL@VERSION')
    .option('--reporter <junit|json|html>', 'write a report', reporter)
    .option('--out <file>', 'the report file (default: standard output)')
    .option('--report <kind:file>', 'write a report (junit, json or html) to a file; repeat for several', collectReport)
    .option('--shard <i/n>', 'run shard I of N: a stable share of the cases, by a hash of each case identity', parseShard)
    .option('--coverage <file>', 'write coverage (JSON) per map version and print a summary line')
    .option(
      '--min-coverage <areas>',
      'fail below these percentages, e.g. rules=80,questions=60 (relationships, rules, questions, options)',
      parseMinCoverage,
    )
    .option('--http', 'local: call the embedded server over loopback HTTP instead of in-process')
    .option('--data <dir>', 'local: the data folder with the maps (default: a temporary, empty one)')
    .option('--map-file <file>', 'local: add this map (version 1, live) and run the cases on it')
    .option('--twice', 'replay each case twice per target to catch nondeterminism')
    .option('--concurrency <n>', 'cases replayed at once (default 4; 32 in-process on local)', positive)
    .option(
      '--keychain <environment-id>',
      "read keys missing from LAPWING_API_KEY / LAPWING_EVIDENCE_KEY from this workbench environment's keychain entries",
    )
    .option('--no-evidence', 'skip fetching evidence (evidence expectations then fail)')
    .option('--store <file>', 'keep the run in this SQLite history file')
    .action(async (paths: string[], options: TestOptions) => {
      context.exitCode = await runTest(paths, options, context);
    });
  registerMerge(test, context);
}
