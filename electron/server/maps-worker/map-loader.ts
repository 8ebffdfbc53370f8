/**
 * How the server loads map text: in a worker thread (the default), or in the calling thread (tests
 * with a stand-in engine, or a build without the worker file). The engine stays pure; the thread is
 * the server's business.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LoadResult } from '../../engine';
import type { EnginePort } from '../engine-port';
import { LoadReplySchema, type LoadRequest } from './protocol';

export interface LoadRequestOptions {
  readonly fileName?: string;
  /** Only the diagnostics and `ok` are needed (a check before storing): the result has no map. */
  readonly check?: boolean;
}

export interface MapLoader {
  load(source: string, options?: LoadRequestOptions): Promise<LoadResult>;
  /** Ends the worker, failing loads still waiting. */
  close(): Promise<void>;
}

/** Loads in the calling thread. */
export function inThreadMapLoader(engine: EnginePort): MapLoader {
  return {
    load: (source, options = {}) =>
      Promise.resolve(engine.loadMap(source, options.fileName === undefined ? {} : { fileName: options.fileName })),
    close: () => Promise.resolve(),
  };
}

interface Waiting {
  readonly resolve: (result: LoadResult) => void;
  readonly reject: (error: Error) => void;
}

/** Loads in one worker thread, started on first use and restarted if it dies. */
export class WorkerMapLoader implements MapLoader {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly entry: URL) {}

  load(source: string, options: LoadRequestOptions = {}): Promise<LoadResult> {
    if (this.closed) return Promise.reject(new Error('the map loader is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<LoadResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      const request: LoadRequest = {
        id,
        source,
        withMap: options.check !== true,
        ...(options.fileName === undefined ? {} : { fileName: options.fileName }),
      };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the map loader was closed during a load'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.entry);
    this.worker = worker;
    worker.on('message', (message: unknown) => {
      const reply = LoadReplySchema.safeParse(message);
      if (!reply.success) return;
      const waiting = this.waiting.get(reply.data.id);
      if (!waiting) return;
      this.waiting.delete(reply.data.id);
      if (reply.data.kind === 'loaded') waiting.resolve(reply.data.result);
      else waiting.reject(new Error(`loading the map failed in the worker: ${reply.data.message}`));
      // An idle worker must not keep the process alive.
      if (this.waiting.size === 0) worker.unref();
    });
    const died = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', (error) => died(new Error(`the map-loading worker failed: ${error.message}`)));
    worker.on('exit', (code) => died(new Error(`the map-loading worker exited (code ${code})`)));
    return worker;
  }

  private failAll(error: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const { reject } of waiting) reject(error);
  }
}

/**
 * The worker's entry file: `bootstrap.mjs` beside this file when running from sources; in the
 * electron-vite main build, `map-load-worker.js` beside the bundle. Undefined when neither exists.
 */
export function workerEntry(): URL | undefined {
  const here = import.meta.url;
  const candidate = here.endsWith('.ts') ? new URL('./bootstrap.mjs', here) : new URL('./map-load-worker.js', here);
  return existsSync(fileURLToPath(candidate)) ? candidate : undefined;
}

/**
 * Texts shorter than this load in the server's thread: they take a few milliseconds (the loader is
 * linear, so even a hostile one cannot take long), less than a round trip to the worker.
 */
export const WORKER_THRESHOLD_CHARS = 128 * 1024;

let shared: WorkerMapLoader | undefined;

/**
 * The server's default: maps of {@link WORKER_THRESHOLD_CHARS} or more load in one worker thread
 * shared by every server in the process (it keeps no state between loads, and starting one costs a
 * second or more when TypeScript is compiled on the fly, so it starts on the first large map);
 * smaller ones, and every map when the worker file is missing, load in the calling thread. The
 * shared worker is left to the process's exit: an idle worker does not keep the process alive.
 */
export function defaultMapLoader(engine: EnginePort, threshold = WORKER_THRESHOLD_CHARS): MapLoader {
  const here = inThreadMapLoader(engine);
  const entry = workerEntry();
  if (entry === undefined) return here;
  return {
    load: (source, options) => {
      if (source.length < threshold) return here.load(source, options);
      shared ??= new WorkerMapLoader(entry);
      return shared.load(source, options);
    },
    close: () => Promise.resolve(),
  };
}
