import { describe, expect, it } from 'vitest';
import { writeCaseDocument } from '../core';
import { describeProblem } from '../core';
import { fixtureText, makeCase } from '../test-support/builders';
import { importCases, importRbTest, importStudioSuite } from './index';

describe('Studio test-suite import', () => {
  const report = importStudioSuite(fixtureText('studio-suite.json'), { mapId: 'map-9' });

  it('turns each test into a case on the draft with strict questions and exact, case-insensitive results', () => {
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    const [ada, chiara] = report.value.cases;
    expect(report.value.cases).toHaveLength(2);
    expect(ada.target).toEqual({ mapId: 'map-9', version: { policy: 'draft' } });
    expect(ada.facts).toEqual([{ subject: 'Ada', relationship: 'is aged', object: 30, certainty: 100 }]);
    expect(ada.query).toEqual({ subject: 'Ada', relationship: 'speaks' });
    expect(ada.expect.questions).toMatchObject({ order: 'strict', allowOthers: false });
    expect(ada.expect.questions?.asked.map((key) => key.relationship)).toEqual(['lives in', 'has lived in', 'took lessons in']);
    expect(ada.expect.results).toMatchObject({ match: 'exact', tolerance: 0, caseSensitive: false });
    expect(ada.expect.results?.items).toEqual([
      { subject: 'Ada', relationship: 'speaks', object: 'welsh', certainty: 68 },
      { subject: 'Ada', relationship: 'speaks', object: 'english', certainty: 68 },
    ]);
    expect(chiara.expect.results?.items).toHaveLength(1);
  });

  it('keys answers by question: plural values in one reply, first-form answers as yes/no with the object', () => {
    if (!report.ok) return;
    const answers = report.value.cases[0].answers;
    expect(answers).toEqual([
      { question: { relationship: 'lives in', subject: 'Ada' }, reply: { kind: 'values', values: [{ value: 'Wales', certainty: 90 }] } },
      {
        question: { relationship: 'has lived in', subject: 'Ada' },
        reply: {
          kind: 'values',
          values: [
            { value: 'France', certainty: 100 },
            { value: 'Spain', certainty: 100 },
          ],
        },
      },
      {
        question: { relationship: 'took lessons in', subject: 'Ada', object: 'French', form: 'first-form' },
        reply: { kind: 'yes-no', answer: 'yes', certainty: 80 },
      },
    ]);
  });

  it('says what it could not carry over, with where', () => {
    if (!report.ok) return;
    const messages = report.value.notCarried.map((note) => `${note.caseName} ${note.path}: ${note.message}`);
    expect(messages).toContain('Chiara is known $[1].steps[2].then.type: step type "Teleport" is unknown and was left out');
    expect(messages.some((message) => message.includes('$[1].lastRun') && message.includes('2026'))).toBe(true);
    expect(messages.some((message) => message.startsWith('Ada at home') && message.includes('prompts are not compared'))).toBe(true);
    expect(messages.some((message) => message.includes('compared without case'))).toBe(true);
  });

  it('gives clear errors for malformed suites', () => {
    const broken = importStudioSuite('[{"name": "x", "steps": [{"then": {"type": "Query"}}, {"then": {}}]}]', {
      mapId: 'm',
      file: 'suite.json',
    });
    expect(broken.ok).toBe(false);
    if (broken.ok) return;
    expect(broken.error.path).toBe('$[0].steps[1].then.type');
    expect(broken.error.line).toBe(1);
    expect(describeProblem(broken.error)).toMatch(/^suite\.json:1:\d+: \$\[0\]\.steps\[1\]\.then\.type: /);
    const truncated = importStudioSuite('[{"name": "x", "steps": [', { mapId: 'm' });
    expect(!truncated.ok && truncated.error.code).toBe('cases/not-json');
    const noQuery = importStudioSuite('[{"name": "x", "steps": [{"then": {"type": "none"}}]}]', { mapId: 'm' });
    expect(noQuery.ok && noQuery.value.cases).toEqual([]);
    expect(noQuery.ok && noQuery.value.notCarried[0].message).toMatch(/no Query step/);
  });
});

