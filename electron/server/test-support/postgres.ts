/**
 * A real PostgreSQL for tests and benchmarks: `initdb` into a temporary folder, `pg_ctl start` on
 * a free loopback port (its socket in that folder), one fresh database per caller, and a stop
 * that removes everything. Without PostgreSQL's programs (Debian: `apt-get install postgresql`,
 * done by scripts/system-packages.sh) `startPostgres` says why instead, and the tests skip.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, runAs, serviceFolder, serviceUser } from './system-service';

export interface PostgresCluster {
  readonly port: number;
  /** The postmaster's process ID (its children are the connections' backends), for CPU accounting. */
  readonly pid: number;
  /** `postgres://lapwing@127.0.0.1:PORT/DB` of a new empty database. */
  createDatabase(): Promise<string>;
  /** Stops the server (its data kept) until `resume`: the database is out of reach meanwhile. */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server at once (as a crash would: `immediate`) or cleanly, then deletes its folder. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

/** Where PostgreSQL's server programs are: `$PG_BIN`, else the newest /usr/lib/postgresql/N/bin. */
function binDir(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

interface StartPostgresOptions {
  /**
   * Sync commits to disk as a production server does (the benchmark). Tests turn it off: they
   * kill servers of Lapwing, never the machine, and the machine is shared and busy.
   */
  readonly durable?: boolean;
  /** Extra `-c name=value` settings. */
  readonly settings?: Readonly<Record<string, string>>;
}

let databases = 0;

/** Starts a private PostgreSQL, or says why it cannot. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresCluster | { readonly unavailable: string }> {
  const bin = binDir();
  if (!bin)
    return { unavailable: 'PostgreSQL is not installed (no /usr/lib/postgresql/N/bin/initdb; set PG_BIN, or apt-get install postgresql)' };
  const user = await serviceUser();
  if (process.getuid?.() === 0 && !user) return { unavailable: 'running as root and no postgres or nobody user to run PostgreSQL as' };
  const dir = serviceFolder('lapwing-pg-', user);
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    max_connections: '300',
    fsync: options.durable ? 'on' : 'off',
    synchronous_commit: options.durable ? 'on' : 'off',
    full_page_writes: options.durable ? 'on' : 'off',
    ...options.settings,
  };
  const flags = [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
  const start = () => runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', flags, '-w', '-t', '60', 'start']);
  try {
    await runAs(user, join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'lapwing', '-E', 'UTF8', '--no-sync']);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}` };
  }
  let stopped = false;
  return {
    port,
    get pid() {
      return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    },
    async createDatabase() {
      databases += 1;
      const name = `lapwing_${process.pid}_${databases}`;
      const admin = new pg.Client({ connectionString: `postgres://lapwing@127.0.0.1:${port}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://lapwing@127.0.0.1:${port}/${name}`;
    },
    async pause() {
      await runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      await start();
    },
    async stop(mode = 'fast') {
      if (stopped) return;
      stopped = true;
      try {
        await runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
