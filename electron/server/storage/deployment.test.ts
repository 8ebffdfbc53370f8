/**
 * A real deployment: PostgreSQL, three `lapwing serve --store postgres://…` processes and nginx
 * round-robin in front (no stickiness). Concurrent consultations run through nginx while one
 * instance is killed with SIGKILL; every consultation finishes with the answers (and fact IDs) a
 * single in-process server gives, the sessions that instance had advanced continue on the others,
 * and every acknowledged step is in the journal.
 *
 * Skipped, saying why, when PostgreSQL or nginx is not installed (scripts/system-packages.sh
 * installs both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../cli/test-support';
import { fixtureMap } from '../test-support/fixtures';
import { startTestServer, type TestServer } from '../test-support/harness';
import { startNginx, type Nginx } from '../test-support/nginx';
import { startPostgres, type PostgresCluster } from '../test-support/postgres';
import { openPostgresStore } from './postgres';
import type { ServerStore } from './types';

const API_KEY = 'deployment-test-key';
const INSTANCES = 3;
const CONSULTATIONS = 48;
const CONCURRENCY = 12;
const DESTINATIONS = ['Japan', 'Mexico', 'Norway'];

const postgres = await startPostgres();
const nginxProbe = await startNginx(['127.0.0.1:9']);
const missing = 'unavailable' in postgres ? postgres.unavailable : 'unavailable' in nginxProbe ? nginxProbe.unavailable : undefined;
if ('stop' in nginxProbe) await nginxProbe.stop();
if (missing !== undefined) {
  console.warn(`deployment test skipped: ${missing}`);
  if ('stop' in postgres) await postgres.stop();
}

interface Step {
  readonly path: (sid: string) => string;
  readonly body: unknown;
}

/** One consultation: ask, answer, take the answer back, answer otherwise (4 journal steps). */
function script(index: number): Step[] {
  const traveller = `Traveller ${index}`;
  const visiting = (object: string) => ({ answers: [{ subject: traveller, relationship: 'is visiting', object, certainty: 100 }] });
  return [
    { path: (sid) => `/${sid}/query`, body: { subject: traveller, relationship: 'pays with' } },
    { path: (sid) => `/${sid}/response`, body: visiting(DESTINATIONS[index % 3]!) },
    { path: (sid) => `/${sid}/undo`, body: {} },
    { path: (sid) => `/${sid}/response`, body: visiting(DESTINATIONS[(index + 1) % 3]!) },
  ];
}

interface Outcome {
  readonly sid: string;
  readonly answers: unknown[];
  /** The instance (host:port) that acknowledged each step. */
  readonly servedBy: string[];
  /** When each step was sent and acknowledged (ms since the run began). */
  readonly sentAt: number[];
  readonly ackedAt: number[];
  /** Times the consultation started over because a call died with its instance (502/504). */
  restarts: number;
}

class LostCall extends Error {}

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ json: unknown; upstream: string }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'X-API-Key': API_KEY, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // A call in flight on the killed instance: nginx answers 502 and nobody knows whether its step was stored.
  if (response.status === 502 || response.status === 504) throw new LostCall(`${response.status} on ${path}`);
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  // nginx lists every upstream it tried ("dead:port, live:port" when the first refused the connection,
  // as the killed instance does once nginx tries it again); the last one answered.
  const tried = (response.headers.get('x-lapwing-upstream') ?? '').split(',');
  return { json: JSON.parse(text) as unknown, upstream: tried[tried.length - 1]?.trim() ?? '' };
}

/** Runs steps `from`…`to` of consultation `index` (starting it when `from` is 0), noting who answered and when. */
async function advance(
  base: string,
  kmID: string,
  index: number,
  began: number,
  progress: Outcome | undefined,
  to: number,
): Promise<Outcome> {
  let sid = progress?.sid;
  if (sid === undefined) sid = ((await call(base, 'GET', `/start/${kmID}`)).json as { id: string }).id;
  const outcome: Outcome = progress ?? { sid, answers: [], servedBy: [], sentAt: [], ackedAt: [], restarts: 0 };
  for (const step of script(index).slice(outcome.answers.length, to)) {
    outcome.sentAt.push(Date.now() - began);
    const reply = await call(base, 'POST', step.path(sid), step.body);
    // The session's own ID is the one thing that differs between runs.
    outcome.answers.push(JSON.parse(JSON.stringify(reply.json).replaceAll(sid, '<session>')));
    outcome.servedBy.push(reply.upstream);
    outcome.ackedAt.push(Date.now() - began);
  }
  return outcome;
}

/**
 * Takes a consultation to step `to`. A call that died with its instance (502) leaves its step
 * unknown to the client, so that consultation starts over, as a client would.
 */
async function consult(base: string, kmID: string, index: number, began: number, progress?: Outcome, to = 4): Promise<Outcome> {
  try {
    return await advance(base, kmID, index, began, progress, to);
  } catch (error) {
    const restarts = progress?.restarts ?? 0;
    if (!(error instanceof LostCall) || restarts >= 2) throw error;
    const fresh = await advance(base, kmID, index, began, undefined, to);
    return { ...fresh, restarts: restarts + 1 };
  }
}

