/**
 * The Decision API on PostgreSQL (issue #16): whole consultations per second and CPU per
 * consultation for one `lapwing serve --store postgres://…` against one on SQLite, and three on
 * PostgreSQL behind nginx round-robin, on this machine; then, from the measured cost per
 * consultation and per database round trip, what 1,000 consultations/s would take.
 *
 * PostgreSQL runs durable, as in production (fsync and synchronous_commit on), in a private
 * cluster on loopback (electron/server/test-support/postgres.ts); skipped, saying why, without
 * PostgreSQL or nginx. Reported, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServeProcess, type ServeProcess } from '../electron/cli/test-support';
import { startNginx, type Nginx } from '../electron/server/test-support/nginx';
import { startPostgres, type PostgresCluster } from '../electron/server/test-support/postgres';
import { pathToFileURL } from 'node:url';
import { formatMs, formatRatio, printTable } from './engine/common';
import { API_KEY, autocannonGenerator, cpuSeconds, MAP_FILE, prepareData, wrkGenerator, type LoadGenerator } from './server';

const DURATION_S = Number(process.env.LAPWING_BENCH_SECONDS ?? 10);

interface Measured {
  readonly name: string;
  readonly perSecond: number;
  readonly worstP99: number;
  /** CPU ms per consultation: Lapwing's processes, and PostgreSQL's (all its backends). */
  readonly lapwingCpuMs: number | undefined;
  readonly databaseCpuMs: number | undefined;
  /** Database transactions (one per statement outside BEGIN…COMMIT: each a round trip) per consultation. */
  readonly roundTrips: number | undefined;
  /** Growth of the sessions' tables per consultation, in bytes. */
  readonly bytes: number | undefined;
}

interface DatabaseCounters {
  readonly transactions: number;
  readonly sessionBytes: number;
}

async function counters(url: string): Promise<DatabaseCounters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The statistics collector reports with a delay; force a fresh snapshot of this backend's view.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const result = await client.query<{ transactions: string; bytes: string }>(
      `SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()) AS transactions,
              (pg_total_relation_size('sessions') + pg_total_relation_size('session_journal') + pg_total_relation_size('session_facts')) AS bytes`,
    );
    const row = result.rows[0];
    return { transactions: Number(row?.transactions ?? 0), sessionBytes: Number(row?.bytes ?? 0) };
  } finally {
    await client.end();
  }
}

async function prepareMap(url: string): Promise<string> {
  const [{ openPostgresStore }, engine] = await Promise.all([import('../electron/server/storage/postgres'), import('../electron/engine')]);
  const store = await openPostgresStore(url, { poolSize: 2 });
  try {
    const source = readFileSync(MAP_FILE, 'utf8');
    if (!engine.loadMap(source).ok) throw new Error('fixture map does not load');
    const map = await store.registry.createMap({ name: 'Server bench map', source });
    await store.registry.publish(map.id, { live: true });
    return map.id;
  } finally {
    await store.close();
  }
}

/** One timed run of `load` against `url`, with CPU of the given processes (and their children). */
async function measure(
  name: string,
  load: LoadGenerator,
  url: string,
  kmID: string,
  lapwingPids: readonly number[],
  database?: { pid: number; url: string },
): Promise<Measured> {
  await load.run(url, kmID, 2); // warm-up: JIT, map cache, database caches
  const cpu = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? Number.NaN), 0);
  const before = { lapwing: cpu(lapwingPids), database: database ? cpu([database.pid]) : Number.NaN };
  const countersBefore = database ? await counters(database.url) : undefined;
  const result = await load.run(url, kmID, DURATION_S);
  const after = { lapwing: cpu(lapwingPids), database: database ? cpu([database.pid]) : Number.NaN };
  const countersAfter = database ? await counters(database.url) : undefined;
  const n = result.consultations;
  const per = (value: number) => (n > 0 && Number.isFinite(value) ? value / n : undefined);
  const worstP99 = Math.max(...Object.values(result.calls).map((call) => call.p99));
  return {
    name,
    perSecond: n / result.seconds,
    worstP99,
    lapwingCpuMs: per((after.lapwing - before.lapwing) * 1000),
    databaseCpuMs: per((after.database - before.database) * 1000),
    // Less the two counter queries of this benchmark itself.
    roundTrips: countersBefore && countersAfter ? per(countersAfter.transactions - countersBefore.transactions - 2) : undefined,
    bytes: countersBefore && countersAfter ? per(countersAfter.sessionBytes - countersBefore.sessionBytes) : undefined,
  };
}

const show = (value: number | undefined, digits = 2) => (value === undefined ? 'n/a' : value.toFixed(digits));

