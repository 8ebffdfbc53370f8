/**
 * Reasoning benchmark: Lapwing against SWI-Prolog on the same generated logic, in the same run.
 *
 * Each case (bench/engine/generate.ts) is one map and one Prolog program with the same facts and
 * rules. Every query is answered by both; the answer counts are compared, then timed:
 * - Lapwing: a fresh session per run (made outside the timer), then `query`, which records evidence
 *   for every inferred fact as the engine always does;
 * - SWI-Prolog: `findall` of the same goal, timed inside Prolog, no tabling.
 * Target (issue 15): Lapwing within 1.5x of tabled SWI-Prolog. Reported, never asserted.
 */
import type { KnowledgeMap } from '../../electron/engine';
import type { ConsultationSession } from '../../electron/engine';
import type { QueryInput } from '../../electron/common/decision-api';
import { type EngineApi, type EngineImport, formatMs, formatRatio, loadOrThrow, printTable, timeRuns } from './common';
import { grandparentJoin, type ReasoningCase, ruleChain } from './generate';
import { type PrologRun, type PrologTiming, runProlog, swiplVersion } from './prolog';
import { benchManyQuestions } from './questions';

const TARGET_RATIO = 1.5;
/**
 * Both sides: the mean of at least 300 ms of runs and at least 5 runs (at most 1,000). The 10^5 join
 * takes 100-400 ms a query, so a time budget alone would rest its figure on one or two runs, and
 * one garbage collection more or less would move the ratio by half.
 */
const TIMING = { budgetMs: 300, minRuns: 5, maxRuns: 1000 };
/**
 * Each side is timed in this many rounds, alternating (SWI, SWI tabled, Lapwing, SWI, ...), and each
 * figure is the side's best round: on a shared machine a slow spell otherwise lands on whichever
 * side happens to run then, and has moved single-round ratios by half.
 */
const ROUNDS = 3;

/** Small cases first, so a slow engine shows its trend before the 10^5 case. */
export function reasoningCases(): ReasoningCase[] {
  return [ruleChain(10), ruleChain(20), ruleChain(50), grandparentJoin(1_000), grandparentJoin(10_000), grandparentJoin(100_000)];
}

/** One query's answers as Lapwing gives them: a count, or what went wrong instead. */
async function answerCount(
  session: ConsultationSession,
  query: QueryInput,
): Promise<{ count: number; firstFactID?: string } | { problem: string }> {
  const outcome = await session.query(query);
  if (!outcome.ok) return { problem: `refused: ${outcome.error.messages.join('; ')}` };
  if ('question' in outcome.value) return { problem: `asked a question (${outcome.value.question.prompt})` };
  return { count: outcome.value.result.length, firstFactID: outcome.value.result[0]?.factID };
}

/**
 * The answer count and whether the first answer has evidence, from a probe session that is
 * unreachable once this returns: kept alive, a 10^5 answer session would be marked by every
 * major garbage collection of the timed runs that follow.
 */
async function checkAnswers(
  probe: ConsultationSession,
  query: QueryInput,
): Promise<{ count: number; evidence: boolean } | { problem: string }> {
  const check = await answerCount(probe, query);
  if ('problem' in check) return check;
  return { count: check.count, evidence: check.firstFactID !== undefined && probe.evidence(check.firstFactID) !== undefined };
}

interface LapwingTiming {
  readonly ms: number;
  readonly cpuMs: number;
  readonly runs: number;
  readonly answers: number | string;
  readonly evidence: boolean;
}

interface LapwingSide {
  readonly loadMs: number;
  readonly run: (query: QueryInput) => Promise<LapwingTiming>;
}

/** The least of the finite figures, NaN when there is none. */
function bestOf(figures: readonly (number | undefined)[]): number {
  const finite = figures.filter((figure): figure is number => figure !== undefined && Number.isFinite(figure));
  return finite.length === 0 ? NaN : Math.min(...finite);
}

function roundsText(figures: readonly (number | undefined)[]): string {
  return figures.map((ms) => (ms === undefined || !Number.isFinite(ms) ? '-' : formatMs(ms))).join(' / ');
}

/** A round that failed or gave a wrong count is the one reported, so the problem shows. */
function bestLapwingRound(rounds: readonly LapwingTiming[] | undefined): LapwingTiming | undefined {
  if (!rounds || rounds.length === 0) return undefined;
  const failed = rounds.find((round) => !Number.isFinite(round.ms));
  return failed ?? rounds.reduce((best, round) => (round.ms < best.ms ? round : best));
}

