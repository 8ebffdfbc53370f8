/**
 * Draft checks off the main thread: a large text prepared through the server's map loader (its
 * worker thread) is checked without loading it again in this thread, with the same diagnostics;
 * and a large import through the workbench's handler gives the diagnostics an in-thread check gives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../common/ipc';
import * as engine from '../engine';
import { defaultMapLoader, WORKER_THRESHOLD_CHARS } from '../server';
import type { Workbench } from './create-workbench';
import { createDefaultWorkbench } from './defaults';
import { DraftChecks } from './services/maps/draft-checks';
import { FakeKeychain } from './test-support/fakes';

/** A map over the worker threshold: many instances, and one concept of a type that does not exist (an error at line 4). */
function largeMap(): string {
  const instances: string[] = [];
  for (let index = 0; instances.join('\n').length < WORKER_THRESHOLD_CHARS + 10_000; index += 1)
    instances.push(`  <concinst name="Country ${index}" type="Country"/>`);
  return `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="Country" type="string"/>
  <concept name="Language" type="strng"/>
${instances.join('\n')}
</rbl:kb>
`;
}

describe('draft checks', () => {
  const text = largeMap();

  it('take a text prepared off the main thread instead of loading it here, with the same diagnostics', async () => {
    let loadsHere = 0;
    const countingLoad: typeof engine.loadMap = (source, options) => {
      loadsHere += 1;
      return engine.loadMap(source, options);
    };
    const offThread = new DraftChecks(countingLoad, 256, defaultMapLoader(engine));
    await offThread.prepare(text, 'large.rbl');
    const prepared = offThread.checkText(text, 'large.rbl');
    expect(loadsHere).toBe(0);

    const inThread = new DraftChecks(engine.loadMap).checkText(text, 'large.rbl');
    expect(prepared).toEqual(inThread);
    expect(prepared.draft).toMatchObject({ state: 'errors', errors: 1 });

    // A prepared result is used once; a text not prepared is loaded here.
    offThread.checkText(text, 'large.rbl');
    expect(loadsHere).toBe(1);
  });

  it('leave small texts to the check itself (they load here in a few milliseconds)', async () => {
    let loadsHere = 0;
    const countingLoad: typeof engine.loadMap = (source, options) => {
      loadsHere += 1;
      return engine.loadMap(source, options);
    };
    const checks = new DraftChecks(countingLoad, 256, defaultMapLoader(engine));
    const small = '<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang"><concept name="A" type="string"/></rbl:kb>';
    await checks.prepare(small);
    expect(checks.checkSource(7, small).draft.state).toBe('ok');
    expect(loadsHere).toBe(1);
    expect(checks.checked(7)).toBe(true);
  });
});

describe('maps.import of a large map', () => {
  const appRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-large-import-'));
  let workbench: Workbench | undefined;
  afterAll(async () => {
    await workbench?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the same diagnostics as a check in this thread, and imports it as a draft', async () => {
    workbench = await createDefaultWorkbench({ dataDir, appRoot, mode: 'browser', keychain: new FakeKeychain() });
    const text = largeMap();
    const expected = new DraftChecks(engine.loadMap).checkText(text, 'large.rbl');
    const imported = await workbench.dispatch('maps.import', { environmentId: 'local', text, fileName: 'large.rbl', name: 'Large' });
    if (!imported.ok) throw new Error(imported.error.message);
    const value = imported.value as MethodOutput<'maps.import'>;
    expect(value.diagnostics).toEqual(expected.diagnostics);
    expect(value.map?.draft).toMatchObject({ state: 'errors', errors: 1 });

    // The listing checks the stored draft (prepared off the main thread first): the same state.
    const listed = await workbench.dispatch('maps.list', { environmentId: 'local' });
    if (!listed.ok) throw new Error(listed.error.message);
    const maps = (listed.value as MethodOutput<'maps.list'>).maps;
    expect(maps.find((map) => map.id === value.map?.id)?.draft).toMatchObject({ state: 'errors', errors: 1 });
  }, 120_000);
});
