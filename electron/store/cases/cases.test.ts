import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareObservations } from '../../cases/core';
import { summarise } from '../../cases/core';
import { evaluateCase } from '../../cases/core';
import type { CaseRun, ComparisonRun, TargetRun } from '../../cases';
import { makeCase, makeObservation, result } from '../../cases/test-support/builders';
import { openCasesStore, type CasesStore } from './index';

let store: CasesStore;
let now = new Date('2026-05-01T10:00:00.000Z');
beforeEach(() => {
  now = new Date('2026-05-01T10:00:00.000Z');
  store = openCasesStore(':memory:', { now: () => now });
});
afterEach(() => store.close());

function targetRun(label: string, runs: CaseRun[], startedAt = now.toISOString()): TargetRun {
  const counts = { passed: 0, failed: 0, error: 0, cancelled: 0 };
  for (const run of runs) counts[run.verdict.status] += 1;
  return { target: label, startedAt, durationMs: 12, cases: runs, counts, cancelled: false };
}

function caseRun(id: string, certainty: number): CaseRun {
  const testCase = makeCase({ id, expect: { results: { items: [{ object: 'English', certainty: 75 }] } } });
  const observation = makeObservation({ results: [result('English', certainty)] });
  return { caseId: id, caseName: testCase.name, observation, verdict: evaluateCase(testCase, observation) };
}

describe('stored cases', () => {
  it('assigns IDs, keeps the stable document, lists by suite, tag, map and name, and deletes', () => {
    const saved = store.cases.save(makeCase({ name: 'Ada home', suite: 'Smoke', tags: ['home'] }));
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.testCase.id).toBe(saved.id);
    store.cases.saveMany([
      makeCase({ name: 'Bruno', tags: ['abroad'] }),
      makeCase({ name: 'Chiara', suite: 'smoke', target: { mapId: 'map-2' } }),
    ]);
    expect(store.cases.list().map((item) => item.name)).toEqual(['Ada home', 'Chiara', 'Bruno']);
    expect(store.cases.list({ suite: 'SMOKE' }).map((item) => item.name)).toEqual(['Ada home', 'Chiara']);
    expect(store.cases.list({ tag: 'abroad' }).map((item) => item.name)).toEqual(['Bruno']);
    expect(store.cases.list({ mapId: 'map-2', text: 'chi' }).map((item) => item.name)).toEqual(['Chiara']);
    expect(store.cases.suites()).toEqual([{ name: 'Smoke', description: '', caseCount: 2 }]);
    const edited = store.cases.save({ ...saved.testCase, name: 'Ada at home' });
    expect(edited.id).toBe(saved.id);
    expect(store.cases.list({ text: 'ada' }).map((item) => item.name)).toEqual(['Ada at home']);
    expect(store.cases.delete(saved.id)).toBe(true);
    expect(store.cases.get(saved.id)).toBeUndefined();
  });

  it('stores nothing when one case of a batch cannot be stored', () => {
    const good = makeCase({ name: 'good' });
    // Same explicit ID twice in one batch is fine (upsert); a non-string name is a caller bug that throws mid-batch.
    expect(() => store.cases.saveMany([good, { ...good, id: 'x', name: undefined as unknown as string }])).toThrow();
    expect(store.cases.list()).toEqual([]);
  });
});

describe('stored runs', () => {
  it('keeps runs with each result, history per case with certainties, and the latest status on the case list', () => {
    const saved = store.cases.save(makeCase({ suite: 'Smoke' }));
    const first = store.runs.saveRun(targetRun('live', [caseRun(saved.id, 75)]), { suite: 'Smoke' });
    now = new Date('2026-05-02T10:00:00.000Z');
    store.runs.saveRun(targetRun('draft', [caseRun(saved.id, 60)]), { suite: 'Smoke' });
    expect(store.runs.list().map((run) => [run.label, run.counts.passed, run.counts.failed])).toEqual([
      ['draft', 0, 1],
      ['live', 1, 0],
    ]);
    expect(
      store.runs.caseHistory(saved.id).map((point) => [point.target, point.status, point.certainties['Ada · speaks · English']]),
    ).toEqual([
      ['draft', 'failed', 60],
      ['live', 'passed', 75],
    ]);
    expect(store.runs.suiteHistory('smoke')).toHaveLength(2);
    expect(store.cases.list()[0].lastStatus).toBe('failed');
    const details = store.runs.get(first);
    expect(details?.results[0]).toMatchObject({ side: 'a', status: 'passed', caseId: saved.id });
    expect(details?.results[0].observation.results[0].certainty).toBe(75);
  });

  it('keeps comparisons with both sides and the per-case diffs', () => {
    const before = caseRun('c1', 75);
    const after = caseRun('c1', 60);
    const comparison = compareObservations(
      { caseName: before.caseName, caseId: 'c1' },
      { observation: before.observation, status: before.verdict.status },
      { observation: after.observation, status: after.verdict.status },
    );
    const run: ComparisonRun = {
      before: targetRun('live', [before]),
      after: targetRun('draft', [after]),
      comparisons: [comparison],
      summary: summarise([comparison]),
    };
    const id = store.runs.saveComparison(run);
    const details = store.runs.get(id);
    expect(details?.run).toMatchObject({ kind: 'compare', label: 'live → draft', summary: { counts: { regressed: 1 } } });
    expect(details?.results.map((item) => item.side)).toEqual(['a', 'b']);
    expect(details?.comparisons[0].results.changed[0].delta).toBe(-15);
  });

  it('applies retention by count and by age after each save', () => {
    store.runs.setRetention({ keepRuns: 2, keepDays: 10 });
    for (const day of [1, 2, 3]) {
      now = new Date(`2026-05-0${day}T10:00:00.000Z`);
      store.runs.saveRun(targetRun(`day ${day}`, [caseRun('c1', 75)]));
    }
    expect(store.runs.list().map((run) => run.label)).toEqual(['day 3', 'day 2']);
    now = new Date('2026-05-12T12:00:00.000Z');
    expect(store.runs.applyRetention()).toBe(1);
    expect(store.runs.list().map((run) => run.label)).toEqual(['day 3']);
    expect(() => store.runs.setRetention({ keepRuns: 0, keepDays: 1 })).toThrow(RangeError);
    expect(store.runs.retention()).toEqual({ keepRuns: 2, keepDays: 10 });
  });
});
