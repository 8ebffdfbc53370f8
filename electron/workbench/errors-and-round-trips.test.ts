/**
 * Errors a user must be able to act on, and round trips that must close, through the contract
 * against the real embedded engine and a real SQLite store: undo with nothing to undo, a map that
 * is not in the target, an unreachable host, a wrong evidence key, importing the same cases twice,
 * and export names.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, MethodOutput, Result } from '../common/ipc';
import { loadMap } from '../engine';
import { freePort } from '../server/test-support/system-service';
import { createWorkbench, type Workbench } from './create-workbench';
import { ClientDecisionApi } from './ports/client-decision-api';
import { startEmbeddedEngine } from './ports/embedded-engine';
import { FakeKeychain } from './test-support/fakes';

const mapsDir = fileURLToPath(new URL('../cases/test-support/maps', import.meta.url));
const UNKNOWN_MAP = '0192f3a4-5b6c-7d8e-9f00-112233445566';
let dataDir: string;
let workbench: Workbench;
let keychain: FakeKeychain;
let mapId: string;

function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>> {
  return workbench.dispatch(method, input) as Promise<Result<MethodOutput<M>>>;
}
async function value<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = await call(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
  return result.value;
}
async function finished(job: MethodOutput<'cases.run'>): Promise<MethodOutput<'cases.job'>> {
  let state = job;
  while (state.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    state = await value('cases.job', { jobId: job.jobId });
  }
  return state;
}
const aCase = (name: string, map: string) => ({ name, target: { mapId: map }, query: { subject: 'Ada', relationship: 'speaks' } });
/** A Lapwing case bundle, as `cases.export` writes one. */
const bundle = (...cases: ReturnType<typeof aCase>[]) => JSON.stringify({ formatVersion: 1, cases });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-workbench-errors-'));
  keychain = new FakeKeychain();
  workbench = await createWorkbench({
    dataDir,
    keychain,
    mode: 'browser',
    api: new ClientDecisionApi(),
    localEngine: startEmbeddedEngine,
    mapsDir,
    loadMap,
    appVersion: '0.1.0-test',
  });
  mapId = (await value('maps.list', { environmentId: 'local' })).maps[0].id;
});
afterAll(async () => {
  await workbench?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('errors a user can act on', () => {
  it('undo with nothing to undo changes nothing: no engine call recorded, no transcript step, nothing saved', async () => {
    const { sessionId } = await value('consultation.start', { environmentId: 'local', mapId });
    const asked = await value('consultation.query', { sessionId, query: { subject: 'Ada', relationship: 'speaks' } });
    const undone = await value('consultation.undo', { sessionId });
    expect(undone).toEqual(asked);
    expect((await value('consultation.transcript', { sessionId })).steps.map((step) => step.kind)).toEqual(['query']);
    const saved = await value('consultations.save', { sessionId });
    expect((await value('consultations.get', { id: saved.id })).transcript.steps.map((step) => step.kind)).toEqual(['query']);

    // After an answer, one undo rolls it back and is recorded; a second has nothing left.
    await value('consultation.respond', { sessionId, answers: [{ subject: 'Ada', relationship: 'lives in', object: 'Wales' }] });
    await value('consultation.undo', { sessionId });
    await value('consultation.undo', { sessionId });
    expect((await value('consultation.transcript', { sessionId })).steps.map((step) => step.kind)).toEqual(['query', 'respond', 'undo']);

    const fresh = await value('consultation.start', { environmentId: 'local', mapId });
    expect(await call('consultation.undo', { sessionId: fresh.sessionId })).toMatchObject({
      ok: false,
      error: { code: 'consultation/nothing-to-undo' },
    });
    expect((await value('consultation.transcript', { sessionId: fresh.sessionId })).steps).toEqual([]);
  });

  it('a session on a map the environment lacks names the map and the environment', async () => {
    const started = await call('consultation.start', { environmentId: 'local', mapId: UNKNOWN_MAP });
    expect(started).toMatchObject({
      ok: false,
      error: { code: 'maps/not-found', message: expect.stringContaining('Map 0192f3a4… is not in Local'), details: { mapId: UNKNOWN_MAP } },
    });
  });

  it('an unreachable host says so and what to check, not "fetch failed"', async () => {
    // Nothing listens there: a port freed from the kernel's ephemeral range could be taken by any
    // connection on the machine before the call (freePort picks below that range).
    const port = await freePort();
    const environment = await value('environments.save', {
      name: 'Closed port',
      kind: 'custom',
      baseUrl: `http://127.0.0.1:${port}`,
      defaultMapId: mapId,
    });
    const started = await call('consultation.start', { environmentId: environment.id });
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.code).toBe('engine/unreachable');
    expect(started.error.message).toContain(`Could not reach 127.0.0.1:${port}`);
    expect(started.error.message).toContain('connection was refused');
    expect(started.error.message).toContain('proxy');
    expect(started.error.message).not.toContain('fetch failed');
    expect(started.error.details).toMatchObject({ reason: 'refused', host: `127.0.0.1:${port}` });
  });

  it('evidence with a wrong key says the key was refused, not that it is missing', async () => {
    await value('maps.settings.set', { environmentId: 'local', mapId, version: 'draft', change: { evidenceSecured: true } });
    const { sessionId } = await value('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'draft' } });
    const reply = await value('consultation.query', { sessionId, query: { subject: 'Ada', relationship: 'speaks' } });
    expect('question' in reply).toBe(true);
    // The registry's own key opens it (Local's default); a key the user set, but wrong, is refused.
    keychain.values.set('local:evidence', 'not-the-key');
    const answered = await value('consultation.respond', {
      sessionId,
      answers: [{ subject: 'Ada', relationship: 'lives in', object: 'Wales' }],
    });
    const factId = 'question' in answered ? undefined : answered.result[0]?.factID;
    const evidence = await call('consultation.evidence', { sessionId, factId: factId ?? 'WA:RF:none' });
    keychain.values.delete('local:evidence');
    expect(evidence).toMatchObject({ ok: false, error: { code: 'evidence/locked', details: { keySent: true } } });
    if (evidence.ok) return;
    expect(evidence.error.message).toContain('refused the evidence key');
    expect(evidence.error.message).not.toContain('no evidence key is set');
  });
});

describe('cases: imports that check their maps and never duplicate, exports that read back', () => {
  it('warns about maps the chosen environment lacks, by ID', async () => {
    const imported = await value('cases.import', {
      text: bundle(aCase('Known map', mapId), aCase('Unknown map', UNKNOWN_MAP)),
      fileName: 'mixed.cases.json',
      environmentId: 'local',
    });
    expect(imported.stored).toBe(true);
    expect(imported.missingMaps).toEqual([{ mapId: UNKNOWN_MAP, caseNames: ['Unknown map'] }]);
    expect(imported.mapCheck).toEqual({ environmentName: 'Local', checked: true });
  });

  it('importing the same file twice asks first, then replaces in place or keeps both', async () => {
    const text = bundle(aCase('Twice A', mapId), aCase('Twice B', mapId));
    const first = await value('cases.import', { text, fileName: 'twice.cases.json' });
    expect(first.stored).toBe(true);
    const countOf = async () => (await value('cases.list', { text: 'Twice' })).cases.length;
    expect(await countOf()).toBe(2);

    const again = await value('cases.import', { text, fileName: 'twice.cases.json' });
    expect(again).toMatchObject({ stored: false, cases: [] });
    expect(again.duplicates.map((duplicate) => duplicate.name).sort()).toEqual(['Twice A', 'Twice B']);
    expect(await countOf()).toBe(2);

    const replaced = await value('cases.import', { text, fileName: 'twice.cases.json', onDuplicate: 'replace' });
    expect(replaced.cases.map((item) => item.id).sort()).toEqual(first.cases.map((item) => item.id).sort());
    expect(await countOf()).toBe(2);

    await value('cases.import', { text, fileName: 'twice.cases.json', onDuplicate: 'keep-both' });
    expect(await countOf()).toBe(4);
  });

  it('exports under a name that is unique to the selection and reads back', async () => {
    const all = await value('cases.export', {});
    expect(all.fileName).toBe('cases.json');
    const one = (await value('cases.list', { text: 'Known map' })).cases[0];
    const single = await value('cases.export', { caseIds: [one.id] });
    expect(single.fileName).toBe('Known-map.cases.json');
    const back = await value('cases.import', { text: single.text, fileName: single.fileName, onDuplicate: 'keep-both' });
    expect(back.cases.map((item) => [item.name, item.mapId])).toEqual([['Known map', mapId]]);
  });

  it('a case whose map is not in the target fails naming the map and the environment', async () => {
    const [unknown] = (await value('cases.list', { text: 'Unknown map' })).cases;
    const job = await finished(await value('cases.run', { caseIds: [unknown.id], target: { environmentId: 'local' } }));
    const details = await value('cases.runDetails', { runId: job.runId as string });
    expect(details.results[0]).toMatchObject({ status: 'error' });
    expect(JSON.stringify(details.results[0].observation.stop)).toContain('map 0192f3a4… is not in Local');
    expect(details.run.label).toBe('map 0192f3a4… on Local');
  });
});

describe('round trips: what Lapwing writes, Lapwing reads', () => {
  async function consult(): Promise<string> {
    const { sessionId } = await value('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'draft' } });
    await value('consultation.inject', { sessionId, facts: [{ subject: 'Ada', relationship: 'lives in', object: 'Wales' }] });
    await value('consultation.query', { sessionId, query: { subject: 'Ada', relationship: 'speaks' } });
    return sessionId;
  }

  it("the runner's log export imports into the Logs tab and becomes a case, with or without the engine's recording", async () => {
    await value('maps.settings.set', { environmentId: 'local', mapId, version: 'draft', change: { recordInteractions: false } });
    const sessionId = await consult();
    const exported = await value('consultation.exportLog', { sessionId });
    expect(exported.source).toBe('transcript');
    expect(exported.fileName).toMatch(/^interactions-[0-9a-f]{8}-\d{8}-\d{6}Z\.json$/);
    expect(exported.fileName).toContain(sessionId.replace(/-/g, '').slice(-8));
    const imported = await value('cases.logs.import', { text: exported.text, fileName: exported.fileName });
    expect(imported.skipped).toEqual([]);
    expect(imported.log).toMatchObject({ format: 'json', sessionId, entryCount: exported.entryCount });
    const made = await value('cases.logs.toCase', { logId: imported.log.id, name: 'From the exported log', mapId });
    expect(made.case.mapId).toBe(mapId);

    // With recording on, the engine's own log is exported, and it reads back the same way.
    await value('maps.settings.set', { environmentId: 'local', mapId, version: 'draft', change: { recordInteractions: true } });
    const recorded = await consult();
    const fromEngine = await value('consultation.exportLog', { sessionId: recorded });
    expect(fromEngine.source).toBe('engine');
    const again = await value('cases.logs.import', { text: fromEngine.text, fileName: fromEngine.fileName });
    expect(again.log).toMatchObject({ sessionId: recorded, entryCount: fromEngine.entryCount });
    expect(fromEngine.fileName).not.toBe(exported.fileName);
  });

  it('a saved consultation becomes a test case; without a name it is named after its query, and says so', async () => {
    const sessionId = await consult();
    const saved = await value('consultations.save', { sessionId });
    const named = await value('cases.fromConsultation', { consultationId: saved.id, name: 'Ada speaks' });
    expect(named).toMatchObject({ case: { name: 'Ada speaks', mapId }, nameDerived: false });
    const unnamed = await value('cases.fromConsultation', { consultationId: saved.id, name: '   ' });
    expect(unnamed).toMatchObject({ case: { name: saved.title, mapId }, nameDerived: true });
    expect(saved.title).toContain('speaks');
  });

  it("a saved consultation's log exports and imports again", async () => {
    const sessionId = await consult();
    const saved = await value('consultations.save', { sessionId });
    const exported = await value('consultations.exportLog', { id: saved.id });
    expect(exported.source).toBe('transcript');
    const imported = await value('cases.logs.import', { text: exported.text, fileName: exported.fileName });
    expect(imported.log).toMatchObject({ sessionId, entryCount: exported.entryCount });
    expect(await call('consultations.exportLog', { id: 'no-such-consultation' })).toMatchObject({
      ok: false,
      error: { code: 'consultations/not-found' },
    });
  });
});
