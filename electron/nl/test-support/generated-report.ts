/** Developer aid: `npx tsx electron/nl/test-support/generated-report.ts tuning|held-out [family]` lists misses of a generated set. */
import { gradeFile } from '../test-support/corpus';
import { loadGenerated } from './generated';
import type { GeneratedSet, HeldOutCase } from '../heldout/generate';

const set = (process.argv[2] ?? 'tuning') as GeneratedSet;
const only = process.argv[3];
const byFamily = new Map<string, [number, number]>();
for (const corpus of loadGenerated(set)) {
  for (const result of gradeFile(corpus)) {
    const family = (result.testCase as HeldOutCase).family;
    const [ok, all] = byFamily.get(family) ?? [0, 0];
    byFamily.set(family, [ok + (result.problem ? 0 : 1), all + 1]);
    if (result.problem && (!only || only === family))
      console.log(`${corpus.file.file} [${family}] ${result.testCase.prompt}\n   ${result.problem}`);
  }
}
let ok = 0;
let all = 0;
for (const [family, [passed, total]] of byFamily) {
  ok += passed;
  all += total;
  console.log(`${family.padEnd(26)} ${passed}/${total}`);
}
console.log(`${set}: ${ok}/${all} (${((100 * ok) / all).toFixed(1)}%)`);