/** Runs `count` tasks, `concurrency` at a time. */
async function pool<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

describe.skipIf(missing !== undefined)('three instances on PostgreSQL behind nginx', () => {
  const cluster = postgres as PostgresCluster;
  const instances: ServeProcess[] = [];
  let nginx: Nginx;
  let store: ServerStore;
  let reference: TestServer;

  beforeAll(async () => {
    const url = await cluster.createDatabase();
    // The schema first, so the instances start on a migrated database (they would also migrate one at a time).
    store = await openPostgresStore(url, { poolSize: 2 });
    const started = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        startServeProcess(['--port', '0', '--api-key', API_KEY, '--store', url], { env: { ...process.env, LAPWING_PG_POOL: '4' } }),
      ),
    );
    instances.push(...started);
    const upstreams = instances.map((instance) => new URL(instance.url).host);
    const front = await startNginx(upstreams);
    if ('unavailable' in front) throw new Error(front.unavailable);
    nginx = front;
    reference = await startTestServer({ apiKeys: [API_KEY] });
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    // The killed one has exited already (its exit code stays null: it died of a signal).
    await Promise.all(instances.filter((instance) => instance.child.signalCode === null).map((instance) => instance.stop('SIGKILL')));
    await reference?.dispose();
    await store?.close();
    await cluster.stop();
  }, 60_000);

  it('finishes every consultation with the in-process answers while an instance is killed mid-run', async () => {
    const rblang = fixtureMap('travel-money');
    const added = await fetch(`${nginx.url}/maps`, {
      method: 'POST',
      headers: { 'X-API-Key': API_KEY, Version: 'v1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ rblang, name: 'Travel money', description: '' }),
    });
    expect(added.status).toBe(201);
    const kmID = ((await added.json()) as { kmID: string }).kmID;
    const referenceMap = await fetch(`${reference.url}/maps`, {
      method: 'POST',
      headers: { 'X-API-Key': API_KEY, Version: 'v1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ rblang, name: 'Travel money', description: '' }),
    });
    const referenceKmID = ((await referenceMap.json()) as { kmID: string }).kmID;

    const victim = instances[1]!;
    const victimHost = new URL(victim.url).host;
    const began = Date.now();
    let completed = 0;
    // When the signal was sent, and when the instance was seen dead (its exit reaped): nothing sent later can reach it.
    let killedAt = Number.POSITIVE_INFINITY;
    let deadAt = Number.POSITIVE_INFINITY;
    victim.child.once('exit', () => (deadAt = Date.now() - began));
    // First every consultation is asked and answered (spread over the three instances), then, while
    // the rest of them runs, the victim is killed: the sessions it had advanced must go on elsewhere.
    const halfway = await pool(CONSULTATIONS, CONCURRENCY, (index) => consult(nginx.url, kmID, index, began, undefined, 2));
    const outcomes = await pool(CONSULTATIONS, CONCURRENCY, async (index) => {
      const outcome = await consult(nginx.url, kmID, index, began, halfway[index]);
      completed += 1;
      // Mid-run: once a quarter of the consultations are done, with the others under way.
      if (completed === Math.floor(CONSULTATIONS / 4)) {
        killedAt = Date.now() - began;
        victim.child.kill('SIGKILL');
      }
      return outcome;
    });
    expect(victim.child.signalCode).toBe('SIGKILL');

    const expected = await pool(CONSULTATIONS, 4, (index) => consult(reference.url, referenceKmID, index, began));
    for (const [index, outcome] of outcomes.entries()) {
      // The same answers, fact IDs included, as one in-process server.
      expect(outcome.answers, `consultation ${index}`).toEqual(expected[index]!.answers);
      // Every acknowledged step is stored: 4 steps per finished session, no more, no fewer.
      expect(await store.journal.journalLength(outcome.sid)).toBe(4);
    }
    // Round-robin spread the calls over all three, and calls sent after the kill went to the two others.
    const served = new Set(outcomes.flatMap((outcome) => outcome.servedBy));
    expect(served.size).toBe(INSTANCES);
    const afterKill = outcomes.flatMap((outcome) => outcome.servedBy.filter((_, step) => outcome.sentAt[step]! > deadAt));
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill).not.toContain(victimHost);
    // Sessions the killed instance had advanced went on, on the others.
    const continued = outcomes.filter(
      (outcome) =>
        outcome.servedBy.some((host, step) => host === victimHost && outcome.ackedAt[step]! < killedAt) &&
        outcome.servedBy.some((host, step) => host !== victimHost && outcome.sentAt[step]! > killedAt),
    );
    expect(continued.length).toBeGreaterThan(0);
    // Only calls in flight on it at the kill were lost (each such consultation started over once).
    const restarts = outcomes.reduce((total, outcome) => total + outcome.restarts, 0);
    expect(restarts).toBeLessThanOrEqual(CONCURRENCY);
    console.log(
      `deployment: ${CONSULTATIONS} consultations through nginx in ${Date.now() - began} ms; instance killed at ${killedAt} ms (reaped at ${deadAt} ms); ` +
        `${continued.length} of its sessions continued elsewhere; ${restarts} started over after a call died with it`,
    );
  }, 300_000);
});
