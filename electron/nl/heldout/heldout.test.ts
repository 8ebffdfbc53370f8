/**
 * The generated evaluation: families applied to maps the reader's code never names. The held-out
 * set must stay at or above 95%, and every miss must be a helpful reply, never a bare failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gradeFile } from '../test-support/corpus';
import { FAMILIES } from './families';
import { loadGenerated } from '../test-support/generated';
import type { HeldOutCase } from './generate';

const NL = join(dirname(fileURLToPath(import.meta.url)), '..');
const tuning = loadGenerated('tuning');
const heldOut = loadGenerated('held-out');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'heldout' || name === 'corpus' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !path.includes('test-support') ? [path] : [];
  });
}

describe('generated evaluation', () => {
  it('applies every written-down family to the maps, in both sets', () => {
    for (const set of [tuning, heldOut]) {
      const families = new Set(set.flatMap((corpus) => corpus.file.cases.map((testCase) => (testCase as HeldOutCase).family)));
      expect([...families].sort()).toEqual(FAMILIES.map((family) => family.id).sort());
    }
    expect(heldOut.length).toBeGreaterThanOrEqual(3);
    expect(heldOut.reduce((sum, corpus) => sum + corpus.file.cases.length, 0)).toBeGreaterThanOrEqual(400);
  });

  it("uses maps the reader's code never names (no instance or relationship name of them in electron/nl)", () => {
    const code = sources(NL)
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    for (const corpus of [...tuning, ...heldOut]) {
      const names = [...corpus.map.instances.values()].flatMap((instances) => [...instances.keys()]);
      // Names of two words or more or with a digit; one-word names ("Search", "covers") and a verb with its
      // preposition ("belongs to") are everyday English and may appear in any comment.
      const distinctive = (candidate: string): boolean => /[\s\d]/.test(candidate) && !/\s(to|in|on|at|by|for|of)$/.test(candidate);
      for (const name of [...names, ...corpus.map.relationships.keys()].filter(distinctive)) {
        expect(
          new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(code),
          `'${name}' of ${corpus.file.file} appears in the reader's code`,
        ).toBe(false);
      }
    }
  });

  it('reads at least 95% of the held-out set, and answers every miss helpfully', () => {
    const results = heldOut.flatMap(gradeFile);
    const passed = results.filter((result) => !result.problem).length;
    expect(passed / results.length).toBeGreaterThanOrEqual(0.95);
    for (const miss of results.filter((result) => result.problem)) {
      expect(miss.got.kind, `"${miss.testCase.prompt}" was misread as something else (${miss.problem})`).toBe('error');
      if (miss.got.kind !== 'error') continue;
      expect(miss.got.error.suggestedChatResponse.length).toBeGreaterThan(20);
      expect(miss.got.error.quickReplies?.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('keeps the tuning set read (the development figure includes it)', () => {
    const results = tuning.flatMap(gradeFile);
    expect(results.filter((result) => result.problem).map((result) => `${result.testCase.prompt}: ${result.problem}`)).toEqual([]);
  });
});
