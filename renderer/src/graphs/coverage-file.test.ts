import { describe, expect, it } from 'vitest';
import { COVERAGE_FORMAT, readCoverageFile, toCoverageFile } from './coverage-file';
import type { CoverageData } from '../stores/cases';

const data: CoverageData = {
  mapId: '3f1c2a9e-0000-4000-8000-000000000001',
  versionPolicy: { kind: 'version', version: 2 },
  coverage: {
    relationships: [
      { name: 'speaks', uses: ['queried', 'concluded'] },
      { name: 'lives in', uses: [] },
    ],
    rules: [{ id: 'Language of home', relationship: 'speaks', line: 67, fired: 1 }],
    questions: [{ relationship: 'lived abroad in', form: 'second-form-object', asked: 1, options: ['France'], answered: [] }],
    totals: {
      relationships: { covered: 1, total: 2 },
      rules: { covered: 1, total: 1 },
      questions: { covered: 1, total: 1 },
      options: { covered: 0, total: 1 },
    },
  },
  exercisedBy: {
    relationships: { speaks: ['Bruno speaks English'] },
    rules: { 'Language of home': ['Bruno speaks English'] },
    questions: {},
  },
};

describe('the coverage file', () => {
  it('reads back what the coverage map writes, through JSON', () => {
    const text = JSON.stringify(toCoverageFile(data), null, 2);
    expect(JSON.parse(text).format).toBe(COVERAGE_FORMAT);
    expect(readCoverageFile(text, 'speaks-coverage.json')).toEqual({ ok: true, value: data });
  });

  it('reads a file exported before the format and version policy were written, as the live version', () => {
    const { mapId, coverage, exercisedBy } = data;
    const read = readCoverageFile(JSON.stringify({ mapId, coverage, exercisedBy }), 'old.json');
    expect(read).toEqual({ ok: true, value: { ...data, versionPolicy: { kind: 'live' } } });
  });

  it('says what is wrong and where, for a file that is not JSON or not a coverage file', () => {
    expect(readCoverageFile('{"mapId": ', 'cut.json')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^cut\.json is not JSON: /),
    });
    const broken = JSON.parse(JSON.stringify(toCoverageFile(data))) as { coverage: { rules: { fired: unknown }[] } };
    broken.coverage.rules[0].fired = 'once';
    const read = readCoverageFile(JSON.stringify(broken), 'broken.json');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/^broken\.json is not a Lapwing coverage file: coverage\.rules\.0\.fired: /);
    // Another of the app's exports (an interaction log) is refused, not half read.
    const log = readCoverageFile(JSON.stringify({ entries: [] }), 'session-log.json');
    expect(log.ok).toBe(false);
    if (!log.ok) expect(log.message).toContain('mapId');
  });
});
