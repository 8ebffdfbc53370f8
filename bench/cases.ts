/**
 * Regression-case benchmark, three parts:
 *
 * 1. Replay 1,000 cases against the local engine through the Decision API client and the embedded
 *    server on loopback (`lapwing test --target local --http`, and remote targets), with evidence
 *    fetched for every result, then store the run in a cases history file. Reported: wall time,
 *    time per case, and where the time went: the engine (every session call, timed by wrapping the
 *    engine the server is given), HTTP and server plumbing (request time seen by the client minus
 *    engine time), the store (journal writes plus saving the run), the replay's own logic.
 * 2. The same 1,000 cases on the same server in-process (`lapwing test --target local`, the
 *    workbench's Local environment): the server's decision functions without a socket. Target
 *    (issue #16): under 1 s; printed with its ratio to the HTTP run.
 * 3. 10,000 cases sharded four ways (`lapwing test --shard I/4` processes) against one
 *    `lapwing serve`, then `lapwing test merge`: wall time per shard and merged, against one
 *    runner doing all of them.
 *
 * Reported, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { normaliseCase, writeCaseBundle } from '../electron/cases/core';
import type { TestCase } from '../electron/cases/core';
import { createNodeFetch, inProcessApi } from '../electron/cases';
import { startServeProcess } from '../electron/cli/test-support';
import { runCases } from '../electron/cases';
import { DecisionApiClient } from '../electron/client';
import * as engine from '../electron/engine';
import type { ConsultationSession } from '../electron/engine';
import { addMap, createServer, type EnginePort } from '../electron/server';
import { SessionStore } from '../electron/server';
import { openCasesStore } from '../electron/store';
import { formatMs, printTable, repoRoot } from './engine/common';

const CASES = Number(process.env.LAPWING_BENCH_CASES ?? 1000);
// Client and server share this process: on two cores, two replays at a time beat four
// (6.8 s against 8.9 s for 1,000 cases at a load average of 5.5).
const CONCURRENCY = Number(process.env.LAPWING_BENCH_CASE_CONCURRENCY ?? 2);
const TARGET_S = 10;
const IN_PROCESS_TARGET_S = 1;
// In-process replays wait only for the journal's group commit: more at once share more of each sync.
const IN_PROCESS_CONCURRENCY = Number(process.env.LAPWING_BENCH_IN_PROCESS_CONCURRENCY ?? 32);
const SHARDED_CASES = Number(process.env.LAPWING_BENCH_SHARDED_CASES ?? 10_000);
const SHARDS = 4;
const API_KEY = 'bench-cases-0000-4000-8000-000000000000';
const MAP = join(repoRoot, 'electron/cases/test-support/maps/languages.rbl');

/** Time spent inside the engine and in journal writes, in ms. */
const spent = { engine: 0, journal: 0 };

function timedAsync<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    const started = performance.now();
    try {
      return await call(...args);
    } finally {
      spent.engine += performance.now() - started;
    }
  };
}

/** `call` timed into `bucket`; a plain function so it keeps `this` when put on a prototype. */
function timed<T, A extends unknown[], R>(call: (this: T, ...args: A) => R, bucket: 'engine' | 'journal'): (this: T, ...args: A) => R {
  return function (this: T, ...args: A): R {
    const started = performance.now();
    try {
      return call.apply(this, args);
    } finally {
      spent[bucket] += performance.now() - started;
    }
  };
}

function timedSession(session: ConsultationSession): ConsultationSession {
  return {
    id: session.id,
    inject: timed(session.inject.bind(session), 'engine'),
    query: timedAsync(session.query.bind(session)),
    respond: timedAsync(session.respond.bind(session)),
    undo: timedAsync(session.undo.bind(session)),
    evidence: timed(session.evidence.bind(session), 'engine'),
    interactions: session.interactions.bind(session),
    facts: session.facts.bind(session),
    whyNoResult: session.whyNoResult.bind(session),
    journal: session.journal.bind(session),
    lastActivity: session.lastActivity.bind(session),
  };
}

/** The real engine, with every session call timed. */
const timedEngine: EnginePort = {
  loadMap: engine.loadMap,
  createContext: engine.createContext,
  createSession: (map, options) => timedSession(engine.createSession(map, options)),
  restoreSession: async (map, options, journal) => timedSession(await engine.restoreSession(map, options, journal)),
};

