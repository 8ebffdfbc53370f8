/**
 * The blind figure of `npm run bench -- nl`: prompts written without reading the reader, over maps the
 * project uses nowhere else (electron/nl/blind/README.md). Prints the figure, the figure per family
 * and every miss with what the reader made of it. Reported, never asserted.
 */
import { runBlind, type BlindResult } from '../electron/nl/test-support/blind';

function byFamily(results: readonly BlindResult[]): string {
  const families = new Map<string, [number, number]>();
  for (const result of results) {
    const [ok, all] = families.get(result.testCase.family) ?? [0, 0];
    families.set(result.testCase.family, [ok + (result.understood ? 1 : 0), all + 1]);
  }
  return [...families].map(([family, [ok, all]]) => `${family} ${ok}/${all}`).join(', ');
}

/** Runs the blind prompts and prints the third figure. */
export async function benchNlBlind(): Promise<void> {
  const results = await runBlind();
  const understood = results.filter((result) => result.understood).length;
  const misses = results.filter((result) => !result.understood);
  const helpful = misses.filter((result) => result.helpful).length;
  console.log(
    `  BLIND (independent phrasings, electron/nl/blind): ${understood}/${results.length} (${((100 * understood) / results.length).toFixed(1)}%); misses answered helpfully: ${helpful}/${misses.length}`,
  );
  console.log(`    by family: ${byFamily(results)}`);
  for (const miss of misses) {
    const reply = miss.got.error?.suggestedChatResponse ?? miss.got.responseType;
    console.log(
      `    miss [${miss.testCase.map} / ${miss.testCase.family}] "${miss.testCase.prompt}": ${miss.problem ?? ''}${miss.helpful ? ' (helpful)' : ''}\n      reply: ${reply}`,
    );
  }
}
