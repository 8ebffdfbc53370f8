/**
 * `lapwing serve --workers 2` as users run it: real processes sharing one port and one database.
 * Every call goes over a fresh connection, so the cluster primary spreads calls over both workers
 * and calls on a session regularly reach the worker that does not hold it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, startServeProcess, workerPids, type ServeProcess } from '../../cli/test-support';
import { fixtureMapPath, travelMoneyWithContext } from '../test-support/fixtures';
import { FORWARDED_HEADER, WORKER_HEADER } from './forwarding';

const API_KEY = 'cluster-test-key-0000';
const CLI = join(projectRoot, 'bin/lapwing.mjs');

interface Reply {
  readonly status: number;
  readonly worker: string | null;
  readonly json: Record<string, unknown>;
}

let dataDir: string;
let serve: ServeProcess;
let url: string;
let travelMap: string;
let contextMap: string;

function cli(...args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args, '--data', dataDir]).toString();
}

function addLive(file: string): string {
  const { id } = JSON.parse(cli('map', 'add', file)) as { id: string };
  cli('map', 'publish', id, '--live');
  return id;
}

async function call(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${url}${path}`, {
    method,
    // A new connection per call: the primary hands each to the next worker. A forged forwarding
    // mark must not make a worker answer for a session another one holds.
    headers: {
      'x-api-key': API_KEY,
      'content-type': 'application/json',
      connection: 'close',
      [FORWARDED_HEADER]: 'not-the-cluster-secret',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    // A connection handed to a worker as it is killed is never answered.
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, worker: response.headers.get(WORKER_HEADER), json: (await response.json()) as Record<string, unknown> };
}

/** One consultation on the travel map; returns the session and every reply's worker. */
async function consult(): Promise<{ sid: string; workers: (string | null)[]; result: Reply }> {
  const start = await call('GET', `/start/${travelMap}`);
  expect(start.status).toBe(200);
  const sid = start.json.id as string;
  const inject = await call('POST', `/${sid}/inject`, [
    { subject: 'Ana', relationship: 'holds passport of', object: 'Norway', certainty: 100 },
  ]);
  const query = await call('POST', `/${sid}/query`, { subject: 'Ana', relationship: 'pays with' });
  expect(query.json).toMatchObject({ question: { relationship: 'is visiting' } });
  const result = await call('POST', `/${sid}/response`, {
    answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }],
  });
  expect(result.status).toBe(200);
  return { sid, workers: [start.worker, inject.worker, query.worker, result.worker], result };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-cluster-'));
  travelMap = addLive(fixtureMapPath('travel-money'));
  const contextFile = join(dataDir, 'context.xml');
  writeFileSync(contextFile, travelMoneyWithContext());
  contextMap = addLive(contextFile);
  serve = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', API_KEY, '--workers', '2']);
  url = serve.url;
  // Two CLI runs and a primary with two workers: five Node processes started one after another.
}, 180_000);

