/**
 * Runs the diagnostics worker for an editor: the newest text wins. A text sent while the worker is
 * still loading an older one cancels that load: the busy worker is terminated and the text goes to
 * a warm spare (so no stale load delays the markers of what the user typed last), and results of
 * superseded requests are dropped.
 */
import type { CheckRequest, CheckResult } from './checkProtocol';

/** What the checker needs of a Worker (a fake in tests). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<CheckResult>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: CheckRequest): void;
  terminate(): void;
}

export class MapChecker {
  private latest = 0;
  private busy: number | null = null;
  private active: WorkerLike;
  private spare: WorkerLike | null;
  /** How many loads were cancelled (for tests and the bench). */
  cancelled = 0;
  private disposed = false;

  constructor(
    private readonly createWorker: () => WorkerLike,
    private readonly onResult: (result: CheckResult) => void,
    private readonly onFailure: (message: string) => void = () => undefined,
  ) {
    this.active = this.wire(createWorker());
    this.spare = this.wire(createWorker());
  }

  private wire(worker: WorkerLike): WorkerLike {
    worker.onmessage = (event) => {
      if (worker !== this.active) return;
      this.busy = null;
      if (event.data.id === this.latest && !this.disposed) this.onResult(event.data);
    };
    worker.onerror = (event) => {
      if (worker !== this.active) return;
      this.busy = null;
      this.onFailure(event.message || 'the diagnostics worker failed');
    };
    return worker;
  }

  /** Checks `text`; only the newest request's result is delivered. */
  request(text: string): number {
    if (this.disposed) return this.latest;
    this.latest += 1;
    if (this.busy !== null) {
      this.cancelled += 1;
      this.active.terminate();
      this.active = this.spare ?? this.wire(this.createWorker());
      this.spare = this.wire(this.createWorker());
    }
    this.busy = this.latest;
    this.active.postMessage({ id: this.latest, text });
    return this.latest;
  }

  dispose(): void {
    this.disposed = true;
    this.active.terminate();
    this.spare?.terminate();
    this.spare = null;
  }
}
