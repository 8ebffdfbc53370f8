import { describe, expect, it } from 'vitest';
import { checkDiagnostics, checkIndex, pack } from './check';
import type { CheckMessage, CheckRequest, DiagnosticsMessage, IndexMessage } from './check-protocol';
import { MapChecker } from './map-checker';
import type { WorkerLike } from './map-checker';
import { TEST_MAP } from './test-map';

/**
 * A worker that behaves like diagnostics.worker.ts (coalescing its queue, diagnostics then index)
 * but runs when the test says so.
 */
class ManualWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<CheckMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly queue: CheckRequest[] = [];
  readonly loaded: number[] = [];
  terminated = false;
  postMessage(message: CheckRequest): void {
    this.queue.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  private send(message: CheckMessage): void {
    this.onmessage?.({ data: message } as MessageEvent<CheckMessage>);
  }
  /** Processes what was posted: the first request was started when it arrived; of the rest, only the newest is loaded. */
  run(): void {
    const [started, ...waiting] = this.queue.splice(0);
    const newest = waiting[waiting.length - 1];
    for (const request of started ? [started, ...waiting] : []) {
      if (request !== started && request !== newest) {
        this.send({ kind: 'index', id: request.id, index: null, indexMs: 0 });
        continue;
      }
      this.loaded.push(request.id);
      this.send(checkDiagnostics(request));
      this.send(pack(checkIndex(request)));
    }
  }
}

function setup() {
  const workers: ManualWorker[] = [];
  const diagnostics: DiagnosticsMessage[] = [];
  const indexes: IndexMessage[] = [];
  const checker = new MapChecker(
    () => {
      const worker = new ManualWorker();
      workers.push(worker);
      return worker;
    },
    { diagnostics: (message) => diagnostics.push(message), index: (message) => indexes.push(message) },
  );
  return { workers, diagnostics, indexes, checker };
}

describe('MapChecker', () => {
  it('delivers the loader’s diagnostics, then the index of the text', () => {
    const { workers, diagnostics, indexes, checker } = setup();
    checker.request(TEST_MAP.replace('type="speaks" cf="80"', 'type="speeks" cf="80"'));
    workers[0].run();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.message.includes('speeks'))).toBe(
      true,
    );
    expect(indexes[0].index?.rules).toHaveLength(2);
    // The sites crossed packed and arrive as they were indexed.
    expect(indexes[0].index?.sites).toEqual(
      checkIndex({ id: 1, text: TEST_MAP.replace('type="speaks" cf="80"', 'type="speeks" cf="80"') }).index?.sites,
    );
  });

  it('sends a text typed during a load to the idle warm worker, and drops the overtaken result', () => {
    const { workers, diagnostics, checker } = setup();
    checker.request('<rbl:kb>');
    checker.request(TEST_MAP);
    expect(workers.map((worker) => worker.queue.map((request) => request.id))).toEqual([[1], [2]]);
    workers[1].run();
    workers[0].run();
    expect(diagnostics.map((message) => message.id)).toEqual([2]);
    expect(workers.some((worker) => worker.terminated)).toBe(false);
  });

  it('when every worker is busy, queues the newest text where one is already queued, so stale texts are never loaded', () => {
    const { workers, diagnostics, indexes, checker } = setup();
    checker.request('<rbl:kb>');
    checker.request('<rbl:kb><');
    checker.request('<rbl:kb><c');
    checker.request('<rbl:kb><co');
    checker.request(TEST_MAP);
    expect(checker.queued).toBe(3);
    for (const worker of workers) worker.run();
    expect(workers.flatMap((worker) => worker.loaded).sort()).toEqual([1, 2, 5]);
    expect(diagnostics.map((message) => message.id)).toEqual([5]);
    expect(indexes.map((message) => message.id)).toEqual([5]);
    // Every worker is idle again: the next text goes straight to one.
    checker.request(TEST_MAP);
    expect(checker.queued).toBe(3);
  });

  it('delivers nothing after dispose', () => {
    const { workers, diagnostics, checker } = setup();
    checker.request(TEST_MAP);
    checker.dispose();
    workers[0].run();
    expect(diagnostics).toEqual([]);
    expect(workers.every((worker) => worker.terminated)).toBe(true);
  });
});
