/**
 * `npm run bench -- nl`: the natural-language reader measured two ways (docs/nl.md, "Evaluation").
 * - Development: the hand-written corpus (`electron/nl/corpus/*.json`; known gaps count as failures)
 *   and the generated tuning set (families over the maps the reader was improved against).
 * - Held-out: the same families over maps written afterwards and not tuned to; README quotes this
 *   figure (target: at least 95%, every miss a helpful reply).
 * Blind: independent phrasings over maps nobody tuned to (`bench/nl-blind.ts`; `LAPWING_NL_BLIND=skip`
 * leaves it out).
 * The provider path gets the same held-out evaluation through a local scripted server. Then the time
 * per `/nl/interact` without HTTP (reader plus engine on a fresh session; target p99 under 20 ms) and
 * of the reader alone. Timings are reported, never asserted.
 */
import { createSession } from '../electron/engine';
import { NaturalLanguageService } from '../electron/nl';
import { loadGenerated, type HeldOutCase } from '../electron/nl/test-support/generated';
import { evaluateProvider } from '../electron/nl/provider/test-support/evaluate';
import { startFakeProvider } from '../electron/nl/provider/test-support/fake-provider';
import { gradeFile, loadCorpus, type CaseResult, type LoadedCorpus } from '../electron/nl/test-support/corpus';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A miss is helpful when it is an error reply with a sentence to show and quick replies to pick. */
function helpful(result: CaseResult): boolean {
  return (
    result.got.kind === 'error' && result.got.error.suggestedChatResponse.length > 0 && (result.got.error.quickReplies?.length ?? 0) > 0
  );
}

/** Prints a generated set per map and per family; returns its totals. */
function generatedFigures(
  label: string,
  corpora: readonly LoadedCorpus[],
  perFamily = false,
): { passed: number; total: number; helpful: number } {
  const results = corpora.flatMap((corpus) => {
    const graded = gradeFile(corpus);
    const ok = graded.filter((result) => !result.problem).length;
    console.log(
      `  ${`${label}: ${corpus.file.file}`.padEnd(34)} ${String(ok).padStart(4)}/${String(graded.length).padEnd(4)} ${((100 * ok) / graded.length).toFixed(1).padStart(5)}%`,
    );
    return graded;
  });
  if (perFamily) {
    const families = new Map<string, [number, number]>();
    for (const result of results) {
      const family = (result.testCase as HeldOutCase).family;
      const [ok, all] = families.get(family) ?? [0, 0];
      families.set(family, [ok + (result.problem ? 0 : 1), all + 1]);
    }
    console.log(`    by family: ${[...families].map(([family, [ok, all]]) => `${family} ${ok}/${all}`).join(', ')}`);
  }
  const misses = results.filter((result) => result.problem);
  return { passed: results.length - misses.length, total: results.length, helpful: misses.filter(helpful).length };
}

function ms(value: number): string {
  return `${value.toFixed(value < 1 ? 3 : 2)} ms`;
}

/** Runs the corpus and prints accuracy and timings. */
export async function benchNl(): Promise<void> {
  console.log(
    '\n## Natural language (development: electron/nl/corpus + generated tuning set; held-out: electron/nl/heldout/maps/held-out)',
  );
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
    console.log(
      `  ${corpus.file.file.padEnd(20)} ${String(ok).padStart(4)}/${String(results.length).padEnd(4)} ${((100 * ok) / results.length).toFixed(1).padStart(5)}%  (${gaps} known gaps)`,
    );
  }
  const accuracy = (100 * passed) / total;
  console.log(
    `  ${'hand-written corpus'.padEnd(20)} ${String(passed).padStart(4)}/${String(total).padEnd(4)} ${accuracy.toFixed(1).padStart(5)}%`,
  );
  const tuning = generatedFigures('tuning set', loadGenerated('tuning'));
  const development = ((passed + tuning.passed) * 100) / (total + tuning.total);
  console.log(`  development (corpus + tuning set): ${passed + tuning.passed}/${total + tuning.total} (${development.toFixed(1)}%)`);
  const heldOutCorpora = loadGenerated('held-out');
  const heldOut = generatedFigures('held-out set', heldOutCorpora, true);
  const heldOutAccuracy = (100 * heldOut.passed) / heldOut.total;
  console.log(
    `  HELD-OUT (offline reader): ${heldOut.passed}/${heldOut.total} (${heldOutAccuracy.toFixed(1)}%)  target >= 95%: ${heldOutAccuracy >= 95 ? 'met' : 'MISSED'}; misses answered helpfully: ${heldOut.helpful}/${heldOut.total - heldOut.passed}`,
  );
  const fake = await startFakeProvider();
  try {
    const provider = await evaluateProvider(heldOutCorpora, fake, { url: fake.url, model: 'scripted', timeoutMs: 5000 });
    console.log(
      `  HELD-OUT (provider path, scripted local server): ${provider.providerPassed}/${provider.total} (${((100 * provider.providerPassed) / provider.total).toFixed(1)}%); offline-first combined ${provider.combinedPassed}/${provider.total}, ${provider.answeredByProvider} answered by the provider`,
    );
  } finally {
    await fake.close();
  }
  // The blind figure is measured by whoever does not write the reader: LAPWING_NL_BLIND=skip leaves it
  // out (the module is then not even loaded) so the reader's author can print the other figures.
  if (process.env.LAPWING_NL_BLIND === 'skip') console.log('  blind: skipped (LAPWING_NL_BLIND=skip)');
  else await (await import('./nl-blind')).benchNlBlind();

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
        const handle = {
          sessionID: id,
          session: createSession(corpus.map, { id, kmVersionId: 'bench', clock: () => Date.UTC(2026, 4, 13, 10) }),
          map: corpus.map,
        };
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
  console.log(
    `  interact (reader + engine), ${interact.length} calls: p50 ${ms(percentile(interact, 50))}, p99 ${ms(p99)}, max ${ms(interact[interact.length - 1])}  target p99 < 20 ms: ${p99 < 20 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  reader alone, ${reader.length} readings: p50 ${ms(percentile(reader, 50))}, p99 ${ms(percentile(reader, 99))}, max ${ms(reader[reader.length - 1])}`,
  );
}
