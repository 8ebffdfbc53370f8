/**
 * Several servers on one PostgreSQL database, in this process (the deployment test runs them as
 * processes behind nginx): any server answers any call of any session, two servers never fork a
 * session, shared contexts and legacy evidence work across them, and registry changes made
 * through one are seen by the others at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionResponse, ResultResponse } from '../../common/decision-api';
import { DRAFT } from '../registry/types';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { travelMoneyWithContext } from '../test-support/fixtures';
import { startTestServer, TEST_API_KEY, type TestServer } from '../test-support/harness';
import { startPostgres, type PostgresCluster } from '../test-support/postgres';
import { openPostgresStore } from './postgres';
import type { ServerStore } from './types';

const started = await startPostgres();
const available = !('unavailable' in started);
if (!available) console.warn(`multi-instance tests skipped: ${started.unavailable}`);
const cluster = available ? (started as PostgresCluster) : undefined;

const visiting = (object: string) => ({ answers: [{ subject: 'Ana', relationship: 'is visiting', object, certainty: 100 }] });
const payQuery = { subject: 'Ana', relationship: 'pays with' };

describe.skipIf(!available)('servers sharing one PostgreSQL', () => {
  const stores: ServerStore[] = [];
  let a: TestServer;
  let b: TestServer;
  let kmID: string;

  beforeAll(async () => {
    const url = await cluster!.createDatabase();
    for (let index = 0; index < 2; index++) stores.push(await openPostgresStore(url, { poolSize: 4 }));
    a = await startTestServer({ store: stores[0] });
    b = await startTestServer({ store: stores[1] });
    kmID = await addMapOverHttp(a);
  });
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    for (const store of stores) await store.close();
    await cluster?.stop();
  });

  it('continues a session on whichever server gets the call, rebuilding what another advanced', async () => {
    // Started on A; B has not seen the map or the session before.
    const sid = await startSession(a, kmID);
    expect(await post<QuestionResponse>(b, sid, 'query', payQuery)).toMatchObject({ question: { relationship: 'is visiting' } });
    // A still holds the session as it was at its start: it must notice B's step and rebuild.
    expect(await post<ResultResponse>(a, sid, 'response', visiting('Japan'))).toMatchObject({ result: [{ object: 'yen' }] });
    expect(await post(b, sid, 'undo', {})).toMatchObject({ question: { relationship: 'is visiting' } });
    expect(await post<ResultResponse>(a, sid, 'response', visiting('Mexico'))).toMatchObject({ result: [{ object: 'peso' }] });
    expect(await stores[0]!.journal.journalLength(sid)).toBe(4);
  });

  it('never forks a session called on two servers at once: the calls take turns', async () => {
    const sid = await startSession(a, kmID);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? a : b).call('POST', `/${sid}/query`, { body: payQuery })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 12 }, () => 200));
    const journal = await stores[1]!.journal.journal(sid);
    expect(journal).toHaveLength(12);
    expect(journal.every((entry) => entry.kind === 'query')).toBe(true);
    // Both servers now answer from the same 12 steps.
    expect(await post<ResultResponse>(b, sid, 'response', visiting('Japan'))).toMatchObject({ result: [{ object: 'yen' }] });
    expect(await stores[0]!.journal.journalLength(sid)).toBe(13);
  });

  it('shares a context across servers', async () => {
    const shared = await addMapOverHttp(b, travelMoneyWithContext(), 'Shared');
    const one = await startSession(a, shared, '?contextid=trip-1');
    await post(a, one, 'query', payQuery);
    await post(a, one, 'response', visiting('Mexico'));
    // B builds the context from the journal: answered without asking.
    const two = await startSession(b, shared, '?contextid=trip-1');
    expect(await post<ResultResponse>(b, two, 'query', payQuery)).toMatchObject({ result: [{ object: 'peso' }] });
    // A second context on B; then A, which holds trip-1 from before, sees what B added to it.
    const other = await startSession(b, shared, '?contextid=trip-2');
    expect(await post(b, other, 'query', payQuery)).toMatchObject({ question: { relationship: 'is visiting' } });
    const three = await startSession(a, shared, '?contextid=trip-2');
    await post(b, other, 'response', visiting('Japan'));
    expect(await post<ResultResponse>(a, three, 'query', payQuery)).toMatchObject({ result: [{ object: 'yen' }] });
  });

  it('answers legacy evidence (no session named) on any server', async () => {
    const sid = await startSession(a, kmID);
    await post(a, sid, 'query', payQuery);
    const result = await post<ResultResponse>(a, sid, 'response', visiting('Japan'));
    const factID = result.result[0]!.factID;
    // Made through A's registry; B must not serve a cached "secured".
    await stores[0]!.registry.updateSettings(kmID, DRAFT, { evidenceSecured: false });
    const evidence = await b.call('GET', `/analysis/evidence/${encodeURIComponent(factID)}`);
    expect(evidence.status, evidence.text).toBe(200);
    expect(evidence.json).toMatchObject({ factID });
    await stores[1]!.registry.updateSettings(kmID, DRAFT, { evidenceSecured: true });
    expect((await a.call('GET', `/analysis/evidence/${encodeURIComponent(factID)}`)).status).toBe(401);
  });

  it('sees maps added and versions published through another server at once', async () => {
    const added = await b.call('POST', '/maps', {
      apiKey: TEST_API_KEY,
      headers: { Version: 'v1' },
      body: { rblang: travelMoneyWithContext(), name: 'Fresh', description: '' },
    });
    const id = (added.json as { kmID: string }).kmID;
    expect((await a.call('GET', `/start/${id}`, { apiKey: TEST_API_KEY })).status).toBe(200);
    const published = await stores[1]!.registry.publish(id, { live: true });
    const versionId = published.ok ? published.value.versionId : '';
    const start = await a.call('GET', `/start/${id}`, { apiKey: TEST_API_KEY });
    expect(start.json).toMatchObject({ kmVersion: { id: versionId } });
  });
});