function bestPrologRound(rounds: readonly (PrologRun | string | undefined)[], label: string): PrologTiming | undefined {
  const timings = rounds.flatMap((round) => (typeof round === 'object' ? round.queries.filter((query) => query.label === label) : []));
  if (timings.length === 0) return undefined;
  return timings.reduce((best, timing) => (timing.meanMs < best.meanMs ? timing : best));
}

async function lapwingSide(engine: EngineApi, testCase: ReasoningCase): Promise<LapwingSide> {
  const createSession = engine.createSession!;
  const loadStart = performance.now();
  const map: KnowledgeMap = await loadOrThrow(engine, testCase.map, testCase.name);
  const loadMs = performance.now() - loadStart;
  let sessionNumber = 0;
  const newSession = () => createSession(map, { id: `bench-${++sessionNumber}`, kmVersionId: 'bench' });
  return {
    loadMs,
    async run(query) {
      const check = await checkAnswers(newSession(), query);
      if ('problem' in check) return { ms: NaN, cpuMs: NaN, runs: 0, answers: check.problem, evidence: false };
      const { count, evidence } = check;
      const timing = await timeRuns(newSession, (session) => session.query(query), TIMING);
      return { ms: timing.meanMs, cpuMs: timing.cpuMeanMs, runs: timing.runs, answers: count, evidence };
    },
  };
}

