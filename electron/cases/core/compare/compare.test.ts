import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCase } from '../match/evaluate';
import { compareTargets } from '../..';
import { replayCase } from '../..';
import { leafEvidence, makeCase, makeObservation, question, result, ruleEvidence } from '../../test-support/builders';
import { adaCase, brunoCase } from '../../test-support/language-cases';
import { startCaseServer, type CaseServer } from '../../test-support/server';
import { classifyChange } from './compare';
import { diffEvidence } from './evidence';
import { diffQuestions } from './questions';
import { rebaseline } from './rebaseline';
import { diffResults } from './results';
import { summarise } from './summary';

describe('diffs as data', () => {
  it('results: appeared, disappeared and certainty deltas, matched by triple without case', () => {
    const diff = diffResults(
      [result('English', 76), result('Welsh', 76), result('French', 90)],
      [result('english', 57), result('French', 90), result('Spanish', 30)],
    );
    expect(diff.removed.map((item) => item.object)).toEqual(['Welsh']);
    expect(diff.added.map((item) => item.object)).toEqual(['Spanish']);
    expect(diff.changed.map((change) => [change.key, change.delta])).toEqual([['Ada · speaks · English', -19]]);
    expect(diff.unchanged).toBe(1);
  });

  it('questions: only one side, reordering, and the first difference', () => {
    const a = question('lives in', 'Ada');
    const b = question('is aged', 'Ada');
    const c = question('took lessons in', 'Ada', 'first-form', 'French');
    expect(diffQuestions([a, b], [b, a])).toMatchObject({ reordered: true, onlyBefore: [], onlyAfter: [], firstDifference: { index: 0 } });
    expect(diffQuestions([a, b], [a, b, c])).toMatchObject({ reordered: false, onlyAfter: [c], firstDifference: { index: 2, after: c } });
    expect(diffQuestions([a], [a]).firstDifference).toBeUndefined();
  });

  it('evidence: nodes aligned by fact, with the conditions and impacts that moved', () => {
    const tree = (cap: number, impact: number, home: string) => ({
      'WA:RF:1': ruleEvidence(
        'WA:RF:1',
        { subject: 'Ada', relationship: 'speaks', object: 'English', certainty: cap },
        {
          name: 'Language of home',
          cap,
          conditions: [{ subject: 'Ada', relationship: 'lives in', object: home, certainty: 100, factID: 'WA:AF:1', impact }],
        },
      ),
      'WA:AF:1': leafEvidence('WA:AF:1', 'answer', { subject: 'Ada', relationship: 'lives in', object: home, certainty: 100 }),
    });
    const before = makeObservation({ results: [result('English', 80, 'WA:RF:1')], evidence: tree(80, 40, 'England') });
    const after = makeObservation({ results: [result('English', 60, 'WA:RF:1')], evidence: tree(60, 30, 'Wales') });
    const [diff] = diffEvidence(before, after);
    expect(diff.status).toBe('changed');
    const root = diff.nodes.find((node) => node.key === diff.root);
    expect(root).toMatchObject({
      status: 'changed',
      before: { certainty: 80, ruleMaxCertainty: 80 },
      after: { certainty: 60, ruleMaxCertainty: 60 },
    });
    expect(root?.conditions.map((condition) => [condition.label, condition.status])).toEqual([
      ['Ada · lives in · England', 'removed'],
      ['Ada · lives in · Wales', 'added'],
    ]);
    expect(diff.nodes.filter((node) => node.key !== diff.root).map((node) => [node.label, node.status])).toEqual([
      ['Ada · lives in · England', 'removed'],
      ['Ada · lives in · Wales', 'added'],
    ]);
    expect(diff.edges).toEqual([
      { from: diff.root, to: 'ada|lives in|england', status: 'removed' },
      { from: diff.root, to: 'ada|lives in|wales', status: 'added' },
    ]);
  });

  it('classifies cases and sums certainty shifts into a histogram', () => {
    expect(classifyChange('passed', 'failed', true)).toBe('regressed');
    expect(classifyChange('failed', 'passed', true)).toBe('improved');
    expect(classifyChange('failed', 'failed', true)).toBe('changed');
    expect(classifyChange('passed', 'passed', false)).toBe('unchanged');
  });
});

