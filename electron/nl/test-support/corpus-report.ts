/** Developer aid: `npx tsx electron/nl/test-support/corpus-report.ts` lists corpus failures. */
import { gradeFile, loadCorpus } from './corpus';

let total = 0;
let passed = 0;
for (const corpus of loadCorpus()) {
  for (const result of gradeFile(corpus)) {
    total++;
    if (!result.problem) passed++;
    if (!!result.problem !== !!result.testCase.gap)
      console.log(`${result.file}: ${result.testCase.gap ? '[gap passes] ' : ''}${result.testCase.prompt}\n   ${result.problem ?? ''}`);
  }
}
console.log(`${passed}/${total} pass (${((100 * passed) / total).toFixed(1)}%)`);
