/**
 * Decision API server benchmark: whole consultations per second over HTTP on loopback.
 *
 * `lapwing serve` runs as its own process (as users run it) on a temporary data folder holding
 * the hello-world sample map (or, without ../shared, Lapwing's travel fixture), published live.
 * A load generator drives consultations: start -> inject -> query (a question) -> response (the
 * result), each connection looping over the four calls. wrk (bench/consultation.lua) when it is
 * installed, as it is a C program and leaves the CPU to the server; else autocannon in this process. Two runs: one server process (`--workers 1`, the default) and one
 * worker per core (`--workers auto`), each on a fresh data folder. Reported per run:
 * consultations/s, requests/s, p50/p99 latency per call, the server's CPU per consultation, and
 * the same consultation on the in-process engine alone as the baseline ratio.
 * Then the journal's sync cost (an unsynced run, and the commit alone) and the cost of loading maps
 * off the event loop (bench/server-upload.ts).
 * Targets (issue #3): over 2,000 consultations/s, p99 under 10 ms. Reported, never asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServeProcess, type ServeProcess } from '../electron/cli/test-support';
import { formatMs, formatRatio, printTable, repoRoot } from './engine/common';
import { benchMapUpload } from './server-upload';
import { benchServerPostgres } from './server-postgres';

export const API_KEY = 'bench-0000-4000-8000-000000000000';
/**
 * The consultation: on the platform's hello-world sample (the map) when `../shared/samples`
 * is there, else on Lapwing's travel fixture, which has the same shape (inject, a query that asks
 * one question, an answer that ends in a result).
 */
interface Scenario {
  readonly name: string;
  readonly file: string;
  readonly facts: string;
  readonly query: string;
  readonly answers: string;
}
const HELLO_WORLD: Scenario = {
  name: 'the hello-world sample (../shared/samples/vscode-hello-world.rbl)',
  file: join(repoRoot, '../shared/samples/vscode-hello-world.rbl'),
  facts: JSON.stringify([{ subject: 'Julio', relationship: 'speaks', object: 'English', certainty: 60 }]),
  query: JSON.stringify({ subject: 'Julio', relationship: 'speaks' }),
  answers: JSON.stringify({ answers: [{ subject: 'Julio', relationship: 'lives in', object: 'France', certainty: 100 }] }),
};
const TRAVEL: Scenario = {
  name: "Lapwing's travel fixture (../shared/samples is absent, so not the hello-world sample)",
  file: join(repoRoot, 'electron/server/test-support/maps/travel-money.xml'),
  facts: JSON.stringify([{ subject: 'Ana', relationship: 'holds passport of', object: 'Norway', certainty: 100 }]),
  query: JSON.stringify({ subject: 'Ana', relationship: 'pays with' }),
  answers: JSON.stringify({ answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }] }),
};
const SCENARIO = existsSync(HELLO_WORLD.file) ? HELLO_WORLD : TRAVEL;
export const MAP_FILE = SCENARIO.file;
const DURATION_S = Number(process.env.LAPWING_BENCH_SECONDS ?? 10);
// 16 keep one server process busy; with 8 it waits on the clients part of the time (docs/benchmarks.md).
const CONNECTIONS = Number(process.env.LAPWING_BENCH_CONNECTIONS ?? 16);
const TARGET_PER_S = 2000;
const TARGET_P99_MS = 10;

const { facts: FACTS, query: QUERY, answers: ANSWERS } = SCENARIO;

// autocannon ships no types: the slice used here.
interface CannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}
interface CannonContext {
  sid?: string;
  sentAt?: number;
}
interface CannonStep extends CannonRequest {
  setupRequest?: (request: CannonRequest, context: CannonContext) => CannonRequest;
  onResponse?: (status: number, body: string, context: CannonContext) => void;
}
interface CannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: CannonStep[];
  headers?: Record<string, string>;
}) => Promise<CannonResult>;

