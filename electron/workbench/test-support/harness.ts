// Builds a workbench over fakes and a real on-disk SQLite store in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkbench, type Workbench, type WorkbenchOptions } from '../create-workbench';
import { callsOn, type Calls } from './calls';
import { FakeDecisionApi, FakeKeychain, fakeLoadMap, fakeLocalEngine } from './fakes';

export interface Harness extends Pick<Calls, 'call' | 'value'> {
  readonly workbench: Workbench;
  readonly keychain: FakeKeychain;
  readonly api: FakeDecisionApi;
  readonly dataDir: string;
  readonly bugs: unknown[];
  readonly engineDisposed: { value: boolean };
  dispose(): Promise<void>;
}

export async function createHarness(overrides: Partial<WorkbenchOptions> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-workbench-'));
  const keychain = new FakeKeychain();
  const api = new FakeDecisionApi();
  const bugs: unknown[] = [];
  const engineDisposed = { value: false };
  const workbench = await createWorkbench({
    dataDir,
    keychain,
    mode: 'browser',
    api,
    localEngine: async () => fakeLocalEngine(engineDisposed),
    mapsDir: join(dataDir, 'no-maps'),
    loadMap: fakeLoadMap,
    appVersion: '0.1.0-test',
    logBug: (_method, error) => bugs.push(error),
    ...overrides,
  });
  const { call, value } = callsOn(() => workbench);
  return {
    workbench,
    keychain,
    api,
    dataDir,
    bugs,
    engineDisposed,
    call,
    value,
    async dispose() {
      await workbench.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
