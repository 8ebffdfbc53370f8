/**
 * The corpus: every prompt must read as written in `corpus/*.json`. A case marked `gap` is a known
 * limitation and must keep failing (so a fix is noticed and the mark removed).
 */
import { describe, expect, it } from 'vitest';
import { gradeFile, loadCorpus } from './test-support/corpus';

const corpora = loadCorpus();

describe('natural-language corpus', () => {
  it('has at least 300 prompts, over Lapwing-written maps and the bundled ones', () => {
    const total = corpora.reduce((sum, corpus) => sum + corpus.file.cases.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(corpora.some((corpus) => corpus.file.map.startsWith('bundled:'))).toBe(true);
    expect(corpora.filter((corpus) => !corpus.file.map.startsWith('bundled:')).length).toBeGreaterThanOrEqual(3);
  });

  for (const corpus of corpora) {
    describe(corpus.file.file, () => {
      for (const result of gradeFile(corpus)) {
        const { prompt, gap } = result.testCase;
        const pending = result.testCase.pending
          ? ` (answering ${result.testCase.pending.map((question) => question.relationship).join(', ')})`
          : '';
        it(`${gap ? '[gap] ' : ''}${prompt}${pending}`, () => {
          if (gap) expect(result.problem, `now passes: remove the gap mark ("${gap}")`).toBeDefined();
          else expect(result.problem, JSON.stringify(result.got)).toBeUndefined();
        });
      }
    });
  }
});
