import { describe, expect, it } from 'vitest';
import { checkText } from './check';
import type { CheckRequest, CheckResult } from './checkProtocol';
import { MapChecker } from './mapChecker';
import type { WorkerLike } from './mapChecker';
import { TEST_MAP } from './testMap';

/** A worker that answers when the test says so, with the real check of the text. */
class ManualWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<CheckResult>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: CheckRequest[] = [];
  terminated = false;
  postMessage(message: CheckRequest): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(): void {
    const request = this.received.shift();
    if (request && !this.terminated) this.onmessage?.({ data: checkText(request) } as MessageEvent<CheckResult>);
  }
}

function setup() {
  const workers: ManualWorker[] = [];
  const results: CheckResult[] = [];
  const checker = new MapChecker(
    () => {
      const worker = new ManualWorker();
      workers.push(worker);
      return worker;
    },
    (result) => results.push(result),
  );
  return { workers, results, checker };
}

describe('MapChecker', () => {
  it('delivers the loader’s diagnostics and the index of the text', () => {
    const { workers, results, checker } = setup();
    checker.request(TEST_MAP.replace('type="speaks" cf="80"', 'type="speeks" cf="80"'));
    workers[0].answer();
    expect(results).toHaveLength(1);
    expect(results[0].diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.message.includes('speeks'))).toBe(true);
    expect(results[0].index.rules).toHaveLength(2);
  });

  it('cancels a load that is overtaken: the busy worker is terminated and the newest text goes to the spare', () => {
    const { workers, results, checker } = setup();
    checker.request('<rbl:kb>');
    checker.request(TEST_MAP);
    expect(workers[0].terminated).toBe(true);
    expect(workers[1].received.map((request) => request.id)).toEqual([2]);
    expect(checker.cancelled).toBe(1);
    workers[1].answer();
    expect(results.map((result) => result.id)).toEqual([2]);
    expect(results[0].diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    // A fresh spare is ready for the next overtaken load.
    expect(workers).toHaveLength(3);
  });

  it('sends the next text to the same worker once it is idle, and drops results after dispose', () => {
    const { workers, results, checker } = setup();
    checker.request('<rbl:kb/>');
    workers[0].answer();
    checker.request(TEST_MAP);
    expect(workers[0].received.map((request) => request.id)).toEqual([2]);
    checker.dispose();
    workers[0].terminated = false;
    workers[0].answer();
    expect(results.map((result) => result.id)).toEqual([1]);
  });
});