describe('VS Code .rbtest.json import', () => {
  it('keeps the map, goal, facts, answer batches and expected results (2-point tolerance, exact count)', () => {
    const report = importRbTest(fixtureText('bruno.rbtest.json'));
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    const [bruno] = report.value.cases;
    expect(bruno.target).toEqual({ mapId: '0b9f6a52-3c1e-4d7a-9f57-6a1d2c3b4e5f', version: { policy: 'live' } });
    expect(bruno.query).toEqual({ subject: 'Bruno', relationship: 'speaks' });
    expect(bruno.facts).toHaveLength(1);
    expect(bruno.answers).toEqual([
      {
        question: { relationship: 'lives in', subject: 'Bruno' },
        reply: { kind: 'values', values: [{ value: 'England', certainty: 100 }] },
      },
      {
        question: { relationship: 'has lived in', subject: 'Bruno' },
        reply: {
          kind: 'values',
          values: [
            { value: 'France', certainty: 100 },
            { value: 'Italy', certainty: 100 },
          ],
        },
      },
      {
        question: { relationship: 'took lessons in', subject: 'Bruno', object: 'French', form: 'first-form' },
        reply: { kind: 'yes-no', answer: 'yes', certainty: 100 },
      },
      { question: { relationship: 'holds a certificate in', subject: 'Bruno' }, reply: { kind: 'skip' } },
    ]);
    expect(bruno.expect.results).toMatchObject({ match: 'exact', tolerance: 2 });
    expect(bruno.description).toContain('2026-03-02');
    expect(report.value.notCarried.map((note) => note.message)).toEqual(['answer batches are matched by question, not by their order']);
  });

  it('reads the target leniently and says when it cannot', () => {
    const base = JSON.parse(fixtureText('bruno.rbtest.json')) as Record<string, unknown>;
    const version = (target: unknown) => {
      const report = importRbTest(JSON.stringify({ ...base, target }));
      return report.ok ? report.value.cases[0].target.version : undefined;
    };
    expect(version(undefined)).toEqual({ policy: 'draft' });
    expect(version(3)).toEqual({ policy: 'version', number: 3 });
    expect(version('v2')).toEqual({ policy: 'version', number: 2 });
    expect(version({ useDraft: true })).toEqual({ policy: 'draft' });
    const odd = importRbTest(JSON.stringify({ ...base, target: 'tomorrow' }));
    expect(odd.ok && odd.value.notCarried.some((note) => note.path === '$.target')).toBe(true);
  });

  it('gives clear errors for malformed tests', () => {
    const noGoal = importRbTest('{"name": "x", "kmId": "k", "goal": {"subject": "Ada"}}');
    expect(!noGoal.ok && noGoal.error.path).toBe('$.goal.relationship');
    const badCertainty = importRbTest(
      '{"name": "x", "kmId": "k", "goal": {"relationship": "r", "subject": "s"},\n "expected": [{"relationship": "r", "object": "o", "certainty": "high"}]}',
    );
    expect(!badCertainty.ok && badCertainty.error).toMatchObject({ path: '$.expected[0].certainty', line: 2 });
  });
});

describe('importing any format', () => {
  it('recognises Lapwing, Studio and VS Code files, and refuses others', () => {
    expect(importCases(writeCaseDocument(makeCase())).ok).toBe(true);
    expect(importCases(fixtureText('bruno.rbtest.json'))).toMatchObject({ ok: true, value: { format: 'rbtest' } });
    expect(importCases(fixtureText('studio-suite.json'), { mapId: 'm' })).toMatchObject({ ok: true, value: { format: 'studio' } });
    const noMap = importCases(fixtureText('studio-suite.json'));
    expect(!noMap.ok && noMap.error.message).toMatch(/map ID/);
    const other = importCases('{"hello": "world"}', { file: 'x.json' });
    expect(!other.ok && other.error).toMatchObject({ code: 'cases/unknown-format', file: 'x.json' });
  });
});
