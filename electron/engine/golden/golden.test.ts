/**
 * Golden cases: engine behaviour pinned by a map and a case file, one folder per feature
 * (`<feature>/map.rbl` and `<feature>/case.json`, a Lapwing case or a bundle of them; see
 * README.md here). Each case is replayed on the engine in process and judged exactly as a
 * regression case is judged against a deployment.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayCase } from '../../cases';
import { describeProblem, evaluateCase, readCaseDocument, type TestCase } from '../../cases/core';
import { engineTarget } from '../test-support/engine-target';
import { mapOf } from '../test-support/harness';

const here = dirname(fileURLToPath(import.meta.url));
const features = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function casesOf(feature: string): TestCase[] {
  const file = join(here, feature, 'case.json');
  const read = readCaseDocument(readFileSync(file, 'utf8'), { file });
  if (!read.ok) throw new Error(describeProblem(read.error));
  return read.value;
}

describe('golden cases', () => {
  it('are there, each a map and a case file', () => {
    expect(features.length).toBeGreaterThanOrEqual(5);
    for (const feature of features)
      expect([feature, existsSync(join(here, feature, 'map.rbl')), existsSync(join(here, feature, 'case.json'))]).toEqual([
        feature,
        true,
        true,
      ]);
  });

  for (const feature of features) {
    describe(feature, () => {
      const map = mapOf(readFileSync(join(here, feature, 'map.rbl'), 'utf8'));
      for (const testCase of casesOf(feature)) {
        it(testCase.name, async () => {
          const observation = await replayCase(testCase, engineTarget(map));
          const verdict = evaluateCase(testCase, observation);
          expect(verdict.checks.filter((check) => !check.passed).map((check) => check.message)).toEqual([]);
          expect(verdict.status).toBe('passed');
        });
      }
    });
  }
});