export async function benchReasoning(imported: EngineImport): Promise<void> {
  console.log('\n## Engine: reasoning, Lapwing vs SWI-Prolog (same logic, same queries, same run)');
  const swipl = swiplVersion();
  console.log(
    swipl
      ? `  peer: ${swipl}`
      : '  peer: SWI-Prolog is NOT installed (`swipl` not found; Debian package swi-prolog-nox): no Prolog figures',
  );
  const engine = 'engine' in imported ? imported.engine : undefined;
  const lapwingMissing = !engine
    ? (imported as { missing: string }).missing
    : !engine.loadMap || !engine.createSession
      ? `electron/engine/index.ts does not export ${[!engine.loadMap && 'loadMap', !engine.createSession && 'createSession'].filter(Boolean).join(' and ')} yet`
      : undefined;
  if (lapwingMissing) console.log(`  Lapwing: not available yet: ${lapwingMissing}`);
  // Fact IDs hashed with Node's native SHA-256, as the server and the workbench run the engine. Imported
  // here, not at the top: a static import loaded the whole server into every bench process, and in that
  // heap V8's allocation-site pretenuring made the load section's loads keep each other alive through
  // scavenges (see docs/benchmarks.md, loading round of 2026-11-24, night).
  const { installNativeDigest } = await import('../../electron/server');
  installNativeDigest();
  if (!swipl && lapwingMissing) return;

  const rows: string[][] = [];
  const loads: string[][] = [];
  for (const testCase of reasoningCases()) {
    const runPeer = (tabled: boolean): PrologRun | string | undefined => {
      if (!swipl) return undefined;
      try {
        return runProlog(testCase, { ...TIMING, tabled });
      } catch (error) {
        return (error as Error).message;
      }
    };
    let lapwing: LapwingSide | string | undefined;
    if (!lapwingMissing) {
      try {
        lapwing = await lapwingSide(engine!, testCase);
      } catch (error) {
        lapwing = `failed: ${(error as Error).message}`;
      }
    }
    // Rounds alternate the sides, so a slow spell of a shared machine does not fall on one side only.
    const prologRounds: (PrologRun | string | undefined)[] = [];
    const tabledRounds: (PrologRun | string | undefined)[] = [];
    const lapwingRounds = new Map<string, LapwingTiming[]>();
    for (let round = 0; round < ROUNDS; round++) {
      prologRounds.push(runPeer(false));
      tabledRounds.push(runPeer(true));
      if (typeof lapwing !== 'object') continue;
      for (const bench of testCase.queries) {
        let timing: LapwingTiming;
        try {
          timing = await lapwing.run(bench.query);
        } catch (error) {
          timing = { ms: NaN, cpuMs: NaN, runs: 0, answers: `failed: ${(error as Error).message}`, evidence: false };
        }
        lapwingRounds.set(bench.label, [...(lapwingRounds.get(bench.label) ?? []), timing]);
      }
    }
    const prolog = prologRounds[0];
    loads.push([
      testCase.name,
      testCase.description,
      lapwing === undefined ? 'n/a' : typeof lapwing === 'string' ? lapwing : formatMs(lapwing.loadMs),
      prolog === undefined ? 'n/a' : typeof prolog === 'string' ? prolog : formatMs(prolog.loadMs),
    ]);

    for (const bench of testCase.queries) {
      const pl = bestPrologRound(prologRounds, bench.label);
      const tpl = bestPrologRound(tabledRounds, bench.label);
      const lw = bestLapwingRound(lapwingRounds.get(bench.label));
      // Both sides must give the expected number of answers, or their times are not comparable.
      const counts = [
        typeof lw?.answers === 'number' && lw.answers !== bench.expectedAnswers ? `Lapwing WRONG: ${lw.answers}` : '',
        pl && pl.answers !== bench.expectedAnswers ? `SWI WRONG: ${pl.answers}` : '',
        tpl && tpl.answers !== bench.expectedAnswers ? `SWI tabled WRONG: ${tpl.answers}` : '',
        typeof lw?.answers === 'string' ? `Lapwing ${lw.answers}` : '',
        typeof prolog === 'string' ? `SWI ${prolog}` : '',
      ].filter(Boolean);
      const ratio = lw && pl && Number.isFinite(lw.ms) ? lw.ms / pl.meanMs : NaN;
      const tabledRatio = lw && tpl && Number.isFinite(lw.ms) ? lw.ms / tpl.meanMs : NaN;
      // CPU time: each side's best round by CPU time, which leaves out waiting for other processes.
      const lwCpu = bestOf((lapwingRounds.get(bench.label) ?? []).map((round) => round.cpuMs));
      const tplCpu = bestOf(
        tabledRounds.map((round) =>
          typeof round === 'object' ? round.queries.find((query) => query.label === bench.label)?.cpuMeanMs : undefined,
        ),
      );
      rows.push([
        testCase.name,
        bench.label,
        String(bench.expectedAnswers),
        lw ? (Number.isFinite(lw.ms) ? `${formatMs(lw.ms)}${lw.evidence ? '' : ' (no evidence?)'}` : 'failed') : 'n/a',
        pl ? formatMs(pl.meanMs) : 'n/a',
        formatRatio(ratio),
        tpl ? formatMs(tpl.meanMs) : 'n/a',
        formatRatio(tabledRatio),
        Number.isFinite(tabledRatio) ? (tabledRatio <= TARGET_RATIO ? 'yes' : 'NO') : '-',
        roundsText([lwCpu, tplCpu]),
        formatRatio(lwCpu / tplCpu),
        counts.join('; ') || 'answers agree',
        roundsText((lapwingRounds.get(bench.label) ?? []).map((round) => round.ms)),
        roundsText(
          tabledRounds.map((round) =>
            typeof round === 'object' ? round.queries.find((query) => query.label === bench.label)?.meanMs : undefined,
          ),
        ),
      ]);
    }
  }
  printTable(
    [
      'case',
      'query',
      'answers',
      'Lapwing ms',
      'SWI ms',
      'ratio',
      'SWI tabled ms',
      'ratio',
      `within ${TARGET_RATIO}x of tabled`,
      'CPU ms Lapwing / SWI tabled',
      'CPU ratio',
      'check',
      'Lapwing rounds',
      'SWI tabled rounds',
    ],
    rows,
  );
  console.log(`  ms: the best of ${ROUNDS} rounds that alternate the sides (every round is listed); a round's figure is the`);
  console.log('  mean per query over repeated runs (>= 300 ms and >= 5 runs, at most 1,000) after a warm-up;');
  console.log('  Lapwing: a fresh session per run, evidence recorded for every inferred fact.');
  console.log('  SWI: findall over plain clauses, and again with the rule predicates tabled (fresh tables per run).');
  console.log('  Tabled SWI is the like-for-like peer: both store each intermediate answer once and terminate on');
  console.log('  recursive rules; plain SWI recomputes and keeps nothing (and loops on left-recursive rules).');
  console.log('  CPU ms: the same runs in process CPU time (all threads; swipl: process_cputime), each side its best');
  console.log('  round: it leaves out the time a run waits for other processes, which a busy machine charges to either side.');
  console.log('\n  map load (once): Lapwing loadMap of the generated XML vs swipl load_files of the generated program');
  printTable(['case', 'logic', 'Lapwing ms', 'SWI ms'], loads);
  if (engine && !lapwingMissing) await benchManyQuestions(engine);
}
