import { describe, expect, it } from 'vitest';
import { failed, installFakeHost, ok } from '../test-support/fake-host';
import { useCasesStore } from './cases';

describe('cases store', () => {
  it('lists cases with the filter given, and keeps the error of a failed call', async () => {
    const host = installFakeHost({
      'cases.list': () => ok({ cases: [], suites: [] }),
      'cases.schema': () => ok({ schema: { type: 'object' } }),
    });
    const cases = useCasesStore();
    cases.filter.suite = 'smoke';
    await cases.load();
    expect(host.inputs('cases.list')).toEqual([{ suite: 'smoke' }]);
    expect(cases.error).toBeNull();
    expect(cases.schema).toEqual({ type: 'object' });

    host.on('cases.list', () => failed('store/failed', 'disk full'));
    await cases.load();
    expect(cases.error?.message).toBe('disk full');
  });

  it('reads and changes the run retention through the host', async () => {
    const host = installFakeHost({ 'cases.retention': (input) => ok({ keepRuns: input.keepRuns ?? 200, keepDays: input.keepDays ?? 90 }) });
    const cases = useCasesStore();
    expect(await cases.retention()).toEqual({ ok: true, value: { keepRuns: 200, keepDays: 90 } });
    await cases.retention({ keepRuns: 5, keepDays: 1 });
    expect(host.inputs('cases.retention')).toEqual([{}, { keepRuns: 5, keepDays: 1 }]);
  });

  it('gives a case’s history, or none when it cannot be read', async () => {
    const point = { runId: 'r1', startedAt: '2026-01-01T00:00:00.000Z', target: 'Local', status: 'passed', results: [] };
    const host = installFakeHost({ 'cases.history': () => ok({ points: [point] } as never) });
    const cases = useCasesStore();
    expect(await cases.history('c1')).toEqual([point]);
    expect(host.inputs('cases.history')).toEqual([{ caseId: 'c1', limit: 20 }]);
    host.on('cases.history', () => failed('cases/not-found', 'no such case'));
    expect(await cases.history('c2')).toEqual([]);
  });
});