export async function benchServerPostgres(load: LoadGenerator, prepareSqlite: (dataDir: string) => Promise<string>): Promise<void> {
  console.log('\n## The Decision API on PostgreSQL: one instance vs SQLite, and three behind nginx (issue #16)');
  const started = await startPostgres({ durable: process.env.LAPWING_BENCH_PG_DURABLE !== '0', settings: { shared_buffers: '128MB' } });
  if ('unavailable' in started) {
    console.log(`  skipped: ${started.unavailable}`);
    return;
  }
  const cluster: PostgresCluster = started;
  const serving: ServeProcess[] = [];
  let nginx: Nginx | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-bench-pg-'));
  const runs: Measured[] = [];
  try {
    // SQLite: the default store, one process.
    const sqliteMap = await prepareSqlite(dataDir);
    const sqlite = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', API_KEY]);
    serving.push(sqlite);
    runs.push(await measure('1 instance, SQLite (synced)', load, sqlite.url, sqliteMap, [sqlite.child.pid ?? 0]));
    await sqlite.stop();

    // PostgreSQL: one instance, then three behind nginx, each on a fresh database.
    const url = await cluster.createDatabase();
    const kmID = await prepareMap(url);
    const one = await startServeProcess(['--port', '0', '--api-key', API_KEY, '--store', url]);
    serving.push(one);
    runs.push(await measure('1 instance, PostgreSQL', load, one.url, kmID, [one.child.pid ?? 0], { pid: cluster.pid, url }));
    await one.stop();

    const shared = await cluster.createDatabase();
    const sharedMap = await prepareMap(shared);
    const three = await Promise.all([0, 1, 2].map(() => startServeProcess(['--port', '0', '--api-key', API_KEY, '--store', shared])));
    serving.push(...three);
    const front = await startNginx(three.map((instance) => new URL(instance.url).host));
    if ('unavailable' in front) {
      console.log(`  three instances behind nginx: skipped (${front.unavailable})`);
    } else {
      nginx = front;
      runs.push(
        await measure(
          '3 instances, PostgreSQL, nginx',
          load,
          front.url,
          sharedMap,
          three.map((instance) => instance.child.pid ?? 0),
          { pid: cluster.pid, url: shared },
        ),
      );
    }
  } finally {
    await nginx?.stop();
    for (const instance of serving) await instance.stop();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  printTable(
    [
      'deployment',
      'consultations/s',
      'worst p99 ms',
      'Lapwing CPU ms/cons.',
      'PostgreSQL CPU ms/cons.',
      'DB round trips/cons.',
      'DB bytes/cons.',
    ],
    runs.map((run) => [
      run.name,
      Math.round(run.perSecond).toLocaleString('en-US'),
      formatMs(run.worstP99),
      show(run.lapwingCpuMs),
      show(run.databaseCpuMs),
      show(run.roundTrips, 1),
      run.bytes === undefined ? 'n/a' : Math.round(run.bytes).toLocaleString('en-US'),
    ]),
  );
  const [sqliteRun, pgRun, threeRun] = runs;
  if (sqliteRun && pgRun) {
    console.log(
      `  PostgreSQL vs SQLite, one instance: ${formatRatio(pgRun.perSecond / sqliteRun.perSecond)} of the consultations/s; ` +
        `Lapwing's own CPU per consultation ${show(pgRun.lapwingCpuMs)} vs ${show(sqliteRun.lapwingCpuMs)} ms`,
    );
  }
  if (pgRun && threeRun)
    console.log(`  three instances behind nginx vs one: ${formatRatio(threeRun.perSecond / pgRun.perSecond)} of the consultations/s`);
  console.log(
    `  what 2 cores show: every process here (load generator, nginx, 3 instances, PostgreSQL) shares ${cpus().length} cores ` +
      `(load ${loadavg()[0]?.toFixed(1)}), so three instances cannot run faster than one: the row shows the cost of the extra hop ` +
      'and of sessions moving between instances (round-robin sends each call of a consultation to the next instance, which ' +
      'rebuilds the session from the journal), not scaling. CPU per consultation is the figure that carries over to bigger machines.',
  );
  const basis = threeRun ?? pgRun;
  if (
    basis?.lapwingCpuMs !== undefined &&
    basis.databaseCpuMs !== undefined &&
    basis.bytes !== undefined &&
    basis.roundTrips !== undefined
  ) {
    const target = 1000;
    // An instance is one Node process: one core, run at 70% to keep latency flat.
    const instances = Math.ceil((target * basis.lapwingCpuMs) / 1000 / 0.7);
    const databaseCores = (target * basis.databaseCpuMs) / 1000;
    const weekBytes = basis.bytes * target * 86_400 * 7;
    console.log(
      `  estimate for ${target.toLocaleString('en-US')} consultations/s (from the "${basis.name}" row): ` +
        `~${instances} instances (one core each at 70%: ${show(basis.lapwingCpuMs)} ms CPU per consultation), ` +
        `~${Math.ceil(databaseCores / 0.7)} PostgreSQL cores (${show(basis.databaseCpuMs)} ms per consultation, ${show(basis.roundTrips, 1)} round trips: ` +
        `${Math.round(target * basis.roundTrips).toLocaleString('en-US')} statements/s), ` +
        `and ~${(weekBytes / 1e12).toFixed(2)} TB of sessions and journals at the 7-day retention ` +
        `(${Math.round(basis.bytes).toLocaleString('en-US')} bytes per consultation x ${(target * 86_400 * 7).toExponential(2)} consultations a week; ` +
        'shorter retention shrinks it in proportion). Pool size per instance: enough for its in-flight calls (default 10 + 20 for leases), ' +
        `so ${instances} instances hold up to ${instances * 30} connections: put PgBouncer (transaction mode cannot hold advisory locks; session mode) or a larger max_connections in front.`,
    );
  }
}

// `node bin/run-ts.mjs bench/server-postgres.ts` runs this section alone.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url)
  await benchServerPostgres(wrkGenerator() ?? autocannonGenerator(), prepareData);