describe('comparing two targets', () => {
  let server: CaseServer;
  beforeAll(async () => {
    server = await startCaseServer();
  });
  afterAll(() => server.dispose());

  it('finds the regression of a changed rule: certainty deltas, evidence diff, impact summary', async () => {
    const cases = [adaCase(server.mapId), brunoCase(server.mapId)];
    const run = await compareTargets(cases, server.target('live', { policy: 'live' }), server.target('draft', { policy: 'draft' }));
    expect(run.comparisons.map((comparison) => comparison.change)).toEqual(['regressed', 'regressed']);
    const [ada] = run.comparisons;
    expect(ada.before).toEqual({ label: 'live', status: 'passed' });
    expect(ada.after).toEqual({ label: 'draft', status: 'failed' });
    expect(ada.results.changed.map((change) => [change.after.object, change.before.certainty, change.after.certainty])).toEqual([
      ['Welsh', 76, 57],
      ['English', 76, 57],
    ]);
    expect(ada.questions.firstDifference).toBeUndefined();
    // French comes from the unchanged rule, so only the two home-language trees moved.
    expect(ada.evidence.map((diff) => diff.result)).toEqual(['Ada · speaks · Welsh', 'Ada · speaks · English']);
    const welshRoot = ada.evidence[0].nodes[0];
    expect(welshRoot).toMatchObject({
      status: 'changed',
      before: { rule: 'Language of home', ruleMaxCertainty: 80 },
      after: { ruleMaxCertainty: 60 },
    });
    expect(welshRoot.conditions.every((condition) => condition.status === 'changed')).toBe(true);

    expect(run.summary.counts).toEqual({ unchanged: 0, changed: 0, improved: 0, regressed: 2 });
    const histogram = Object.fromEntries(run.summary.histogram.map((bucket) => [bucket.label, bucket.count]));
    expect(histogram).toMatchObject({ '−50 to −20': 1, '−20 to −5': 2, '0': 1 });
    expect(summarise([]).total).toBe(0);
  });

  it('re-baselines: the diff first, then a case that passes on the new version', async () => {
    const testCase = adaCase(server.mapId);
    const draft = await replayCase(testCase, server.target('draft', { policy: 'draft' }));
    const rebased = rebaseline(testCase, draft);
    expect(rebased.ok).toBe(true);
    if (!rebased.ok) return;
    expect(rebased.value.changes.map((change) => change.message)).toEqual([
      'Ada · speaks · Welsh: 76% → 57%',
      'Ada · speaks · English: 76% → 57%',
    ]);
    expect(evaluateCase(rebased.value.updated, draft).status).toBe('passed');
    expect(rebased.value.updated.expect.results?.items[1]).toEqual({ object: 'Welsh', certainty: 57 });
  });

  it('re-baselines questions, must-not-ask, limits and evidence expectations, and refuses diverged replays', () => {
    const testCase = makeCase({
      expect: {
        questions: {
          order: 'strict',
          asked: [{ relationship: 'is aged' }, { relationship: 'lives in' }],
          mustNotAsk: [{ relationship: 'has lived in' }],
          maxQuestions: 1,
        },
        evidence: [{ kind: 'derived-by-rule', result: { object: 'English' }, rule: 'Old rule' }],
      },
    });
    const observation = makeObservation({
      questions: [question('lives in', 'Ada'), question('has lived in', 'Ada')],
      results: [result('English', 70, 'WA:RF:1')],
      evidence: {
        'WA:RF:1': ruleEvidence(
          'WA:RF:1',
          { subject: 'Ada', relationship: 'speaks', object: 'English', certainty: 70 },
          { name: 'New rule', conditions: [] },
        ),
      },
    });
    const rebased = rebaseline(testCase, observation);
    expect(rebased.ok && rebased.value.changes.map((change) => `${change.area} ${change.kind}: ${change.message}`)).toEqual([
      'results added: Ada · speaks · English at 70%',
      'questions added: Ada · has lived in · ? is now expected',
      'questions removed: ? · is aged · ? is no longer expected',
      'questions removed: ? · has lived in · ? may now be asked',
      'questions changed: at most 1 → 2 questions',
      'evidence changed: Ada · speaks · English: rule "Old rule" → "New rule"',
    ]);
    const diverged = rebaseline(testCase, makeObservation({ outcome: 'diverged', stop: { step: 3, message: 'no answer' } }));
    expect(!diverged.ok && diverged.error.message).toBe('cannot re-baseline "Ada speaks": the replay diverged at step 3 (no answer)');
  });
});