export const STEPS = ['start', 'inject', 'query', 'response'] as const;
type Step = (typeof STEPS)[number];

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Adds the fixture to a fresh data folder and publishes it live; returns the map ID. */
export async function prepareData(dataDir: string): Promise<string> {
  const [{ MapRegistry, addMap, openServerDatabase, serverDatabaseFile }, engine] = await Promise.all([
    import('../electron/server'),
    import('../electron/engine'),
  ]);
  const db = openServerDatabase(serverDatabaseFile(dataDir));
  try {
    const registry = new MapRegistry(db);
    const added = addMap(registry, engine, { source: readFileSync(MAP_FILE, 'utf8'), name: 'Server bench map' });
    if (!added.ok) throw new Error(`fixture map does not load: ${added.diagnostics.map((d) => d.message).join('; ')}`);
    registry.publish(added.map.id, { live: true });
    return added.map.id;
  } finally {
    db.close();
  }
}

/** The fields of /proc/PID/stat after the parenthesised command name (from field 3, state). */
function procStat(pid: number): string[] | undefined {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  try {
    return readFileSync(file, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined; // The process ended while we looked.
  }
}

/**
 * CPU seconds (user + system) used by a process and its live children (the workers of
 * `--workers N`), from /proc on Linux; undefined elsewhere. A figure that does not depend on what
 * else the machine runs, unlike throughput.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync('/proc')) return undefined;
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => Number(procStat(candidate)?.[1]) === pid); // field 4: the parent's PID
  let ticks = 0;
  for (const member of [pid, ...children]) {
    const fields = procStat(member);
    // Fields 14 and 15: utime and stime in clock ticks.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return Number.isFinite(ticks) ? ticks / 100 : undefined;
}

/** One consultation as autocannon steps, recording per-call latency and finished consultations. */
function consultationSteps(
  kmID: string,
  latencies: Record<Step, number[]>,
  counts: { consultations: number; failures: number },
): CannonStep[] {
  const json = { 'content-type': 'application/json' };
  const timed = (step: Step, request: CannonRequest, context: CannonContext): CannonRequest => {
    context.sentAt = performance.now();
    return request;
  };
  const record = (step: Step, status: number, context: CannonContext): void => {
    if (context.sentAt !== undefined) latencies[step].push(performance.now() - context.sentAt);
    if (status !== 200) counts.failures++;
  };
  return [
    {
      method: 'GET',
      path: `/start/${kmID}`,
      headers: { 'x-api-key': API_KEY },
      setupRequest: (request, context) => timed('start', request, context),
      onResponse: (status, body, context) => {
        record('start', status, context);
        context.sid = status === 200 ? (JSON.parse(body) as { id: string }).id : 'missing';
      },
    },
    {
      method: 'POST',
      headers: json,
      body: FACTS,
      setupRequest: (request, context) => timed('inject', { ...request, path: `/${context.sid}/inject` }, context),
      onResponse: (status, _body, context) => record('inject', status, context),
    },
    {
      method: 'POST',
      headers: json,
      body: QUERY,
      setupRequest: (request, context) => timed('query', { ...request, path: `/${context.sid}/query` }, context),
      onResponse: (status, _body, context) => record('query', status, context),
    },
    {
      method: 'POST',
      headers: json,
      body: ANSWERS,
      setupRequest: (request, context) => timed('response', { ...request, path: `/${context.sid}/response` }, context),
      onResponse: (status, body, context) => {
        record('response', status, context);
        if (status === 200 && body.includes('"result"')) counts.consultations++;
      },
    },
  ];
}

/** The same consultation on the engine in this process, for `seconds`: consultations per second. */
async function engineAlone(seconds: number): Promise<number> {
  const engine = await import('../electron/engine');
  const loaded = engine.loadMap(readFileSync(MAP_FILE, 'utf8'));
  if (!loaded.map) throw new Error('fixture map does not load');
  const facts = JSON.parse(FACTS) as Parameters<ReturnType<typeof engine.createSession>['inject']>[0];
  const answers = (JSON.parse(ANSWERS) as { answers: Parameters<ReturnType<typeof engine.createSession>['respond']>[0] }).answers;
  const query = JSON.parse(QUERY) as Parameters<ReturnType<typeof engine.createSession>['query']>[0];
  const until = performance.now() + seconds * 1000;
  let done = 0;
  while (performance.now() < until) {
    const session = engine.createSession(loaded.map, { id: `bench-${done}`, kmVersionId: 'bench' });
    session.inject(facts);
    await session.query(query);
    const outcome = await session.respond(answers);
    if (!outcome.ok || !('result' in outcome.value)) throw new Error('the baseline consultation did not end in a result');
    done++;
  }
  return done / seconds;
}

/** What one load run measured: latency per call kind, and finished consultations. */
interface LoadResult {
  readonly calls: Record<Step, { count: number; p50: number; p99: number; max: number }>;
  readonly consultations: number;
  readonly failures: number;
  readonly errors: number;
  readonly seconds: number;
}

export interface LoadGenerator {
  readonly name: string;
  run(url: string, kmID: string, seconds: number): Promise<LoadResult>;
}

/** wrk (C, Debian package `wrk`) with bench/consultation.lua: one thread per connection. */
export function wrkGenerator(): LoadGenerator | undefined {
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (found.error) return undefined;
  return {
    name: 'wrk',
    async run(url, kmID, seconds) {
      const args = [
        `-t${CONNECTIONS}`,
        `-c${CONNECTIONS}`,
        `-d${seconds}s`,
        '-s',
        join(repoRoot, 'bench/consultation.lua'),
        url,
        '--',
        kmID,
        API_KEY,
        FACTS,
        QUERY,
        ANSWERS,
      ];
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      const totals = /consultations (\d+) failures (\d+) seconds ([\d.]+) errors (\d+)/.exec(out);
      if (code !== 0 || !totals) throw new Error(`wrk failed (exit ${code}): ${err || out}`);
      const calls = Object.fromEntries(
        STEPS.map((step) => {
          const line = new RegExp(`^call ${step} (\\d+) ([\\d.]+) ([\\d.]+) ([\\d.]+)$`, 'm').exec(out);
          return [
            step,
            { count: Number(line?.[1] ?? 0), p50: Number(line?.[2] ?? NaN), p99: Number(line?.[3] ?? NaN), max: Number(line?.[4] ?? NaN) },
          ];
        }),
      ) as LoadResult['calls'];
      return {
        calls,
        consultations: Number(totals[1]),
        failures: Number(totals[2]),
        seconds: Number(totals[3]),
        errors: Number(totals[4]),
      };
    },
  };
}

/** autocannon (JavaScript, in this process): used when wrk is not installed. */
export function autocannonGenerator(): LoadGenerator {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  return {
    name: 'autocannon (in this process; install wrk to leave more CPU to the server)',
    async run(url, kmID, seconds) {
      const latencies: Record<Step, number[]> = { start: [], inject: [], query: [], response: [] };
      const counts = { consultations: 0, failures: 0 };
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: consultationSteps(kmID, latencies, counts),
      });
      const calls = Object.fromEntries(
        STEPS.map((step) => {
          const sorted = [...latencies[step]].sort((a, b) => a - b);
          return [
            step,
            {
              count: sorted.length,
              p50: percentile(sorted, 50),
              p99: percentile(sorted, 99),
              max: sorted[sorted.length - 1] ?? Number.NaN,
            },
          ];
        }),
      ) as LoadResult['calls'];
      return {
        calls,
        consultations: counts.consultations,
        failures: counts.failures,
        errors: result.errors + result.timeouts + result.non2xx,
        seconds: result.duration || seconds,
      };
    },
  };
}

