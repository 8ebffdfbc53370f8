/**
 * Developer aid: `npx tsx electron/nl/test-support/family-scores.ts [-v]` prints, per phrasing family
 * of issue 17, how many cases of the family corpora (`corpus/families-*.json`, over maps written for
 * them) read as expected, known gaps included as misses; `-v` lists each miss.
 */
import { gradeFile, loadCorpus } from './corpus';

const verbose = process.argv.includes('-v');
const totals = new Map<string, [ok: number, all: number]>();
for (const corpus of loadCorpus()) {
  for (const result of gradeFile(corpus)) {
    const family = result.testCase.family;
    if (family === undefined) continue;
    const [ok, all] = totals.get(family) ?? [0, 0];
    totals.set(family, [ok + (result.problem ? 0 : 1), all + 1]);
    if (verbose && result.problem) console.log(`  ${corpus.file.map}: ${result.testCase.prompt} -> ${result.problem}`);
  }
}
let passed = 0;
let total = 0;
for (const [family, [ok, all]] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${family.padEnd(26)} ${ok}/${all}`);
  passed += ok;
  total += all;
}
console.log(`${'all families'.padEnd(26)} ${passed}/${total}`);
