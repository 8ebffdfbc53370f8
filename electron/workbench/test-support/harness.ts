// Builds a workbench over fakes and a real on-disk SQLite store in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MethodInput, MethodName, MethodOutput, Result } from '../../common/ipc';
import { createWorkbench, type Workbench, type WorkbenchOptions } from '../createWorkbench';
import { FakeDecisionApi, FakeKeychain, fakeLoadMap, fakeLocalEngine } from './fakes';

export interface Harness {
  readonly workbench: Workbench;
  readonly keychain: FakeKeychain;
  readonly api: FakeDecisionApi;
  readonly dataDir: string;
  readonly bugs: unknown[];
  readonly engineDisposed: { value: boolean };
  /** Typed call through the dispatcher (the same path both transports take). */
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  /** The value of a call that must succeed. */
  value<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
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
  const call = <M extends MethodName>(method: M, input: MethodInput<M>) =>
    workbench.dispatch(method, input) as Promise<Result<MethodOutput<M>>>;
  return {
    workbench,
    keychain,
    api,
    dataDir,
    bugs,
    engineDisposed,
    call,
    async value(method, input) {
      const result = await call(method, input);
      if (!result.ok) throw new Error(`${method} failed: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
    async dispose() {
      await workbench.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