afterAll(async () => {
  if (serve) await serve.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('lapwing serve --workers 2', () => {
  it('answers every call on a session from the worker that holds it, whichever worker receives it', async () => {
    const owners = new Set<string | null>();
    for (let round = 0; round < 8; round++) {
      // A consultation is four calls: one more now and then varies which worker gets the start.
      if (round % 2 === 1) await (await fetch(`${url}/version`, { headers: { connection: 'close' } })).text();
      const { workers, result } = await consult();
      // All four calls answered by one worker: the session never split across processes.
      expect(new Set(workers).size).toBe(1);
      owners.add(workers[0] ?? null);
      expect(result.json).toMatchObject({ result: [{ subject: 'Ana', relationship: 'pays with', object: 'yen', certainty: 80 }] });
    }
    // Sessions were started on both workers, so calls crossed between them.
    expect([...owners].sort()).toEqual(['0', '1']);
  });

  it('finds evidence, interactions and session facts across workers, also by the legacy evidence route', async () => {
    for (let round = 0; round < 3; round++) {
      const { sid, result } = await consult();
      const factID = (result.json.result as { factID: string }[])[0]?.factID ?? '';
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await call('GET', `/analysis/evidence/${factID}/${sid}`)).json).toMatchObject({ factID, fact: { certainty: 80 } });
        expect((await call('GET', `/analysis/evidence/${factID}`)).json).toMatchObject({ factID });
        expect(JSON.stringify((await call('GET', `/analysis/session/${sid}?filter=facts`)).json.facts)).toContain(
          '"relationship":"pays with"',
        );
      }
    }
  });

  it('keeps the sessions of one shared context together', async () => {
    const first = await call('GET', `/start/${contextMap}?contextid=trip-9`);
    await call('POST', `/${String(first.json.id)}/query`, { subject: 'Ana', relationship: 'pays with' });
    await call('POST', `/${String(first.json.id)}/response`, {
      answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Mexico', certainty: 100 }],
    });
    for (let round = 0; round < 3; round++) {
      const next = await call('GET', `/start/${contextMap}?contextId=trip-9`);
      expect(next.worker).toBe(first.worker);
      expect((await call('POST', `/${String(next.json.id)}/query`, { subject: 'Ana', relationship: 'pays with' })).json).toMatchObject({
        result: [{ object: 'peso' }],
      });
    }
  });

  it('answers JSON nested 20,000 levels deep with 400 on every worker, forwarded or not', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const statuses = new Set<number>();
    for (let round = 0; round < 4; round++) {
      const { sid } = await consult();
      for (const path of [`/${sid}/inject`, `/${sid}/response`]) {
        const response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: deep,
        });
        statuses.add(response.status);
        expect(await response.text()).toContain('levels deep');
      }
    }
    expect([...statuses]).toEqual([400]);
  });

  it('replaces a worker that dies; its sessions continue from their journals', async () => {
    const start = await call('GET', `/start/${travelMap}`);
    const sid = start.json.id as string;
    expect((await call('POST', `/${sid}/query`, { subject: 'Ana', relationship: 'pays with' })).json).toMatchObject({
      question: { relationship: 'is visiting' },
    });
    const before = workerPids(serve);
    expect(before).toHaveLength(2);
    for (const pid of before) process.kill(pid, 'SIGKILL');
    let after: number[] = [];
    for (let waited = 0; waited < 200 && after.filter((pid) => !before.includes(pid)).length < 2; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = workerPids(serve);
    }
    expect(after.filter((pid) => !before.includes(pid))).toHaveLength(2);
    // Wait until both replacements say they listen, then finish the consultation.
    for (let waited = 0; waited < 400 && (serve.stderr().match(/replaced; listening on/g) ?? []).length < 2; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Both on the cluster's own address.
    expect(
      serve
        .stderr()
        .match(/worker \d replaced; listening on \S+/g)
        ?.sort(),
    ).toEqual([`worker 0 replaced; listening on ${url}`, `worker 1 replaced; listening on ${url}`]);
    let result: Reply | undefined;
    for (let attempt = 0; attempt < 50 && result?.status !== 200; attempt++) {
      result = await call('POST', `/${sid}/response`, {
        answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }],
      }).catch(() => undefined);
      if (result?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(result?.json).toMatchObject({ result: [{ object: 'yen', certainty: 80 }] });
  }, 150_000);

  it('stops its workers when the primary is killed outright', async () => {
    const other = await startServeProcess(['--port', '0', '--data', dataDir, '--api-key', API_KEY, '--workers', '2']);
    const workers = workerPids(other);
    expect(workers).toHaveLength(2);
    await other.stop('SIGKILL');
    // Orphaned workers are reaped by the machine's init; one that does not reap (a bare container)
    // leaves exited workers as zombies, which still take signals but run nothing.
    const alive = () =>
      workers.filter((pid) => {
        try {
          process.kill(pid, 0);
        } catch {
          return false;
        }
        try {
          return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        } catch {
          return true;
        }
      });
    for (let waited = 0; waited < 300 && alive().length > 0; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive()).toEqual([]);
    await expect(fetch(`${other.url}/version`)).rejects.toThrow();
  }, 120_000);

  it('stops every process on SIGTERM and exits 0', async () => {
    const workers = workerPids(serve);
    expect(await serve.stop()).toBe(0);
    await expect(fetch(`${url}/version`)).rejects.toThrow();
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
