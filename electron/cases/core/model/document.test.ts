import { describe, expect, it } from 'vitest';
import { makeCase } from '../../test-support/builders';
import { normaliseCase, parseCase, readCaseDocument, writeCaseBundle, writeCaseDocument } from './document';
import { describeProblem } from './problems';
import { upgradeDocument, type UpgradeStep } from './upgrade';

describe('case documents', () => {
  it('writes stable JSON: keys sorted at every level, two-space indent, trailing newline', () => {
    const text = writeCaseDocument({
      query: { subject: 'Ada', relationship: 'speaks' },
      name: 'Sorted',
      target: { mapId: 'm' },
      formatVersion: 1,
      answers: [
        { reply: { values: [{ value: 'Wales', certainty: 90 }], kind: 'values' }, question: { relationship: 'lives in', subject: 'Ada' } },
      ],
    });
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "answers": [\n');
    const keys = Object.keys(JSON.parse(text) as object);
    expect(keys).toEqual([...keys].sort());
    expect(text.indexOf('"kind"')).toBeLessThan(text.indexOf('"values"'));
    // Same case written twice, and read back and rewritten: byte-identical.
    const read = readCaseDocument(text);
    expect(read.ok).toBe(true);
    if (read.ok) expect(writeCaseDocument(read.value[0])).toBe(text);
  });

  it('fills defaults: live target, no facts, no answers, empty evidence expectations', () => {
    const testCase = makeCase();
    expect(testCase.target.version).toEqual({ policy: 'live' });
    expect(testCase.facts).toEqual([]);
    expect(testCase.tags).toEqual([]);
    expect(testCase.expect).toEqual({ evidence: [] });
  });

  it('reads a bundle of cases, each inheriting the bundle format version', () => {
    const bundle = writeCaseBundle([makeCase({ name: 'one' }), makeCase({ name: 'two', suite: 'smoke' })]);
    const read = readCaseDocument(bundle);
    expect(read.ok && read.value.map((testCase) => testCase.name)).toEqual(['one', 'two']);
  });

  it('reports a syntax error with its line and column', () => {
    const read = readCaseDocument('{\n  "formatVersion": 1,\n  "name": "x",\n  "query": {"relationship": "speaks",}\n}', {
      file: 'bad.case.json',
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('cases/not-json');
    expect(read.error.line).toBe(4);
    expect(describeProblem(read.error)).toMatch(/^bad\.case\.json:4:\d+: not valid JSON/);
  });

  it('reports a schema problem with its JSON path and line', () => {
    const text =
      '{\n  "formatVersion": 1,\n  "name": "x",\n  "target": {"mapId": "m"},\n  "query": {"subject": "Ada", "relationship": "speaks"},\n  "answers": [\n    {"question": {"relationship": "lives in"}, "reply": {"kind": "maybe"}}\n  ]\n}\n';
    const read = readCaseDocument(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('cases/invalid');
    expect(read.error.path).toBe('$.answers[0].reply.kind');
    expect(read.error.line).toBe(7);
  });

  it('refuses unknown fields (typos) and queries without subject or object', () => {
    const typo = parseCase({ ...makeCase(), expcet: {} });
    expect(!typo.ok && typo.error.message).toMatch(/unrecognized key/i);
    const noEnds = parseCase({ ...makeCase(), query: { relationship: 'speaks' } });
    expect(!noEnds.ok && noEnds.error.message).toBe('a query needs a subject, an object or both');
  });

  it('refuses a file from a newer Lapwing, and files that are not cases', () => {
    const newer = readCaseDocument(JSON.stringify({ ...makeCase(), formatVersion: 7 }));
    expect(!newer.ok && newer.error.code).toBe('cases/unsupported-version');
    expect(!newer.ok && newer.error.message).toMatch(/newer Lapwing/);
    const other = readCaseDocument('[{"name": "studio", "steps": []}]');
    expect(!other.ok && other.error.code).toBe('cases/unknown-format');
  });

  it('upgrades older documents one version at a time, and says when a step is missing', () => {
    // A made-up future format 2 that renames "query" to "goal": the machinery, not a real history.
    const toTwo: UpgradeStep = (document) => {
      const { query, ...rest } = document;
      return { ...rest, goal: query };
    };
    const upgraded = upgradeDocument({ formatVersion: 1, query: { relationship: 'speaks' } }, new Map([[1, toTwo]]), 2);
    expect(upgraded.ok && upgraded.value).toEqual({ formatVersion: 2, goal: { relationship: 'speaks' } });
    const missing = upgradeDocument({ formatVersion: 1 }, new Map(), 2);
    expect(!missing.ok && missing.error.message).toBe('no upgrade from format version 1');
    const current = upgradeDocument({ formatVersion: 1, name: 'same' });
    expect(current.ok && current.value).toEqual({ formatVersion: 1, name: 'same' });
  });

  it('normalises an input case and throws on an invalid one (a caller bug)', () => {
    expect(normaliseCase({ formatVersion: 1, name: 'n', target: { mapId: 'm' }, query: { object: 'x', relationship: 'r' } }).name).toBe(
      'n',
    );
    expect(() =>
      normaliseCase({ formatVersion: 1, name: '', target: { mapId: 'm' }, query: { object: 'x', relationship: 'r' } }),
    ).toThrow();
  });
});
