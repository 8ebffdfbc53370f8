/**
 * The blind figures of `npm run bench -- nl`: prompts written without reading the reader, over maps the
 * project uses nowhere else (electron/nl/blind/<set>/README.md), one figure per set and one for all of them.
 * Prints every miss with what the reader made of it. Reported, never asserted.
 */
import { BLIND_SETS, runBlind, type BlindResult, type BlindSet } from '../electron/nl/test-support/blind';

function tally(results: readonly BlindResult[], key: (result: BlindResult) => string): string {
  const groups = new Map<string, [number, number]>();
  for (const result of results) {
    const [ok, all] = groups.get(key(result)) ?? [0, 0];
    groups.set(key(result), [ok + (result.understood ? 1 : 0), all + 1]);
  }
  return [...groups].map(([name, [ok, all]]) => `${name} ${ok}/${all}`).join(', ');
}

function figure(results: readonly BlindResult[]): string {
  const understood = results.filter((result) => result.understood).length;
  const misses = results.filter((result) => !result.understood);
  const helpful = misses.filter((result) => result.helpful).length;
  return `${understood}/${results.length} (${((100 * understood) / results.length).toFixed(1)}%); misses answered helpfully: ${helpful}/${misses.length}`;
}

/** Runs every blind set and prints its figure, per map and per family, and its misses. */
export async function benchNlBlind(): Promise<void> {
  const all: BlindResult[] = [];
  for (const set of Object.keys(BLIND_SETS) as BlindSet[]) {
    const results = await runBlind(set);
    all.push(...results);
    console.log(`  BLIND, ${set} set (independent phrasings, electron/nl/blind/${set}): ${figure(results)}`);
    console.log(`    by map: ${tally(results, (result) => result.testCase.map)}`);
    console.log(`    by family: ${tally(results, (result) => result.testCase.family)}`);
    for (const miss of results.filter((result) => !result.understood)) {
      const reply = miss.got.error?.suggestedChatResponse ?? miss.got.responseType;
      console.log(
        `    miss [${miss.testCase.map} / ${miss.testCase.family}] "${miss.testCase.prompt}": ${miss.problem ?? ''}${miss.helpful ? ' (helpful)' : ''}\n      reply: ${reply}`,
      );
    }
  }
  console.log(`  BLIND, all sets: ${figure(all)}`);
}
