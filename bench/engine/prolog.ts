/**
 * The SWI-Prolog side of the reasoning benchmark: writes a case's program and a driver to a temporary
 * folder, runs `swipl -q -g main -t halt`, and reads back what the driver measured inside Prolog.
 * Only the queries are timed (and, separately, loading the program): starting swipl is not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReasoningCase } from './generate';

export interface PrologTiming {
  readonly label: string;
  readonly answers: number;
  readonly meanMs: number;
  /** Mean CPU milliseconds of the swipl process per run (`statistics(process_cputime, _)`). */
  readonly cpuMeanMs: number;
  readonly runs: number;
}

export interface PrologRun {
  readonly loadMs: number;
  readonly queries: readonly PrologTiming[];
}

/** `swipl --version`, or undefined when SWI-Prolog is not installed. */
export function swiplVersion(): string | undefined {
  const result = spawnSync('swipl', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function quoteAtom(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * The driver: loads the program, then per query runs findall once to count answers (the warm-up),
 * and again and again until `budgetSeconds` of measured time and at least `minRuns` runs, or
 * `maxRuns` runs, like the Lapwing side.
 */
function driver(
  programFile: string,
  testCase: ReasoningCase,
  budgetSeconds: number,
  minRuns: number,
  maxRuns: number,
  tabled: boolean,
): string {
  // Tabled runs start every query from empty tables, as every Lapwing run starts from a fresh session.
  const fresh = tabled ? 'abolish_all_tables, ' : '';
  const calls = testCase.queries.map((q) => `    bench(${quoteAtom(q.label)}, ${q.prolog.template}, ${q.prolog.goal})`);
  return `
main :-
    get_time(L0),
    load_files(${quoteAtom(programFile)}, [silent(true)]),
    get_time(L1),
    LoadMs is (L1 - L0) * 1000,
    format("load\\t0\\t~6f\\t1~n", [LoadMs]),
${calls.join(',\n')}.

bench(Label, Template, Goal) :-
    ${fresh}findall(Template, Goal, Answers),
    length(Answers, Count),
    statistics(process_cputime, C0),
    get_time(T0),
    repeat_until(Template, Goal, T0, 0, Runs, T1),
    statistics(process_cputime, C1),
    Ms is (T1 - T0) * 1000 / Runs,
    CpuMs is (C1 - C0) * 1000 / Runs,
    format("~w\\t~d\\t~6f\\t~d\\t~6f~n", [Label, Count, Ms, Runs, CpuMs]).

repeat_until(Template, Goal, T0, Done, Runs, TEnd) :-
    ${fresh}findall(Template, Goal, _),
    Done1 is Done + 1,
    get_time(Now),
    (   ( Now - T0 >= ${budgetSeconds}, Done1 >= ${minRuns} ; Done1 >= ${maxRuns} )
    ->  Runs = Done1, TEnd = Now
    ;   repeat_until(Template, Goal, T0, Done1, Runs, TEnd)
    ).
`;
}

/**
 * Runs one case in SWI-Prolog; throws with swipl's own message when it fails. `tabled` tables the
 * rule-defined predicates: like Lapwing, SWI then stores each intermediate answer once and
 * terminates on recursive rules, which plain Prolog does not.
 */
export function runProlog(testCase: ReasoningCase, { budgetMs = 300, minRuns = 1, maxRuns = 1000, tabled = false } = {}): PrologRun {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-bench-pl-'));
  try {
    const programFile = join(dir, 'program.pl');
    const driverFile = join(dir, 'driver.pl');
    const tables = tabled && testCase.rulePredicates.length > 0 ? `:- table ${testCase.rulePredicates.join(', ')}.\n` : '';
    writeFileSync(programFile, tables + testCase.prolog);
    writeFileSync(driverFile, driver(programFile, testCase, budgetMs / 1000, minRuns, maxRuns, tabled));
    // A big stack limit: 10^5 answers in one findall are fine, but be generous rather than measure an overflow.
    const result = spawnSync('swipl', ['--stack-limit=4g', '-q', '-g', 'main', '-t', 'halt', driverFile], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status !== 0)
      throw new Error(`swipl exited ${result.status}: ${(result.stderr || result.stdout).trim().split('\n').slice(0, 5).join(' | ')}`);
    let loadMs = NaN;
    const queries: PrologTiming[] = [];
    for (const line of result.stdout.trim().split('\n')) {
      const [label, answers, ms, runs, cpuMs] = line.split('\t');
      if (label === 'load') loadMs = Number(ms);
      else queries.push({ label, answers: Number(answers), meanMs: Number(ms), runs: Number(runs), cpuMeanMs: Number(cpuMs) });
    }
    return { loadMs, queries };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
