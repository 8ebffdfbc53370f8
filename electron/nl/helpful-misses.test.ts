/**
 * Issue 17's promise: a prompt the reader does not read as meant is answered with an error that
 * says so, in a sentence, with quick replies to go on from — never a silent or wrong reading.
 * Checked over every prompt the project has: the development corpus and tuning set, the held-out
 * set, and the three blind sets (graded on the wire reply). A regression to a reply that reads a
 * prompt wrongly, or drops part of it without saying, fails here.
 */
import { describe, expect, it } from 'vitest';
import { runBlind, BLIND_SETS, type BlindSet } from './test-support/blind';
import { gradeFile, loadCorpus, type CaseResult } from './test-support/corpus';
import { loadGenerated } from './test-support/generated';

function unhelpful(results: readonly CaseResult[]): string[] {
  return results.flatMap((result) => {
    if (!result.problem) return [];
    const got = result.got;
    const helpful = got.kind === 'error' && got.error.suggestedChatResponse.trim() !== '' && (got.error.quickReplies?.length ?? 0) > 0;
    return helpful ? [] : [`${result.file}: "${result.testCase.prompt}" (${result.problem})`];
  });
}

describe('every miss is a helpful reply', () => {
  it('in the development corpus and the tuning set', () => {
    const results = [...loadCorpus(), ...loadGenerated('tuning')].flatMap(gradeFile);
    expect(results.filter((result) => result.problem).length, 'the corpus has known gaps to check').toBeGreaterThan(0);
    expect(unhelpful(results)).toEqual([]);
  });

  it('in the held-out set', () => {
    expect(unhelpful(loadGenerated('held-out').flatMap(gradeFile))).toEqual([]);
  });

  it.each(Object.keys(BLIND_SETS) as BlindSet[])(
    'in the %s blind set',
    async (set) => {
      const misses = (await runBlind(set)).filter((result) => !result.understood);
      const silent = misses.filter((result) => !result.helpful).map((result) => `"${result.testCase.prompt}": ${result.problem ?? ''}`);
      expect(silent).toEqual([]);
    },
    120_000,
  );
});
