/**
 * `npm run bench -- nl`: the natural-language corpus (`electron/nl/corpus/*.json`) read offline.
 * Prints corpus accuracy per file (target: at least 95%; known gaps count as failures) and the time
 * per `/nl/interact` without HTTP: the reader plus the engine on a fresh session (target: p99 under
 * 20 ms), and the reader alone. Timings are reported, never asserted.
 */
import { createSession } from '../electron/engine';
import { NaturalLanguageService } from '../electron/nl';
import { gradeFile, loadCorpus } from '../electron/nl/test-support/corpus';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function ms(value: number): string {
  return `${value.toFixed(value < 1 ? 3 : 2)} ms`;
}

/** Runs the corpus and prints accuracy and timings. */
export async function benchNl(): Promise<void> {
  console.log('\n## Natural language (offline reader, corpus in electron/nl/corpus)');
  const corpora = loadCorpus();
  let total = 0;
  let passed = 0;
  const reader: number[] = [];
  for (const corpus of corpora) {
    const results = gradeFile(corpus);
    const ok = results.filter((result) => !result.problem).length;
    const gaps = results.filter((result) => result.testCase.gap).length;
    total += results.length;
    passed += ok;
    console.log(`  ${corpus.file.file.padEnd(20)} ${String(ok).padStart(4)}/${String(results.length).padEnd(4)} ${((100 * ok) / results.length).toFixed(1).padStart(5)}%  (${gaps} known gaps)`);
  }
  const accuracy = (100 * passed) / total;
  console.log(`  ${'all'.padEnd(20)} ${String(passed).padStart(4)}/${String(total).padEnd(4)} ${accuracy.toFixed(1).padStart(5)}%  target >= 95%: ${accuracy >= 95 ? 'met' : 'MISSED'}`);

  // The reader alone, every case, several rounds after a warm-up round.
  const rounds = 5;
  for (let round = 0; round <= rounds; round++) {
    for (const corpus of corpora) for (const result of gradeFile(corpus)) if (round > 0) reader.push(result.ms);
  }

  // Whole interact calls (reader, injection, query, engine run, reply) on fresh sessions; cases
  // with pending questions need a session in that state, so they are timed by the reader only.
  const interact: number[] = [];
  const service = new NaturalLanguageService({ clock: () => Date.UTC(2026, 4, 13, 10) });
  let session = 0;
  for (let round = 0; round <= rounds; round++) {
    for (const corpus of corpora) {
      for (const testCase of corpus.file.cases) {
        if (testCase.pending) continue;
        const id = `bench-${session++}`;
        const handle = { sessionID: id, session: createSession(corpus.map, { id, kmVersionId: 'bench', clock: () => Date.UTC(2026, 4, 13, 10) }), map: corpus.map };
        const started = performance.now();
        await service.interact(handle, testCase.prompt);
        const elapsed = performance.now() - started;
        service.forget(id);
        if (round > 0) interact.push(elapsed);
      }
    }
  }
  interact.sort((a, b) => a - b);
  reader.sort((a, b) => a - b);
  const p99 = percentile(interact, 99);
  console.log(`  interact (reader + engine), ${interact.length} calls: p50 ${ms(percentile(interact, 50))}, p99 ${ms(p99)}, max ${ms(interact[interact.length - 1])}  target p99 < 20 ms: ${p99 < 20 ? 'met' : 'MISSED'}`);
  console.log(`  reader alone, ${reader.length} readings: p50 ${ms(percentile(reader, 50))}, p99 ${ms(percentile(reader, 99))}, max ${ms(reader[reader.length - 1])}`);
}
