/**
 * Regression cases in the workbench, against the real embedded engine with the cases' fixture map:
 * save a consultation as a case, publish a version with a changed rule, compare, see the
 * regression and its evidence diff, re-baseline; imports, logs and bad documents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languagesMap } from '../cases/test-support/server';
import { fixtureText } from '../cases/test-support/builders';
import { loadMap } from '../engine';
import { MapRegistry, openServerDatabase, serverDatabaseFile } from '../server';
import { createWorkbench, type Workbench } from './create-workbench';
import { ClientDecisionApi } from './ports/client-decision-api';
import { startEmbeddedEngine } from './ports/embedded-engine';
import { FakeKeychain } from './test-support/fakes';
import { callsOn } from './test-support/calls';
import { exportFileName } from './services/cases/case-service';

const mapsDir = fileURLToPath(new URL('../cases/test-support/maps', import.meta.url));
let dataDir: string;
let workbench: Workbench;
const { call, value, finished } = callsOn(() => workbench);
let mapId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-workbench-cases-'));
  workbench = await createWorkbench({
    dataDir,
    keychain: new FakeKeychain(),
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

describe('regression cases in the workbench', () => {
  let caseId: string;
  let sessionId: string;

  it('saves a consultation as a case with the expectations filled in from what happened', async () => {
    ({ sessionId } = await value('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'live' } }));
    await value('consultation.query', { sessionId, query: { subject: 'Ada', relationship: 'speaks' } });
    await value('consultation.respond', {
      sessionId,
      answers: [{ subject: 'Ada', relationship: 'lives in', object: 'Wales', certainty: 90 }],
    });
    await value('consultation.respond', { sessionId, answers: [{ subject: 'Ada', relationship: 'has lived in', object: 'England' }] });
    // A wrong answer, undone: the case must not keep it.
    await value('consultation.undo', { sessionId });
    await value('consultation.respond', { sessionId, answers: [{ subject: 'Ada', relationship: 'has lived in', object: 'France' }] });
    await value('consultation.respond', {
      sessionId,
      answers: [{ subject: 'Ada', relationship: 'took lessons in', object: 'French', answer: 'yes' }],
    });
    const saved = await value('cases.fromConsultation', { sessionId, name: 'Ada speaks', suite: 'Smoke' });
    expect(saved.notes).toEqual([]);
    caseId = saved.case.id;
    const { document } = await value('cases.get', { id: caseId });
    const testCase = JSON.parse(document) as {
      answers: { reply: { values?: { value: string }[] } }[];
      expect: { results: { items: { object: string; certainty: number }[] }; questions: { order: string } };
    };
    expect(testCase.answers[1].reply.values?.[0].value).toBe('France');
    expect(testCase.expect.results.items.map((item) => [item.object, item.certainty])).toEqual([
      ['French', 90],
      ['Welsh', 76],
      ['English', 76],
    ]);
    expect(testCase.expect.questions.order).toBe('strict');
    expect((await value('cases.list', {})).suites).toEqual([{ name: 'Smoke', description: '', caseCount: 1 }]);
  });

  it('compares live with a new version whose rule changed: the regression, its evidence diff, then a re-baseline', async () => {
    // Publish version 2 with a weaker "Language of home" rule, as `lapwing map` would, beside the running app.
    const db = openServerDatabase(serverDatabaseFile(dataDir));
    const registry = new MapRegistry(db);
    registry.updateDraft(mapId, languagesMap(60));
    registry.publish(mapId);
    db.close();

    const job = await finished(
      await value('cases.compare', {
        caseIds: [caseId],
        before: { environmentId: 'local', versionPolicy: { kind: 'live' } },
        after: { environmentId: 'local', versionPolicy: { kind: 'version', version: 2 } },
      }),
    );
    expect(job).toMatchObject({ state: 'finished', done: 2, total: 2 });
    const details = await value('cases.runDetails', { runId: job.runId as string });
    expect(details.run).toMatchObject({
      kind: 'compare',
      label: 'languages: Local live → Local version 2',
      summary: { counts: { regressed: 1 } },
    });
    const [comparison] = details.comparisons;
    expect(comparison.change).toBe('regressed');
    expect(comparison.results.changed.map((change) => [change.after.object, change.delta])).toEqual([
      ['Welsh', -19],
      ['English', -19],
    ]);
    expect(comparison.evidence[0].nodes[0]).toMatchObject({
      status: 'changed',
      before: { ruleMaxCertainty: 80 },
      after: { ruleMaxCertainty: 60 },
    });

    const preview = await value('cases.rebaseline', { runId: job.runId as string });
    expect(preview.applied).toBe(false);
    expect(preview.items[0].changes.map((change) => change.message)).toEqual([
      'Ada · speaks · Welsh: 76% → 57%',
      'Ada · speaks · English: 76% → 57%',
    ]);
    expect(JSON.parse((await value('cases.get', { id: caseId })).document).expect.results.items[1].certainty).toBe(76);
    expect((await value('cases.rebaseline', { runId: job.runId as string, apply: true })).applied).toBe(true);

    const rerun = await finished(
      await value('cases.run', { caseIds: [caseId], target: { environmentId: 'local', versionPolicy: { kind: 'version', version: 2 } } }),
    );
    expect(rerun).toMatchObject({ state: 'finished', passed: 1 });
    const history = await value('cases.history', { caseId });
    expect(history.points.map((point) => [point.target, point.status])).toEqual([
      ['Local version 2', 'passed'],
      ['Local version 2', 'failed'],
      ['Local live', 'passed'],
    ]);
    const coverage = await value('cases.coverage', { runId: rerun.runId as string });
    expect(coverage.coverage.totals.rules).toEqual({ covered: 2, total: 2 });
    expect(coverage.versionPolicy).toEqual({ kind: 'version', version: 2 });
    const caseName = (JSON.parse((await value('cases.get', { id: caseId })).document) as { name: string }).name;
    expect(coverage.exercisedBy.rules['Language of home']).toEqual([caseName]);
  });

  it('imports logs exported from a deployment and turns them into cases', async () => {
    const { entries } = await value('consultation.interactions', { sessionId });
    const imported = await value('cases.logs.import', { text: JSON.stringify(entries), fileName: 'ada.json' });
    expect(imported.log).toMatchObject({ format: 'json', sessionId });
    const { notes } = await value('cases.logs.toCase', { logId: imported.log.id, name: 'Ada from the log', mapId });
    // The log also holds the undone answer; only the answers that stood become the case's.
    expect(notes).toEqual([]);
    const bad = await call('cases.logs.import', { text: '[{"event": "start"', fileName: 'broken.json' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'cases/not-json', details: { line: 1, file: 'broken.json' } } });
    expect((await value('cases.logs.list', {})).logs).toHaveLength(1);
  });

  it('refuses bad documents and files with their place, storing nothing', async () => {
    const before = (await value('cases.list', {})).cases.length;
    const saved = await call('cases.save', {
      document: '{\n  "formatVersion": 1,\n  "name": "x",\n  "target": {"mapId": "m"},\n  "query": {"relationship": 3}\n}',
    });
    expect(saved).toMatchObject({ ok: false, error: { code: 'cases/invalid', details: { path: '$.query.relationship', line: 5 } } });
    const studio = await call('cases.import', { text: fixtureText('studio-suite.json'), fileName: 'suite.json' });
    expect(studio).toMatchObject({ ok: false, error: { code: 'cases/invalid' } });
    expect((await value('cases.list', {})).cases).toHaveLength(before);
    const imported = await value('cases.import', {
      text: fixtureText('studio-suite.json'),
      fileName: 'suite.json',
      mapId,
      suite: 'Studio',
    });
    expect(imported.cases).toHaveLength(2);
    expect(imported.notCarried.length).toBeGreaterThan(0);
    const exported = await value('cases.export', { suite: 'Studio' });
    expect(exported).toMatchObject({ fileName: 'Studio.cases.json', count: 2 });
    expect((await value('cases.retention', { keepRuns: 10 })).keepRuns).toBe(10);
  });
});

describe('case bundle file names', () => {
  it('name the suite or case once, never "cases.cases.json"', () => {
    expect(exportFileName('Studio', [])).toBe('Studio.cases.json');
    expect(exportFileName(undefined, [])).toBe('cases.json');
    expect(exportFileName('cases', [])).toBe('cases.json');
    expect(exportFileName('Studio cases', [])).toBe('Studio.cases.json');
    expect(exportFileName('Ada / speaks French', [])).toBe('Ada-speaks-French.cases.json');
    expect(exportFileName('showcases', [])).toBe('showcases.cases.json');
  });
});
