/**
 * The map loop against the real embedded engine and registry: import with a preview, a draft with
 * errors (no session, no publish), fix and publish with a note, change a rule in the draft, diff
 * it against version 1 with the cases it touches, and run those cases draft against version 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languagesMap } from '../cases/test-support/server';
import { loadMap } from '../engine';
import { createWorkbench, type Workbench } from './create-workbench';
import { ClientDecisionApi } from './ports/client-decision-api';
import { startEmbeddedEngine } from './ports/embedded-engine';
import { FakeKeychain } from './test-support/fakes';
import { callsOn } from './test-support/calls';

let dataDir: string;
let workbench: Workbench;
const { call, value, finished } = callsOn(() => workbench);

/** The fixture with a rule concluding a relationship the map never declares. */
const broken = languagesMap().replace('<relinst type="speaks" cf="80"', '<relinst type="speeks" cf="80"');
const brokenLine =
  languagesMap()
    .split('\n')
    .findIndex((line) => line.includes('<relinst type="speaks" cf="80"')) + 1;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-workbench-maps-'));
  workbench = await createWorkbench({
    dataDir,
    keychain: new FakeKeychain(),
    mode: 'browser',
    api: new ClientDecisionApi(),
    localEngine: startEmbeddedEngine,
    mapsDir: join(dataDir, 'none'),
    loadMap,
    appVersion: '0.1.0-test',
  });
});
afterAll(async () => {
  await workbench?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the map loop in the workbench', () => {
  let mapId: string;
  let caseId: string;

  it('previews an import without saving anything, then imports a map with errors as a draft', async () => {
    const generation = (await value('maps.changes', {})).generation;
    const preview = await value('maps.import', { text: broken, fileName: 'languages.rbl', preview: true });
    expect(preview.map).toBeUndefined();
    expect(preview.name).toBe('languages');
    expect(preview.draft).toMatchObject({ state: 'errors', errors: 1 });
    expect(preview.diagnostics).toContainEqual(
      expect.objectContaining({ severity: 'error', line: brokenLine, message: expect.stringContaining('speeks') }),
    );
    expect((await value('maps.list', { environmentId: 'local' })).maps).toEqual([]);
    expect((await value('maps.changes', {})).generation).toBe(generation);

    const imported = await value('maps.import', {
      text: broken,
      fileName: 'languages.rbl',
      name: 'Languages',
      description: 'who speaks what',
    });
    mapId = imported.map?.id ?? '';
    expect(imported.map).toMatchObject({
      name: 'Languages',
      description: 'who speaks what',
      versions: [],
      liveVersion: null,
      draft: { state: 'errors', errors: 1 },
    });
    expect((await value('maps.changes', {})).generation).not.toBe(generation);
    expect((await value('maps.list', { environmentId: 'local' })).maps).toEqual([
      expect.objectContaining({ id: mapId, draft: expect.objectContaining({ state: 'errors' }) }),
    ]);
  });

  it('refuses to publish the draft or start a session on it, naming the error', async () => {
    const published = await call('maps.publish', { mapId, note: 'too early' });
    expect(published).toMatchObject({
      ok: false,
      error: { code: 'maps/draft-has-errors', message: expect.stringContaining(`line ${brokenLine}`) },
    });
    const started = await call('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'draft' } });
    expect(started).toMatchObject({ ok: false, error: { code: 'maps/draft-has-errors', message: expect.stringContaining('speeks') } });
    // `live` with no live version starts on the draft: refused too.
    expect(await call('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'live' } })).toMatchObject({
      ok: false,
      error: { code: 'maps/draft-has-errors' },
    });
    expect((await value('maps.list', { environmentId: 'local' })).maps[0]?.versions).toEqual([]);
  });

  it('saves a fixed draft, publishes it as version 1 with a note, and makes it live', async () => {
    const saved = await value('maps.saveDraft', { mapId, rblang: languagesMap() });
    expect(saved.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(saved.map.draft?.state).not.toBe('errors');
    expect(saved.wroteFile).toBeUndefined();
    const { version, map } = await value('maps.publish', { mapId, note: 'first cut', live: true });
    expect(version).toMatchObject({ number: 1, note: 'first cut', live: true });
    expect(map.liveVersion).toBe(1);
    const got = await value('maps.get', { environmentId: 'local', mapId, versionPolicy: { kind: 'version', version: 1 } });
    expect(got.rblang).toBe(languagesMap());
  });

  it('saves a case from a consultation on version 1 and runs it (its coverage feeds the impact)', async () => {
    const { sessionId } = await value('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'live' } });
    await value('consultation.query', { sessionId, query: { subject: 'Ada', relationship: 'speaks' } });
    await value('consultation.respond', {
      sessionId,
      answers: [{ subject: 'Ada', relationship: 'lives in', object: 'Wales', certainty: 100 }],
    });
    await value('consultation.respond', { sessionId, answers: [{ subject: 'Ada', relationship: 'has lived in', object: 'France' }] });
    await value('consultation.respond', {
      sessionId,
      answers: [{ subject: 'Ada', relationship: 'took lessons in', object: 'French', answer: 'no' }],
    });
    caseId = (await value('cases.fromConsultation', { sessionId, name: 'Ada at home' })).case.id;
    const job = await finished(
      await value('cases.run', {
        caseIds: [caseId],
        target: { environmentId: 'local', mapId, versionPolicy: { kind: 'version', version: 1 } },
      }),
    );
    expect(job).toMatchObject({ state: 'finished', passed: 1 });
  });

  it('diffs the draft against version 1 by meaning, names the changed rule and the case it touches, and runs that case draft against version 1', async () => {
    await value('maps.saveDraft', { mapId, rblang: languagesMap(60) });
    const diff = await value('maps.diff', { before: { kind: 'version', mapId, version: 1 }, after: { kind: 'draft', mapId } });
    expect(diff.report.same).toBe(false);
    expect(diff.report.entries).toEqual([
      expect.objectContaining({
        kind: 'rule',
        status: 'changed',
        label: 'rule "Language of home" (speaks)',
        changes: [expect.objectContaining({ path: 'certainty', before: 80, after: 60 })],
      }),
    ]);
    expect(diff.before).toEqual({ label: 'Languages version 1', text: languagesMap() });
    expect(diff.after.label).toBe('Languages draft');
    expect(diff.impact).toMatchObject({ caseIds: [caseId], cases: [{ id: caseId, name: 'Ada at home' }], unassessed: 0 });
    expect(diff.impact?.byEntry).toEqual([{ key: diff.report.entries[0]?.key, caseIds: [caseId] }]);
    expect(diff.runTargets).toEqual({
      before: { environmentId: 'local', mapId, versionPolicy: { kind: 'version', version: 1 } },
      after: { environmentId: 'local', mapId, versionPolicy: { kind: 'draft' } },
    });

    const targets = diff.runTargets as NonNullable<typeof diff.runTargets>;
    const job = await finished(
      await value('cases.compare', { caseIds: diff.impact?.caseIds, before: targets.before, after: targets.after }),
    );
    expect(job).toMatchObject({ state: 'finished', total: 2 });
    const details = await value('cases.runDetails', { runId: job.runId as string });
    expect(details.comparisons[0]).toMatchObject({ change: 'regressed' });
  });

  it('refuses to run cases on a draft with errors, naming them, before any session starts', async () => {
    await value('maps.saveDraft', { mapId, rblang: broken });
    const refused = await call('cases.compare', {
      caseIds: [caseId],
      before: { environmentId: 'local', mapId, versionPolicy: { kind: 'version', version: 1 } },
      after: { environmentId: 'local', mapId, versionPolicy: { kind: 'draft' } },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'maps/draft-has-errors', message: expect.stringContaining('speeks') } });
    // Version 1 has no errors: its run goes ahead.
    expect(
      await finished(
        await value('cases.run', {
          caseIds: [caseId],
          target: { environmentId: 'local', mapId, versionPolicy: { kind: 'version', version: 1 } },
        }),
      ),
    ).toMatchObject({ state: 'finished', passed: 1 });
  });

  it('makes no version live, reverts the draft to version 1, and keeps per-version settings apart', async () => {
    expect((await value('maps.makeLive', { mapId, version: null })).map.liveVersion).toBeNull();
    expect(await call('maps.makeLive', { mapId, version: 7 })).toMatchObject({ ok: false, error: { code: 'maps/version-not-found' } });
    const reverted = await value('maps.revertDraft', { mapId, version: 1 });
    expect((await value('maps.get', { environmentId: 'local', mapId })).rblang).toBe(languagesMap());
    expect(reverted.map.draft?.state).not.toBe('errors');
    expect(
      (await value('maps.diff', { before: { kind: 'version', mapId, version: 1 }, after: { kind: 'draft', mapId } })).report.same,
    ).toBe(true);

    const draft = await value('maps.settings.get', { mapId, version: 'draft' });
    const changed = await value('maps.settings.set', {
      mapId,
      version: 1,
      change: { recordInteractions: !draft.recordInteractions, evidenceSecured: false },
    });
    expect(changed).toMatchObject({ recordInteractions: !draft.recordInteractions, evidenceSecured: false });
    expect(await value('maps.settings.get', { mapId, version: 'draft' })).toEqual(draft);
    expect(await call('maps.settings.get', { mapId, version: 9 })).toMatchObject({ ok: false, error: { code: 'maps/version-not-found' } });
  });

  it('answers bad diff sides and unknown maps as errors that say which side and why', async () => {
    const missing = join(dataDir, 'no-such.rbl');
    expect(await call('maps.diff', { before: { kind: 'file', path: missing }, after: { kind: 'draft', mapId } })).toMatchObject({
      ok: false,
      error: { code: 'maps/diff-side-invalid', message: expect.stringContaining(missing) },
    });
    expect(await call('maps.diff', { before: { kind: 'draft', mapId }, after: { kind: 'version', mapId, version: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'maps/diff-side-invalid', message: expect.stringMatching(/after side.*version 5/) },
    });
    const pasted = await value('maps.diff', { before: { kind: 'draft', mapId }, after: { kind: 'text', text: broken, label: 'pasted' } });
    expect(pasted.report.problems).toEqual([expect.objectContaining({ side: 'after', line: brokenLine })]);
    expect(pasted.runTargets).toBeUndefined();
    expect(await call('maps.saveDraft', { mapId: 'nope', rblang: '<x/>' })).toMatchObject({ ok: false, error: { code: 'maps/not-found' } });
    expect(await call('maps.publish', { mapId: 'nope' })).toMatchObject({ ok: false, error: { code: 'maps/not-found' } });
    const remote = (await value('environments.list', {})).environments.find((environment) => environment.kind !== 'local');
    expect(await call('maps.saveDraft', { environmentId: remote?.id ?? 'community', mapId, rblang: '<x/>' })).toMatchObject({
      ok: false,
      error: { code: 'maps/not-listable' },
    });
  });
});
