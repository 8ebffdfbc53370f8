/**
 * Developer aid: `npx tsx electron/nl/test-support/blind-report.ts [first|second|…|fourteenth]` prints each
 * blind set's figure, how many misses are not helpful (no error sentence with quick replies), and
 * every miss with what the reply said. Never run it on a set that is still blind.
 */
import { BLIND_SETS, runBlind, type BlindSet } from './blind';

const asked = process.argv[2];
const all = Object.keys(BLIND_SETS) as BlindSet[];
const sets: BlindSet[] = all.filter((set) => asked === undefined || set === asked);
for (const set of sets) {
  const results = await runBlind(set);
  const read = results.filter((result) => result.understood).length;
  const silent = results.filter((result) => !result.understood && !result.helpful).length;
  process.stdout.write(`== ${set}: ${read}/${results.length} read, ${silent} misses not helpful\n`);
  for (const result of results) {
    if (result.understood) continue;
    const { got, testCase } = result;
    process.stdout.write(
      `${result.helpful ? 'helpful' : 'NOT HELPFUL'} [${testCase.map}/${testCase.family}] ${testCase.prompt}\n` +
        `    ${result.problem ?? ''}\n` +
        `    quick replies: ${JSON.stringify(got.quickReplies ?? [])}\n`,
    );
  }
}