/** Cases over the fixture map: people in three countries, some abroad with lessons, some injected. */
function generateCases(mapId: string, count: number): TestCase[] {
  const countries = ['England', 'Wales', 'France'];
  return Array.from({ length: count }, (_, index) => {
    const person = `Person ${index}`;
    const home = countries[index % 3];
    const abroad = countries[(index + 1) % 3];
    const injected = index % 4 === 0;
    return normaliseCase({
      formatVersion: 1,
      name: `case ${index}`,
      target: { mapId },
      facts: injected ? [{ subject: person, relationship: 'lives in', object: home }] : [],
      query: { subject: person, relationship: 'speaks' },
      answers: [
        { question: { relationship: 'lives in' }, reply: { kind: 'values', values: [{ value: home, certainty: 90 }] } },
        {
          question: { relationship: 'has lived in' },
          reply: index % 2 === 0 ? { kind: 'skip' } : { kind: 'values', values: [{ value: abroad }] },
        },
        { question: { relationship: 'took lessons in' }, reply: { kind: 'yes-no', answer: index % 3 === 0 ? 'no' : 'yes' } },
      ],
      expect: { results: { match: 'includes', items: [] }, questions: { allowOthers: true, maxQuestions: 5 } },
    });
  });
}

/** User + system CPU time of this process, in ms (less sensitive than wall time to other work on the machine). */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/** `benchCases()`: the section `npm run bench -- cases` runs. */
export async function benchCases(): Promise<void> {
  console.log(`\n## Regression cases: replay ${CASES} cases on the local engine (${CONCURRENCY} at a time)`);
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-bench-cases-'));
  // The server builds its own SessionStore; timing its writes means wrapping the class's methods.
  const prototype = SessionStore.prototype;
  const originals = { insert: prototype.insert, append: prototype.append, write: prototype.write };
  prototype.insert = timed(originals.insert, 'journal');
  prototype.append = timed(originals.append, 'journal');
  prototype.write = timed(originals.write, 'journal');
  const server = createServer({ dataDir: join(dir, 'server'), apiKeys: [API_KEY], engine: timedEngine });
  const transport = createNodeFetch();
  try {
    const added = addMap(server.registry, engine, { source: readFileSync(MAP, 'utf8'), name: 'Languages' });
    if (!added.ok) throw new Error('the fixture map did not load');
    const mapId = added.map.id;
    const published = server.registry.publish(mapId, { live: true });
    if (!published.ok || !published.value.keys) throw new Error('the map was not published');
    const { evidenceKey } = published.value.keys;
    const { url } = await server.listen({ host: '127.0.0.1', port: 0 });
    const cases = generateCases(mapId, CASES);
    const target = {
      label: 'local',
      baseUrl: url,
      api: new DecisionApiClient({ environment: url, fetch: transport.fetch }),
      keys: { apiKey: API_KEY, evidenceKey },
    };

    // A short warm-up so JIT compilation is not counted against the first cases.
    await runCases(cases.slice(0, 20), target, { concurrency: CONCURRENCY });
    spent.engine = 0;
    spent.journal = 0;

    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const run = await runCases(cases, target, { concurrency: CONCURRENCY, evidence: process.env.LAPWING_BENCH_EVIDENCE !== '0' });
    const replayMs = performance.now() - started;
    const replayCpuMs = cpuMs(process.cpuUsage(cpuStarted));
    const store = openCasesStore(join(dir, 'history.sqlite'));
    const storeStarted = performance.now();
    store.runs.saveRun(run);
    const saveMs = performance.now() - storeStarted;
    store.close();
    const wallMs = performance.now() - started;

    const perCase = run.cases.map((caseRun) => caseRun.observation.timing);
    const summed = perCase.reduce((sum, timing) => sum + timing.totalMs, 0);
    const http = perCase.reduce((sum, timing) => sum + timing.httpMs, 0);
    const questions = run.cases.reduce((sum, caseRun) => sum + caseRun.observation.questions.length, 0);
    const evidence = run.cases.reduce((sum, caseRun) => sum + Object.keys(caseRun.observation.evidence).length, 0);
    const firstError = run.cases.find((caseRun) => caseRun.verdict.status !== 'passed');
    if (firstError)
      console.log(
        `  first failure: ${firstError.caseName}: ${firstError.verdict.checks
          .filter((check) => !check.passed)
          .map((check) => check.message)
          .join('; ')}`,
      );
    console.log(
      `  ${run.cases.length} cases, ${run.counts.passed} passed, ${run.counts.error} errors; ${questions} questions answered, ${evidence} evidence records fetched`,
    );
    printTable(
      ['measure', 'value', 'target'],
      [
        [
          'wall time (replay + store)',
          `${(wallMs / 1000).toFixed(2)} s`,
          `< ${TARGET_S} s ${wallMs / 1000 < TARGET_S ? '(met)' : '(MISSED)'}`,
        ],
        ['time per case (wall / cases)', `${formatMs(wallMs / run.cases.length)} ms`, ''],
        ['time per case (each replay, mean)', `${formatMs(summed / run.cases.length)} ms`, ''],
      ],
    );
    // Replays overlap, so the split is of the summed per-case time, plus the store's own time.
    const engineMs = spent.engine;
    const storeMs = spent.journal + saveMs;
    const httpOnly = Math.max(0, http - engineMs - spent.journal);
    const logic = Math.max(0, summed - http);
    const total = engineMs + httpOnly + storeMs + logic;
    const share = (ms: number) => `${((ms / total) * 100).toFixed(0)}%`;
    console.log(`  where the time went (summed over ${CONCURRENCY} concurrent replays; replay wall ${(replayMs / 1000).toFixed(2)} s):`);
    printTable(
      ['part', 'ms', 'share'],
      [
        ['engine (session calls)', formatMs(engineMs), share(engineMs)],
        ['HTTP and server (client-seen request time minus engine and journal)', formatMs(httpOnly), share(httpOnly)],
        [
          'store (server journal writes + saving the run)',
          `${formatMs(storeMs)} (${formatMs(spent.journal)} + ${formatMs(saveMs)})`,
          share(storeMs),
        ],
        ['replay logic (matching, evidence walk, bookkeeping)', formatMs(logic), share(logic)],
      ],
    );

    // The same cases in-process: the server's decision functions, no socket (what `lapwing test
    // --target local` and the workbench's Local environment do now).
    const local = { ...target, baseUrl: 'in-process', api: inProcessApi(server.decisions) };
    await runCases(cases.slice(0, 20), local, { concurrency: IN_PROCESS_CONCURRENCY });
    spent.engine = 0;
    spent.journal = 0;
    const inStarted = performance.now();
    const inCpuStarted = process.cpuUsage();
    const inRun = await runCases(cases, local, {
      concurrency: IN_PROCESS_CONCURRENCY,
      evidence: process.env.LAPWING_BENCH_EVIDENCE !== '0',
    });
    const inReplayMs = performance.now() - inStarted;
    const inReplayCpuMs = cpuMs(process.cpuUsage(inCpuStarted));
    const inStore = openCasesStore(join(dir, 'history-in-process.sqlite'));
    inStore.runs.saveRun(inRun);
    inStore.close();
    const inWallMs = performance.now() - inStarted;
    const inJournalMs = spent.journal;
    const same = inRun.counts.passed === run.counts.passed && inRun.counts.error === run.counts.error;
    console.log(
      `  in-process: ${inRun.cases.length} cases, ${inRun.counts.passed} passed, ${inRun.counts.error} errors (${same ? 'the same counts as over HTTP' : 'COUNTS DIFFER from HTTP'})`,
    );
    printTable(
      ['path', 'replay', 'replay CPU', 'replay + store', 'per case', 'target'],
      [
        [
          'HTTP on loopback (client + fastify)',
          `${(replayMs / 1000).toFixed(2)} s`,
          `${(replayCpuMs / 1000).toFixed(2)} s`,
          `${(wallMs / 1000).toFixed(2)} s`,
          `${formatMs(wallMs / CASES)} ms`,
          '',
        ],
        [
          'in-process (decision functions)',
          `${(inReplayMs / 1000).toFixed(2)} s`,
          `${(inReplayCpuMs / 1000).toFixed(2)} s`,
          `${(inWallMs / 1000).toFixed(2)} s`,
          `${formatMs(inWallMs / CASES)} ms`,
          `< ${IN_PROCESS_TARGET_S} s for 1,000 ${(inWallMs / 1000) * (1000 / CASES) < IN_PROCESS_TARGET_S ? '(met)' : '(MISSED)'}`,
        ],
        [
          'ratio HTTP / in-process',
          `${(replayMs / inReplayMs).toFixed(1)}x`,
          `${(replayCpuMs / inReplayCpuMs).toFixed(1)}x`,
          `${(wallMs / inWallMs).toFixed(1)}x`,
          '',
          '',
        ],
      ],
    );
    console.log(
      `  in-process, ${IN_PROCESS_CONCURRENCY} replays at a time (they share each journal sync): this process used ${(inReplayCpuMs / 1000).toFixed(2)} s of CPU in ${(inReplayMs / 1000).toFixed(2)} s; the rest is waiting for journal syncs (${formatMs(inJournalMs)} ms of journal writes, summed) and for other work on the machine`,
    );
  } finally {
    prototype.insert = originals.insert;
    prototype.append = originals.append;
    prototype.write = originals.write;
    transport.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (SHARDED_CASES > 0) await benchShardedCases();
}

/** Runs `node bin/lapwing.mjs ARGS` and resolves with its exit code, wall time and stderr. */
function lapwing(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; ms: number; err: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/lapwing.mjs'), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: performance.now() - started, err }));
  });
}

