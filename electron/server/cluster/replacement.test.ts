/**
 * A worker of `lapwing serve --workers 2` killed under load, with a fixed `--port` and with
 * `--port 0`: its replacement must listen on the port the cluster serves, and its sessions must
 * continue from their journals with every acknowledged step kept and no 503 once it is up.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, startServeProcess, workerPids } from '../../cli/test-support';
import { fixtureMapPath } from '../test-support/fixtures';
import { freePort } from '../test-support/system-service';
import { WORKER_HEADER } from './forwarding';

const API_KEY = 'replacement-test-key-0000';
const CLI = join(projectRoot, 'bin/lapwing.mjs');
const CLIENTS = 6;

let dataDir: string;
let mapId: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-replace-'));
  const { id } = JSON.parse(
    execFileSync(process.execPath, [CLI, 'map', 'add', fixtureMapPath('travel-money'), '--data', dataDir]).toString(),
  ) as { id: string };
  execFileSync(process.execPath, [CLI, 'map', 'publish', id, '--live', '--data', dataDir]);
  mapId = id;
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Session {
  readonly sid: string;
  readonly owner: string;
  /** Subjects of injections the server acknowledged (200). */
  readonly acknowledged: string[];
}

interface Outcome {
  readonly sentAt: number;
  readonly status: number | 'network';
}

async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; worker: string | null; json: unknown }> {
  const response = await fetch(`${url}${path}`, {
    method,
    // A new connection per call, so the primary spreads calls over both workers.
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', connection: 'close' },
    // A connection the primary handed to the worker as it was killed is never answered: clients give up.
    // Generous: a slow answer on a busy machine must not pass for a lost call.
    signal: AbortSignal.timeout(30_000),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    worker: response.headers.get(WORKER_HEADER),
    json: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

/** Injects one fact after another into each session until `running()` is false, recording every outcome. */
async function load(url: string, sessions: Session[], outcomes: Outcome[], running: () => boolean): Promise<void> {
  await Promise.all(
    sessions.map(async (session, client) => {
      for (let step = 0; running(); step++) {
        const subject = `c${client}-s${step}`;
        const sentAt = Date.now();
        try {
          const reply = await call(url, 'POST', `/${session.sid}/inject`, [
            { subject, relationship: 'holds passport of', object: 'Norway', certainty: 100 },
          ]);
          outcomes.push({ sentAt, status: reply.status });
          if (reply.status === 200) session.acknowledged.push(subject);
        } catch {
          outcomes.push({ sentAt, status: 'network' });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }),
  );
}

/** Resolves with the time `condition` was first seen true; a worker starting on a busy machine takes seconds. */
async function waitFor(condition: () => boolean, what: string, ms = 60_000): Promise<number> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (condition()) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('lapwing serve --workers 2: a killed worker is replaced', () => {
  for (const form of ['a fixed --port', '--port 0'] as const) {
    it(`with ${form}: sessions resume with no acknowledged step lost and no 503 after the replacement is up`, async () => {
      const port = form === '--port 0' ? 0 : await freePort();
      const serve = await startServeProcess(['--port', String(port), '--data', dataDir, '--api-key', API_KEY, '--workers', '2']);
      try {
        if (form === 'a fixed --port') expect(serve.url).toBe(`http://127.0.0.1:${port}`);
        const sessions: Session[] = [];
        while (sessions.length < CLIENTS || new Set(sessions.map((session) => session.owner)).size < 2) {
          const start = await call(serve.url, 'GET', `/start/${mapId}`);
          expect(start.status).toBe(200);
          sessions.push({ sid: (start.json as { id: string }).id, owner: start.worker ?? '', acknowledged: [] });
        }
        const outcomes: Outcome[] = [];
        let running = true;
        const loading = load(serve.url, sessions, outcomes, () => running);
        await waitFor(() => outcomes.length > 30, 'load to begin');

        const [victim] = workerPids(serve);
        expect(victim).toBeDefined();
        process.kill(victim ?? 0, 'SIGKILL');
        const replaced = await waitFor(() => /worker \d replaced; listening on/.test(serve.stderr()), 'the replacement to listen');
        const index = /worker (\d) replaced/.exec(serve.stderr())?.[1];
        // Calls sent after the replacement listened, counted by when they were sent: a call still in flight
        // when it came up finishes later but does not count.
        const sentAfterReplacement = (): Outcome[] => outcomes.filter((outcome) => outcome.sentAt > replaced);
        await waitFor(() => sentAfterReplacement().length > 60, 'load after the replacement');
        running = false;
        await loading;

        // The replacement serves the same address: it never tried another port.
        expect(serve.stderr()).not.toMatch(/could not be restarted|EADDRINUSE/);
        expect(sentAfterReplacement().filter((outcome) => outcome.status !== 200)).toEqual([]);

        // Every acknowledged step is in each session, including those the killed worker held.
        const victimSessions = sessions.filter((session) => session.owner === index);
        expect(victimSessions.length).toBeGreaterThan(0);
        for (const session of sessions) {
          const facts = await call(serve.url, 'GET', `/analysis/session/${session.sid}?filter=facts`);
          expect(facts.status).toBe(200);
          const held = new Set(
            (facts.json as { facts: { local: { subject: { value: unknown } }[] } }).facts.local.map((fact) => String(fact.subject.value)),
          );
          expect(session.acknowledged.filter((subject) => !held.has(subject))).toEqual([]);
          expect(session.acknowledged.length).toBeGreaterThan(0);
        }
        const after = await call(serve.url, 'POST', `/${victimSessions[0]?.sid ?? ''}/query`, {
          subject: 'c0-s0',
          relationship: 'pays with',
        });
        expect(after.status).toBe(200);
      } finally {
        await serve.stop();
      }
    }, 240_000);
  }
});
