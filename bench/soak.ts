/**
 * Soak: `lapwing serve` (its own process, one worker, journal synced as by default) under steady
 * consultation load on loopback for a bounded time and number of consultations, sampling the
 * server's resident memory and the database size as it goes. Reports growth per minute and
 * journal bytes per consultation, the figures README quotes for disk and memory planning.
 *
 *   npm run bench -- soak                           120 s, at most 200,000 consultations
 *   LAPWING_SOAK_SECONDS=60 npm run bench -- soak   shorter (at most 300 s)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServeProcess, type ServeProcess } from '../electron/cli/test-support';
import { printTable, repoRoot } from './engine/common';

const API_KEY = 'soak-0000-4000-8000-000000000000';
const SECONDS = Math.min(300, Math.max(10, Number(process.env.LAPWING_SOAK_SECONDS ?? 120)));
const MAX_CONSULTATIONS = 200_000;
const CONNECTIONS = 8;
const SAMPLES = 8;
const MAP_FILE = join(repoRoot, 'electron/server/test-support/maps/travel-money.xml');

/** Resident memory of a process in MB, from /proc (Linux). */
function residentMb(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return Number.NaN;
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

function databaseMb(dataDir: string): { file: number; wal: number } {
  const size = (name: string): number => (existsSync(join(dataDir, name)) ? statSync(join(dataDir, name)).size / 2 ** 20 : 0);
  return { file: size('server.sqlite'), wal: size('server.sqlite-wal') };
}

async function prepareData(dataDir: string): Promise<string> {
  const [{ MapRegistry, addMap, openServerDatabase, serverDatabaseFile }, engine] = await Promise.all([
    import('../electron/server'),
    import('../electron/engine'),
  ]);
  const db = openServerDatabase(serverDatabaseFile(dataDir));
  try {
    const registry = new MapRegistry(db);
    const added = addMap(registry, engine, { source: readFileSync(MAP_FILE, 'utf8'), name: 'Soak map' });
    if (!added.ok) throw new Error('the soak map does not load');
    registry.publish(added.map.id, { live: true });
    return added.map.id;
  } finally {
    db.close();
  }
}

/** One client: whole consultations back to back until `until` or the shared budget is spent. */
async function client(url: string, kmID: string, until: number, counts: { done: number; failed: number }): Promise<void> {
  const json = { 'content-type': 'application/json' };
  while (performance.now() < until && counts.done + counts.failed < MAX_CONSULTATIONS) {
    const n = counts.done + counts.failed;
    try {
      const started = await fetch(`${url}/start/${kmID}`, { headers: { 'x-api-key': API_KEY } });
      const { id } = (await started.json()) as { id: string };
      const subject = `Ana ${n}`;
      const calls: [string, unknown][] = [
        ['inject', [{ subject, relationship: 'holds passport of', object: 'Norway', certainty: 100 }]],
        ['query', { subject, relationship: 'pays with' }],
        ['response', { answers: [{ subject, relationship: 'is visiting', object: 'Japan', certainty: 100 }] }],
      ];
      let ok = started.status === 200;
      for (const [endpoint, body] of calls) {
        const reply = await fetch(`${url}/${id}/${endpoint}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
        await reply.arrayBuffer();
        ok &&= reply.status === 200;
      }
      if (ok) counts.done++;
      else counts.failed++;
    } catch {
      counts.failed++;
    }
  }
}

export async function benchSoak(): Promise<void> {
  console.log(
    `\n## Soak: lapwing serve under steady load for ${SECONDS} s (at most ${MAX_CONSULTATIONS.toLocaleString('en-US')} consultations), loopback`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-soak-'));
  let served: ServeProcess | undefined;
  try {
    const kmID = await prepareData(dataDir);
    served = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', API_KEY]);
    const pid = served.child.pid;
    const counts = { done: 0, failed: 0 };
    const begin = performance.now();
    const until = begin + SECONDS * 1000;
    const rows: { seconds: number; consultations: number; rss: number; file: number; wal: number }[] = [];
    const sample = (): void => {
      const { file, wal } = databaseMb(dataDir);
      rows.push({ seconds: (performance.now() - begin) / 1000, consultations: counts.done, rss: residentMb(pid), file, wal });
    };
    sample();
    const sampler = setInterval(sample, (SECONDS * 1000) / SAMPLES);
    const url = served.url;
    await Promise.all(Array.from({ length: CONNECTIONS }, () => client(url, kmID, until, counts)));
    clearInterval(sampler);
    sample();
    await served.stop();
    const closed = databaseMb(dataDir);

    printTable(
      ['time s', 'consultations', 'server RSS MB', 'server.sqlite MB', 'WAL MB'],
      rows.map((row) => [
        row.seconds.toFixed(0),
        row.consultations.toLocaleString('en-US'),
        row.rss.toFixed(0),
        row.file.toFixed(1),
        row.wal.toFixed(1),
      ]),
    );
    const first = rows[0];
    const last = rows[rows.length - 1];
    // Memory after the first sample, once the process has warmed up.
    const warm = rows[1] ?? first;
    if (!first || !last || !warm) return;
    const minutes = (last.seconds - first.seconds) / 60;
    const warmMinutes = (last.seconds - warm.seconds) / 60;
    const perMinute = last.consultations / minutes;
    const dbGrowth = closed.file - first.file - first.wal;
    console.log(
      `  consultations:     ${last.consultations.toLocaleString('en-US')} (${Math.round(perMinute).toLocaleString('en-US')}/min), failed ${counts.failed}`,
    );
    console.log(
      `  server memory:     ${warm.rss.toFixed(0)} -> ${last.rss.toFixed(0)} MB RSS, ${((last.rss - warm.rss) / warmMinutes).toFixed(1)} MB/min after warm-up`,
    );
    console.log(
      `  database:          +${dbGrowth.toFixed(1)} MB (server.sqlite after exit), ${(dbGrowth / minutes).toFixed(1)} MB/min at this rate, peak WAL ${Math.max(...rows.map((row) => row.wal)).toFixed(1)} MB`,
    );
    if (last.consultations > 0) {
      const bytes = (dbGrowth * 2 ** 20) / last.consultations;
      console.log(
        `  journal per consultation: ${Math.round(bytes).toLocaleString('en-US')} bytes (start, inject, query, response); per day at 1 consultation/s: ${((bytes * 86_400) / 2 ** 20).toFixed(0)} MB`,
      );
    }
  } finally {
    if (served) await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bin/run-ts.mjs bench/soak.ts` runs this section alone.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await benchSoak();