/** `benchShardedCases()`: 10,000 cases over four `lapwing test --shard I/4` processes against one `lapwing serve`. */
export async function benchShardedCases(): Promise<void> {
  console.log(
    `\n## Regression cases: ${SHARDED_CASES} cases sharded ${SHARDS} ways against one lapwing serve (each runner: lapwing test --target URL --shard I/${SHARDS}, 4 replays at a time)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-bench-shards-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  // The data folder as `lapwing map add` + `map publish --live` leave it, then served by its own process.
  const setup = createServer({ dataDir: data, apiKeys: [API_KEY] });
  const added = addMap(setup.registry, engine, { source: readFileSync(MAP, 'utf8'), name: 'Languages' });
  if (!added.ok) throw new Error('the fixture map did not load');
  const mapId = added.map.id;
  const published = setup.registry.publish(mapId, { live: true });
  await setup.close();
  if (!published.ok || !published.value.keys) throw new Error('the map was not published');
  const casesFile = join(dir, 'suite.json');
  writeFileSync(casesFile, writeCaseBundle(generateCases(mapId, SHARDED_CASES)));
  const env = { ...process.env, LAPWING_API_KEY: API_KEY, LAPWING_EVIDENCE_KEY: published.value.keys.evidenceKey };
  const serve = await startServeProcess(['--data', data, '--port', '0', '--api-key', API_KEY], { env });
  try {
    const common = [casesFile, '--target', serve.url, '--map', mapId];
    const load = loadavg()[0].toFixed(1);
    const began = performance.now();
    const shards = await Promise.all(
      Array.from({ length: SHARDS }, (_, index) =>
        lapwing(['test', ...common, '--shard', `${index + 1}/${SHARDS}`, '--report', `json:${join(dir, `shard-${index + 1}.json`)}`], env),
      ),
    );
    const shardsMs = performance.now() - began;
    const merge = await lapwing(
      ['test', 'merge', ...shards.map((_, index) => join(dir, `shard-${index + 1}.json`)), '--junit', join(dir, 'merged.xml')],
      env,
    );
    const mergedMs = performance.now() - began;
    const single = await lapwing(['test', ...common, '--report', `json:${join(dir, 'single.json')}`], env);
    const failed = [...shards, merge, single].find((result) => result.code !== 0);
    if (failed) console.log(`  a run exited ${failed.code}: ${failed.err.slice(0, 400)}`);
    const counts = shards.map((shard) => /: (\d+) of \d+ cases/.exec(shard.err)?.[1] ?? '?');
    printTable(
      ['run', 'cases', 'wall time', 'per case'],
      [
        ...shards.map((shard, index) => [
          `shard ${index + 1}/${SHARDS} (process, start to exit)`,
          counts[index] ?? '?',
          `${(shard.ms / 1000).toFixed(1)} s`,
          `${formatMs(shard.ms / Number(counts[index]))} ms`,
        ]),
        [
          `all ${SHARDS} shards side by side`,
          String(SHARDED_CASES),
          `${(shardsMs / 1000).toFixed(1)} s`,
          `${formatMs(shardsMs / SHARDED_CASES)} ms`,
        ],
        ['lapwing test merge', String(SHARDED_CASES), `${(merge.ms / 1000).toFixed(1)} s`, ''],
        ['sharded + merged', String(SHARDED_CASES), `${(mergedMs / 1000).toFixed(1)} s`, `${formatMs(mergedMs / SHARDED_CASES)} ms`],
        [
          'one runner, no shards (peer)',
          String(SHARDED_CASES),
          `${(single.ms / 1000).toFixed(1)} s`,
          `${formatMs(single.ms / SHARDED_CASES)} ms`,
        ],
        ['ratio one runner / sharded + merged', '', `${(single.ms / mergedMs).toFixed(2)}x`, ''],
      ],
    );
    console.log(
      `  ${cpus().length} cores, load ${load} at the start: the ${SHARDS} runners and the server share them, so this shows the split and merge work, not ${SHARDS} machines' worth of speed.`,
    );
  } finally {
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
