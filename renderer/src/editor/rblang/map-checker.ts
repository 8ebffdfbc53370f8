/**
 * Runs the diagnostics for an editor on two long-lived workers, so the newest text is loaded as soon
 * as it is typed: by an idle worker when there is one (warm: its loader code is already optimised,
 * which a fresh worker's is not), else queued on a busy one, superseding any text queued there
 * before (a worker loads only the newest of its queue). Results of superseded requests are dropped.
 * Diagnostics arrive first (the markers); the names index follows.
 */
import { unpack } from './check';
import type { CheckMessage, CheckRequest, DiagnosticsMessage, IndexMessage } from './check-protocol';

/** What the checker needs of a Worker (a fake in tests). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<CheckMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: CheckRequest): void;
  terminate(): void;
}

interface CheckerListener {
  diagnostics(message: DiagnosticsMessage): void;
  index(message: IndexMessage & { index: NonNullable<IndexMessage['index']> }): void;
  failure?(message: string): void;
}

interface Slot {
  readonly worker: WorkerLike;
  /** Requests posted and not yet answered with their index message. */
  outstanding: number;
}

const WORKERS = 2;

export class MapChecker {
  private latest = 0;
  private readonly slots: Slot[];
  /** How many requests were sent while every worker was busy (each supersedes what was queued). */
  queued = 0;
  private disposed = false;

  constructor(
    createWorker: () => WorkerLike,
    private readonly listener: CheckerListener,
  ) {
    this.slots = Array.from({ length: WORKERS }, () => this.wire({ worker: createWorker(), outstanding: 0 }));
  }

  private wire(slot: Slot): Slot {
    slot.worker.onmessage = (event) => {
      const message = event.data;
      if (message.kind === 'index') slot.outstanding = Math.max(0, slot.outstanding - 1);
      if (this.disposed || message.id !== this.latest) return;
      if (message.kind === 'diagnostics') this.listener.diagnostics(message);
      else if (message.index) {
        const unpacked = unpack(message);
        if (unpacked.index) this.listener.index({ ...unpacked, index: unpacked.index });
      }
    };
    slot.worker.onerror = (event) => {
      slot.outstanding = 0;
      this.listener.failure?.(event.message || 'the diagnostics worker failed');
    };
    return slot;
  }

  /** Checks `text`; only the newest request's results are delivered. */
  request(text: string): number {
    if (this.disposed) return this.latest;
    this.latest += 1;
    const idle = this.slots.find((slot) => slot.outstanding === 0);
    // Busy everywhere: join the worker that already has a text queued (it will skip that one).
    const target = idle ?? this.slots.find((slot) => slot.outstanding > 1) ?? this.slots[this.latest % this.slots.length];
    if (!idle) this.queued += 1;
    target.outstanding += 1;
    target.worker.postMessage({ id: this.latest, text });
    return this.latest;
  }

  dispose(): void {
    this.disposed = true;
    for (const slot of this.slots) slot.worker.terminate();
  }
}