interface ServeRun {
  readonly workers: number;
  readonly sync: 'full' | 'normal';
  readonly perSecond: number;
  readonly worstP99: number;
  /** Growth of the database file (after the server checkpointed it on exit) per consultation. */
  readonly bytesPerConsultation: number | undefined;
}

/** Size of the server database and its WAL, in bytes. */
function databaseBytes(dataDir: string): number {
  return ['server.sqlite', 'server.sqlite-wal'].reduce(
    (sum, name) => sum + (existsSync(join(dataDir, name)) ? statSync(join(dataDir, name)).size : 0),
    0,
  );
}

/**
 * One measured run against `lapwing serve --workers N` on a fresh data folder. `sync` is the
 * journal's `LAPWING_JOURNAL_SYNC`: `full` (the default, each commit synced) or `normal`.
 */
async function measureServe(load: LoadGenerator, workers: number, sync: 'full' | 'normal' = 'full'): Promise<ServeRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-bench-server-'));
  let served: ServeProcess | undefined;
  try {
    const kmID = await prepareData(dataDir);
    const bytesBefore = databaseBytes(dataDir);
    // LAPWING_BENCH_NODE_ARGS passes Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=DIR" to profile it under load.
    const nodeArgs = (process.env.LAPWING_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    served = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', API_KEY, '--workers', String(workers)], {
      nodeArgs,
      env: { ...process.env, LAPWING_JOURNAL_SYNC: sync },
    });
    // Warm-up: JIT, map cache, SQLite pages.
    const warmUp = await load.run(served.url, kmID, 2);
    const cpuBefore = cpuSeconds(served.child.pid);
    const result = await load.run(served.url, kmID, DURATION_S);
    const cpuAfter = cpuSeconds(served.child.pid);
    const perSecond = result.consultations / result.seconds;
    const requests = STEPS.reduce((sum, step) => sum + result.calls[step].count, 0);

    const processes = workers === 1 ? 'one process' : `${workers} worker processes`;
    const durability = sync === 'full' ? 'journal synced on every commit (the default)' : 'LAPWING_JOURNAL_SYNC=normal, not synced';
    console.log(
      `\n  lapwing serve --workers ${workers} (${processes}), ${durability}, ${CONNECTIONS} connections, ${result.seconds.toFixed(0)} s after a 2 s warm-up`,
    );
    printTable(
      ['call', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
      STEPS.map((step) => {
        const call = result.calls[step];
        return [step, call.count.toLocaleString('en-US'), formatMs(call.p50), formatMs(call.p99), formatMs(call.max)];
      }),
    );
    const worstP99 = Math.max(...STEPS.map((step) => result.calls[step].p99));
    console.log(
      `  requests/s:        ${Math.round(requests / result.seconds).toLocaleString('en-US')} (failed calls ${result.failures}, errors ${result.errors})`,
    );
    console.log(
      `  consultations/s:   ${Math.round(perSecond).toLocaleString('en-US')} (target > ${TARGET_PER_S.toLocaleString('en-US')}: ${perSecond > TARGET_PER_S ? 'yes' : 'NO'})`,
    );
    console.log(`  worst p99:         ${formatMs(worstP99)} ms (target < ${TARGET_P99_MS} ms: ${worstP99 < TARGET_P99_MS ? 'yes' : 'NO'})`);
    if (cpuBefore !== undefined && cpuAfter !== undefined && result.consultations > 0) {
      const perConsultation = ((cpuAfter - cpuBefore) * 1000) / result.consultations;
      console.log(
        `  server CPU:        ${formatMs(perConsultation)} ms per consultation, all server processes (${Math.round(1000 / perConsultation).toLocaleString('en-US')}/s per free core)`,
      );
    }
    console.log(
      `  machine load:      ${loadavg()[0]?.toFixed(1)} (1-min average on ${cpus().length} cores; other work slows every figure above)`,
    );
    await served.stop();
    const grown = databaseBytes(dataDir) - bytesBefore;
    const consultations = warmUp.consultations + result.consultations;
    const bytesPerConsultation = consultations > 0 ? grown / consultations : undefined;
    if (bytesPerConsultation !== undefined)
      console.log(
        `  journal growth:    ${Math.round(bytesPerConsultation).toLocaleString('en-US')} bytes per consultation (server.sqlite after exit)`,
      );
    return { workers, sync, perSecond, worstP99, bytesPerConsultation };
  } finally {
    if (served) await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The journal commit alone, synced (`full`) and not (`normal`), in alternating rounds in this
 * process: the median time of one group commit of 10 steps (what 16 connections share). A figure
 * of the disk's sync latency that CPU contention on a shared machine barely moves, unlike the runs.
 */
export async function journalCommitCost(): Promise<void> {
  const [{ openServerDatabase }, { SessionStore }] = await Promise.all([import('../electron/server'), import('../electron/server')]);
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-bench-commit-'));
  try {
    const stores = (['full', 'normal'] as const).map((sync) => {
      const db = openServerDatabase(join(dir, `${sync}.sqlite`), sync);
      const store = new SessionStore(db);
      const record = {
        id: 's',
        mapId: 'm',
        version: 0,
        versionId: 'v',
        sourceId: 1,
        useDraft: true,
        recordInteractions: false,
        startedAt: 0,
        lastActivity: 0,
      };
      store.write([record], []);
      return { sync, db, store, seq: 0, times: [] as number[] };
    });
    for (let round = 0; round < 6; round++) {
      for (const target of stores) {
        for (let commit = 0; commit < 100; commit++) {
          const steps = Array.from({ length: 10 }, () => ({
            id: 's',
            seq: target.seq++,
            entry: { kind: 'query' as const, at: 0, query: { subject: 'Julio', relationship: 'speaks' } },
          }));
          const started = performance.now();
          target.store.write([], steps);
          target.times.push(performance.now() - started);
        }
      }
    }
    const median = (times: number[]): number =>
      percentile(
        [...times].sort((a, b) => a - b),
        50,
      );
    const [full, normal] = stores.map((target) => median(target.times));
    for (const target of stores) target.db.close();
    if (full === undefined || normal === undefined) return;
    console.log(
      `  journal commit:    ${formatMs(full)} ms synced vs ${formatMs(normal)} ms not synced per group commit of 10 steps (median of 600, alternating); ` +
        `the process waits for each sync, so syncing adds ${formatMs((full - normal) / 10)} ms per step when every commit holds 10`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchServer(): Promise<void> {
  console.log(`\n## Decision API server: consultations over HTTP (start, inject, query, response) on loopback`);
  console.log(`  map: ${SCENARIO.name}`);
  const load = wrkGenerator() ?? autocannonGenerator();
  console.log(`  load generator: ${load.name}`);
  const configurations = [...new Set([1, Number(process.env.LAPWING_BENCH_WORKERS ?? availableParallelism())])];
  const runs: ServeRun[] = [];
  for (const workers of configurations) runs.push(await measureServe(load, workers));
  // The cost of durability: the same single process without syncing each commit.
  const unsynced = await measureServe(load, 1, 'normal');

  const alone = await engineAlone(Math.min(5, DURATION_S));
  console.log(`\n  engine alone:      ${Math.round(alone).toLocaleString('en-US')} consultations/s in-process (baseline)`);
  for (const run of runs) {
    const met = run.perSecond > TARGET_PER_S && run.worstP99 < TARGET_P99_MS;
    console.log(
      `  --workers ${run.workers}:       ${Math.round(run.perSecond).toLocaleString('en-US')} consultations/s, ${formatRatio(run.perSecond / alone)} of the in-process rate; ` +
        `worst p99 ${formatMs(run.worstP99)} ms; both targets: ${met ? 'met' : 'NOT met'}`,
    );
  }
  await journalCommitCost();
  const synced = runs.find((run) => run.workers === 1);
  if (synced) {
    console.log(
      `  durability cost:   --workers 1 synced ${Math.round(synced.perSecond).toLocaleString('en-US')}/s vs not synced ${Math.round(unsynced.perSecond).toLocaleString('en-US')}/s: ` +
        `${formatRatio(synced.perSecond / unsynced.perSecond)} of the unsynced rate; worst p99 ${formatMs(synced.worstP99)} vs ${formatMs(unsynced.worstP99)} ms`,
    );
  }
  // The cost of loading maps off the event loop: a large upload while consultations run.
  await benchMapUpload(load, prepareData, API_KEY);
  // Several instances on PostgreSQL (LAPWING_BENCH_POSTGRES=0 leaves it out).
  if (process.env.LAPWING_BENCH_POSTGRES !== '0') await benchServerPostgres(load, prepareData);
}

// `node bin/run-ts.mjs bench/server.ts` runs this section alone.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await benchServer();
