/**
 * The cost of loading maps off the event loop, for `npm run bench -- server`: consultations on the
 * bench map keep running while a large map is uploaded (`POST /maps`) again and again, against
 * `lapwing serve` with maps loaded in a worker thread (the default) and on the event loop
 * (`LAPWING_MAPS_IN_WORKER=0`, the peer). Per way: the upload's own time on an idle server, the
 * longest wait of `GET /version` during it (how long the server's thread was held: with the
 * worker, the copy back and the registry write), and the consultations' rate and latency while
 * uploads run. Loopback only, one process each, about 15 s per way.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startServeProcess, type ServeProcess } from '../electron/cli/test-support';
import { hugeMap } from '../electron/server/test-support/huge-map';
import { formatMs, formatRatio, printTable, repoRoot } from './engine/common';

/** What the consultation load reports (bench/server.ts's generators). */
export interface UploadLoadResult {
  readonly calls: Record<string, { count: number; p50: number; p99: number; max: number }>;
  readonly consultations: number;
  readonly failures: number;
  readonly errors: number;
  readonly seconds: number;
}
export interface UploadLoad {
  run(url: string, kmID: string, seconds: number): Promise<UploadLoadResult>;
}

const LOADED_SECONDS = 8;
const IDLE_UPLOADS = 5;

/** The largest public sample map, else a generated one of about the same size (300 KB). */
function largeMap(): { name: string; source: string } {
  const folder = join(repoRoot, '../shared/samples/large');
  try {
    const files = readdirSync(folder).filter((name) => /\.(xml|rbl)$/i.test(name));
    const largest = files.map((name) => join(folder, name)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
    if (largest) return { name: basename(largest), source: readFileSync(largest, 'utf8') };
  } catch {
    // No shared samples: generate one below.
  }
  return { name: 'a generated map (../shared/samples/large is absent)', source: hugeMap(2500) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One `POST /maps`; its time in ms. Throws unless the map was added. */
async function upload(url: string, apiKey: string, source: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/maps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, version: 'v1' },
    body: JSON.stringify({ name: 'Bench upload', rblang: source }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /maps answered ${response.status}: ${text.slice(0, 300)}`);
  return performance.now() - started;
}

/** Uploads once while polling `GET /version` back to back: the upload's time and the longest poll. */
async function uploadWhilePolling(url: string, apiKey: string, source: string): Promise<{ uploadMs: number; longestPollMs: number }> {
  let done = false;
  let longestPollMs = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${url}/version`)).text();
      longestPollMs = Math.max(longestPollMs, performance.now() - started);
    }
  })();
  const uploadMs = await upload(url, apiKey, source).finally(() => (done = true));
  await poll;
  return { uploadMs, longestPollMs };
}

interface UploadRun {
  readonly inWorker: boolean;
  readonly idleUploadMs: number;
  readonly longestPollMs: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly uploads: number;
  readonly loadedUploadMs: number;
  readonly failures: number;
}

async function measureWay(
  load: UploadLoad,
  prepareData: (dataDir: string) => Promise<string>,
  apiKey: string,
  source: string,
  inWorker: boolean,
): Promise<UploadRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-bench-upload-'));
  let served: ServeProcess | undefined;
  try {
    const kmID = await prepareData(dataDir);
    served = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', apiKey], {
      env: { ...process.env, LAPWING_MAPS_IN_WORKER: inWorker ? '1' : '0' },
    });
    const { url } = served;
    await upload(url, apiKey, source); // Warm-up: the worker thread starts, the loader is compiled.
    const idle: { uploadMs: number; longestPollMs: number }[] = [];
    for (let i = 0; i < IDLE_UPLOADS; i++) idle.push(await uploadWhilePolling(url, apiKey, source));
    await load.run(url, kmID, 2); // Warm-up of the consultations.
    let running = true;
    const times: number[] = [];
    const uploads = (async () => {
      while (running) times.push(await upload(url, apiKey, source));
    })();
    const result = await load.run(url, kmID, LOADED_SECONDS).finally(() => (running = false));
    await uploads;
    const calls = Object.values(result.calls);
    return {
      inWorker,
      idleUploadMs: median(idle.map((one) => one.uploadMs)),
      longestPollMs: median(idle.map((one) => one.longestPollMs)),
      perSecond: result.consultations / result.seconds,
      p50: Math.max(...calls.map((call) => call.p50)),
      p99: Math.max(...calls.map((call) => call.p99)),
      max: Math.max(...calls.map((call) => call.max)),
      uploads: times.length,
      loadedUploadMs: median(times),
      failures: result.failures + result.errors,
    };
  } finally {
    if (served) await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the table and the ratios of the worker against loading on the event loop. */
export async function benchMapUpload(load: UploadLoad, prepareData: (dataDir: string) => Promise<string>, apiKey: string): Promise<void> {
  const map = largeMap();
  console.log(
    `\n  map upload while consulting: POST /maps of ${map.name} (${Math.round(map.source.length / 1024)} KiB) in a loop, --workers 1, ${LOADED_SECONDS} s`,
  );
  const worker = await measureWay(load, prepareData, apiKey, map.source, true);
  const inThread = await measureWay(load, prepareData, apiKey, map.source, false);
  printTable(
    [
      'maps loaded',
      'upload ms (idle)',
      'longest /version wait ms',
      'consultations/s',
      'worst p50 ms',
      'worst p99 ms',
      'max ms',
      'uploads',
      'upload ms (loaded)',
    ],
    [worker, inThread].map((run) => [
      run.inWorker ? 'worker thread' : 'event loop (=0)',
      formatMs(run.idleUploadMs),
      formatMs(run.longestPollMs),
      Math.round(run.perSecond).toLocaleString('en-US'),
      formatMs(run.p50),
      formatMs(run.p99),
      formatMs(run.max),
      String(run.uploads),
      formatMs(run.loadedUploadMs),
    ]),
  );
  const failed = worker.failures + inThread.failures;
  console.log(
    `  maps off the loop: consultations/s ${formatRatio(worker.perSecond / inThread.perSecond)} of the in-thread peer's during uploads, worst p99 ${formatRatio(worker.p99 / inThread.p99)}; ` +
      `server thread held ${formatMs(worker.longestPollMs)} vs ${formatMs(inThread.longestPollMs)} ms per upload (${formatRatio(worker.longestPollMs / inThread.longestPollMs)}); ` +
      `upload itself ${formatRatio(worker.idleUploadMs / inThread.idleUploadMs)} of the in-thread time${failed > 0 ? `; FAILED calls ${failed}` : ''}`,
  );
}
