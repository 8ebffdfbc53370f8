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

describe('importing the same cases twice', () => {
  const summary = (id: string, name: string) => ({ id, name, mapId: 'm1', tags: [], updatedAt: '2026-01-01T00:00:00.000Z' });
  const report = {
    format: 'lapwing',
    notCarried: [],
    missingMaps: [{ mapId: 'gone', caseNames: ['B'] }],
    mapCheck: { environmentName: 'Local', checked: true },
  };

  it('stores nothing until the user chooses, then replaces or keeps both, warning about missing maps', async () => {
    const fake = installFakeHost({
      'cases.list': () => ok({ cases: [], suites: [] }),
      'cases.schema': () => ok({ schema: {} }),
      'cases.import': ({ onDuplicate }) =>
        onDuplicate === 'ask' || onDuplicate === undefined
          ? ok({ ...report, stored: false, cases: [], duplicates: [{ name: 'A', mapId: 'm1', existingId: 'c1' }] })
          : ok({
              ...report,
              stored: true,
              cases: [summary('c1', 'A'), summary('c2', 'B')],
              duplicates: [{ name: 'A', mapId: 'm1', existingId: 'c1' }],
            }),
    });
    const store = useCasesStore();
    await store.importFile('{"formatVersion":1}', 'twice.cases.json', { environmentId: 'local' });
    expect(store.pendingImport?.duplicates.map((duplicate) => duplicate.name)).toEqual(['A']);
    expect(store.notice).toBeNull();
    expect(store.notes[0]).toContain('Map gone is not in Local');

    await store.resolveImport('replace');
    expect(fake.inputs('cases.import').map((input) => [input.onDuplicate, input.environmentId])).toEqual([
      ['ask', 'local'],
      ['replace', 'local'],
    ]);
    expect(store.pendingImport).toBeNull();
    expect(store.notice).toBe('Imported 2 cases from twice.cases.json (lapwing), replacing 1.');
  });

  it('a consultation saved without a case name says the name came from its query', async () => {
    const fake = installFakeHost({
      'cases.list': () => ok({ cases: [], suites: [] }),
      'cases.schema': () => ok({ schema: {} }),
      'cases.get': ({ id }) => ok({ id, document: '{}' }),
      'cases.fromConsultation': () => ok({ case: summary('c9', 'speaks(Ada, ?)'), notes: [], nameDerived: true }),
    });
    const store = useCasesStore();
    await store.fromConsultation({ consultationId: 'k1', name: '  ' });
    expect(fake.inputs('cases.fromConsultation')).toEqual([{ consultationId: 'k1', tags: [] }]);
    expect(store.notice).toBe('Saved the consultation as the case "speaks(Ada, ?)" (no name was given, so it is named after its query).');
  });
});
