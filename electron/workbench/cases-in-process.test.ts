/**
 * Case runs on the Local environment go in-process, through the embedded server's decision
 * functions (the ones its HTTP routes call), and give what the cases expect.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCaseDocument } from '../cases/core';
import { adaCase, brunoCase } from '../cases/test-support/language-cases';
import type { MethodInput, MethodName, MethodOutput, Result } from '../common/ipc';
import { loadMap } from '../engine';
import { createWorkbench, type Workbench } from './create-workbench';
import type { LocalEngineFactory } from './ports/local-engine';
import { ClientDecisionApi } from './ports/client-decision-api';
import { startEmbeddedEngine } from './ports/embedded-engine';
import { FakeKeychain } from './test-support/fakes';

const mapsDir = fileURLToPath(new URL('../cases/test-support/maps', import.meta.url));
let dataDir: string;
let workbench: Workbench;
/** Calls that reached the embedded server's decision functions directly. */
const inProcessCalls: string[] = [];

/** The real embedded engine, with its decision functions counted as they are called. */
const countingEngine: LocalEngineFactory = async (options) => {
  const engine = await startEmbeddedEngine(options);
  const decisions = engine.decisions;
  if (!decisions) throw new Error('the embedded engine offers no decision functions');
  const counted: typeof decisions = {
    start: (...args) => (inProcessCalls.push('start'), decisions.start(...args)),
    inject: (...args) => (inProcessCalls.push('inject'), decisions.inject(...args)),
    query: (...args) => (inProcessCalls.push('query'), decisions.query(...args)),
    respond: (...args) => (inProcessCalls.push('respond'), decisions.respond(...args)),
    evidence: (...args) => (inProcessCalls.push('evidence'), decisions.evidence(...args)),
  };
  return Object.assign(Object.create(Object.getPrototypeOf(engine) as object) as typeof engine, engine, { decisions: counted });
};

async function value<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = (await workbench.dispatch(method, input)) as Result<MethodOutput<M>>;
  if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-workbench-in-process-'));
  workbench = await createWorkbench({
    dataDir,
    keychain: new FakeKeychain(),
    mode: 'browser',
    api: new ClientDecisionApi(),
    localEngine: countingEngine,
    mapsDir,
    loadMap,
    appVersion: '0.1.0-test',
  });
}, 60_000);
afterAll(async () => {
  await workbench?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('case runs on the Local environment', () => {
  it('replay in-process, with the answers and evidence the cases expect', async () => {
    const mapId = (await value('maps.list', { environmentId: 'local' })).maps[0]?.id as string;
    const imported = await value('cases.import', {
      text: writeCaseDocument(adaCase(mapId)),
      fileName: 'ada.case.json',
    });
    const second = await value('cases.import', { text: writeCaseDocument(brunoCase(mapId)), fileName: 'bruno.case.json' });
    const caseIds = [...imported.cases, ...second.cases].map((item) => item.id);
    let job = await value('cases.run', { caseIds, target: { environmentId: 'local', versionPolicy: { kind: 'live' } } });
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await value('cases.job', { jobId: job.jobId });
    }
    expect(job).toMatchObject({ state: 'finished', passed: 2 });
    // Two sessions started in-process, and Ada's evidence (derived-by-rule) was read in-process too.
    expect(inProcessCalls.filter((call) => call === 'start')).toHaveLength(2);
    expect(inProcessCalls).toContain('evidence');
  }, 60_000);
});
