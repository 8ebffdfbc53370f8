import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MapDiffReportSchema } from '../../common/map-diff';
import { loadMap } from '../loader';
import { diffMaps } from './index';

// Golden pairs: `golden/<case>/after.rbl` against `golden/base.rbl` (or the case's own `before.rbl`),
// expected report in `golden/<case>/expected.json`. `UPDATE_GOLDEN=1` rewrites the expected files
// (review the diff of them before committing).
const goldenDir = join(import.meta.dirname, 'golden');
const cases = readdirSync(goldenDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function load(file: string) {
  return loadMap(readFileSync(file, 'utf8'), { fileName: file });
}

describe('diffMaps golden reports', () => {
  it.each(cases)('%s', (name) => {
    const dir = join(goldenDir, name);
    const before = existsSync(join(dir, 'before.rbl')) ? join(dir, 'before.rbl') : join(goldenDir, 'base.rbl');
    const report = diffMaps(load(before), load(join(dir, 'after.rbl')));
    // What crosses IPC and what `lapwing map diff --json` prints must match the shared schema.
    expect(MapDiffReportSchema.parse(report)).toEqual(report);
    const expectedFile = join(dir, 'expected.json');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedFile, `${JSON.stringify(report, null, 2)}\n`);
    expect(report).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
  });
});

describe('diffMaps', () => {
  it('is symmetric in what it finds: swapping the sides swaps added and removed', () => {
    const base = load(join(goldenDir, 'base.rbl'));
    const after = load(join(goldenDir, 'added-removed', 'after.rbl'));
    const forward = diffMaps(base, after);
    const backward = diffMaps(after, base);
    expect(backward.summary.rule).toEqual({
      added: forward.summary.rule.removed,
      removed: forward.summary.rule.added,
      changed: forward.summary.rule.changed,
    });
    expect(backward.summary.concept).toEqual({
      added: forward.summary.concept.removed,
      removed: forward.summary.concept.added,
      changed: 0,
    });
  });

  it('finds nothing between a map and itself', () => {
    const base = load(join(goldenDir, 'base.rbl'));
    expect(diffMaps(base, base)).toMatchObject({ same: true, entries: [], problems: [] });
  });
});
