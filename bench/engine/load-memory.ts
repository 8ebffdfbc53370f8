/**
 * Child process of the load benchmark: loads ONE file once in a fresh process and prints
 * `{"peakHeapBytes": …, "retainedHeapBytes": …, "gcDuringLoad": …}`.
 *
 * Peak: the parent starts this process with a 256 MB young generation, so no collection runs
 * during a load of ordinary size and the heap growth over the load is everything it allocated:
 * the most it could have held at once. If a collection did run, the figure is only a lower bound
 * and `gcDuringLoad` says so. Retained: heap still held by the result after a full collection.
 *
 * usage: node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 bin/run-ts.mjs \
 *          bench/engine/load-memory.ts saxes|loadMap FILE
 */
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { collectGarbage, importEngine, saxesParse } from './common';

const [mode, file] = process.argv.slice(2);
const xml = readFileSync(file, 'utf8');
const imported = await importEngine();
const loadMap = 'engine' in imported ? imported.engine.loadMap : undefined;
if (mode === 'loadMap' && !loadMap) throw new Error('the engine does not export loadMap');

const gcStarts: number[] = [];
const observer = new PerformanceObserver((list) => gcStarts.push(...list.getEntries().map((entry) => entry.startTime)));
observer.observe({ entryTypes: ['gc'] });

collectGarbage();
const loadStart = performance.now();
const heapBefore = process.memoryUsage().heapUsed;
const kept = mode === 'saxes' ? saxesParse(xml) : await loadMap!(xml);
const peakHeapBytes = process.memoryUsage().heapUsed - heapBefore;
const loadEnd = performance.now();
collectGarbage();
// `kept` is still reachable here, so the retained figure includes the loaded map.
const retainedHeapBytes = process.memoryUsage().heapUsed - heapBefore;

await new Promise((resolve) => setTimeout(resolve, 10)); // GC entries are delivered asynchronously
observer.disconnect();
const gcDuringLoad = gcStarts.some((start) => start >= loadStart && start <= loadEnd);
console.log(JSON.stringify({ peakHeapBytes, retainedHeapBytes, gcDuringLoad, kept: kept ? 1 : 0 }));
