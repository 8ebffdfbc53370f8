import { describe, expect, it } from 'vitest';
import { leafEvidence, makeCase, makeObservation, question, result, ruleEvidence } from '../../test-support/builders';
import { evaluateCase } from './evaluate';
import { matchQuestions } from './questions';
import { matchResults } from './results';
import { QuestionsExpectationSchema, ResultsExpectationSchema } from '../model/schema';

const query = { subject: 'Ada', relationship: 'speaks' };
const failures = (checks: readonly { passed: boolean; message: string }[]) =>
  checks.filter((check) => !check.passed).map((check) => check.message);

describe('results', () => {
  const expectation = (input: object) => ResultsExpectationSchema.parse(input);

  it('exact: every expected result within tolerance, nothing else', () => {
    const items = [
      { object: 'English', certainty: 75 },
      { object: 'Welsh', certainty: 68 },
    ];
    expect(failures(matchResults(expectation({ items }), query, [result('English', 75), result('Welsh', 68)]))).toEqual([]);
    expect(
      failures(matchResults(expectation({ items }), query, [result('English', 75), result('Welsh', 68), result('French', 30)])),
    ).toEqual(['unexpected result Ada · speaks · French at 30%']);
    expect(failures(matchResults(expectation({ items }), query, [result('English', 75)]))).toEqual([
      'missing result Ada · speaks · Welsh (expected 68%)',
    ]);
  });

  it('includes: extra results are fine', () => {
    expect(
      failures(
        matchResults(expectation({ match: 'includes', items: [{ object: 'English', certainty: 75 }] }), query, [
          result('English', 75),
          result('French', 30),
        ]),
      ),
    ).toEqual([]);
  });

  it('tolerance: the case-wide one, overridden per result, inclusive at the bound', () => {
    const items = [{ object: 'English', certainty: 75 }];
    expect(failures(matchResults(expectation({ tolerance: 2, items }), query, [result('English', 77)]))).toEqual([]);
    expect(failures(matchResults(expectation({ tolerance: 2, items }), query, [result('English', 77.5)]))).toEqual([
      'Ada · speaks · English: expected 75% ± 2, got 77.5% (+2.5)',
    ]);
    expect(
      failures(
        matchResults(expectation({ tolerance: 2, items: [{ object: 'English', certainty: 75, tolerance: 10 }] }), query, [
          result('English', 66),
        ]),
      ),
    ).toEqual([]);
  });

  it('an empty exact expectation means "no result"', () => {
    expect(matchResults(expectation({}), query, [])).toEqual([{ area: 'results', passed: true, message: 'no result, as expected' }]);
    expect(failures(matchResults(expectation({}), query, [result('English', 75)]))).toHaveLength(1);
  });

  it('case sensitivity is a setting; numbers match their text', () => {
    expect(
      failures(matchResults(expectation({ items: [{ object: 'english', certainty: 75 }] }), query, [result('English', 75)])),
    ).toHaveLength(2);
    expect(
      failures(
        matchResults(expectation({ caseSensitive: false, items: [{ object: 'english', certainty: 75 }] }), query, [result('English', 75)]),
      ),
    ).toEqual([]);
    expect(failures(matchResults(expectation({ items: [{ object: 5, certainty: 75 }] }), query, [result('5', 75)]))).toEqual([]);
  });
});

describe('questions', () => {
  const expectation = (input: object) => QuestionsExpectationSchema.parse(input);
  const livesIn = question('lives in', 'Ada');
  const aged = question('is aged', 'Ada');
  const lessons = question('took lessons in', 'Ada', 'first-form', 'French');

  it('any order: the listed ones in any order, no others', () => {
    const asked = [{ relationship: 'lives in' }, { relationship: 'is aged' }];
    expect(failures(matchQuestions(expectation({ asked }), [aged, livesIn]))).toEqual([]);
    expect(failures(matchQuestions(expectation({ asked }), [aged, lessons, livesIn]))).toEqual([
      'question 2 (Ada · took lessons in · French, "took lessons in?") was not expected',
    ]);
    expect(failures(matchQuestions(expectation({ asked }), [aged]))).toEqual(['? · lives in · ? was never asked']);
  });

  it('strict order: reports the first divergent question', () => {
    const asked = [{ relationship: 'lives in' }, { relationship: 'is aged' }];
    expect(failures(matchQuestions(expectation({ order: 'strict', asked }), [livesIn, aged]))).toEqual([]);
    const checks = matchQuestions(expectation({ order: 'strict', asked }), [aged, livesIn]);
    expect(failures(checks)).toEqual([
      'first divergent step: question 1 should be ? · lives in · ? but the engine asked Ada · is aged · ? ("is aged?")',
    ]);
    expect(checks.find((check) => !check.passed)?.at).toBe(1);
  });

  it('may ask, must not ask, allow others, at most N', () => {
    expect(
      failures(
        matchQuestions(expectation({ asked: [{ relationship: 'lives in' }], mayAsk: [{ relationship: 'is aged' }] }), [livesIn, aged]),
      ),
    ).toEqual([]);
    expect(
      failures(matchQuestions(expectation({ asked: [{ relationship: 'lives in' }], mayAsk: [{ relationship: 'is aged' }] }), [livesIn])),
    ).toEqual([]);
    expect(
      failures(
        matchQuestions(expectation({ allowOthers: true, mustNotAsk: [{ relationship: 'took lessons in', object: 'french' }] }), [
          livesIn,
          lessons,
        ]),
      ),
    ).toEqual(['question 2 (Ada · took lessons in · French, "took lessons in?") must not be asked']);
    expect(failures(matchQuestions(expectation({ allowOthers: true, maxQuestions: 1 }), [livesIn, aged]))).toEqual([
      '2 questions asked; at most 1 allowed',
    ]);
  });

  it('keys with a subject, object or form only match those questions', () => {
    const other = question('lives in', 'Bruno');
    expect(
      failures(
        matchQuestions(expectation({ asked: [{ relationship: 'Lives In', subject: 'ada', form: 'second-form-object' }] }), [livesIn]),
      ),
    ).toEqual([]);
    expect(failures(matchQuestions(expectation({ asked: [{ relationship: 'lives in', subject: 'Ada' }] }), [other]))).toHaveLength(2);
    expect(failures(matchQuestions(expectation({ asked: [{ relationship: 'lives in', form: 'first-form' }] }), [livesIn]))).toHaveLength(2);
  });
});

describe('evidence and the whole verdict', () => {
  const evidence = {
    'WA:RF:en': ruleEvidence(
      'WA:RF:en',
      { subject: 'Ada', relationship: 'speaks', object: 'English', certainty: 75 },
      {
        name: 'Language of home',
        conditions: [
          { subject: 'Ada', relationship: 'lives in', object: 'England', certainty: 100, factID: 'WA:AF:home' },
          { subject: 'England', relationship: 'national language', object: 'English', certainty: 100, factID: 'WA:XX' },
        ],
      },
    ),
    'WA:AF:home': leafEvidence('WA:AF:home', 'answer', { subject: 'Ada', relationship: 'lives in', object: 'England', certainty: 100 }),
  };
  const observation = makeObservation({ questions: [question('lives in', 'Ada')], results: [result('English', 75, 'WA:RF:en')], evidence });

  it('checks the rule that derived a result and the source of a fact', () => {
    const testCase = makeCase({
      expect: {
        evidence: [
          { kind: 'derived-by-rule', result: { object: 'English' }, rule: 'language of home' },
          { kind: 'derived-by-rule', result: { object: 'English' }, rule: 'Learnt abroad' },
          { kind: 'fact-source', fact: { relationship: 'lives in', object: 'England' }, source: 'answer', result: { object: 'English' } },
          { kind: 'fact-source', fact: { relationship: 'lives in' }, source: 'injection' },
          { kind: 'fact-source', fact: { relationship: 'is aged' }, source: 'injection' },
        ],
      },
    });
    const verdict = evaluateCase(testCase, observation);
    expect(verdict.status).toBe('failed');
    expect(failures(verdict.checks)).toEqual([
      'Ada · speaks · English was derived by rule "Language of home", not "Learnt abroad"',
      '? · lives in · ? came from answer, not injection',
      '? · is aged · ? is not in the evidence',
    ]);
  });

  it('passes when everything holds; diverged replays fail with the first divergent step; errors are errors', () => {
    const testCase = makeCase({
      expect: { results: { items: [{ object: 'English', certainty: 75 }] }, questions: { asked: [{ relationship: 'lives in' }] } },
    });
    expect(evaluateCase(testCase, observation).status).toBe('passed');
    const diverged = evaluateCase(
      testCase,
      makeObservation({
        outcome: 'diverged',
        questions: [question('is aged', 'Ada')],
        stop: { step: 3, message: 'the engine asked "How old is Ada?" and the case has no answer for it' },
      }),
    );
    expect(diverged.status).toBe('failed');
    expect(failures(diverged.checks)[0]).toBe(
      'first divergent step: step 3: the engine asked "How old is Ada?" and the case has no answer for it',
    );
    expect(evaluateCase(testCase, makeObservation({ outcome: 'error', stop: { step: 1, message: 'map not found' } })).status).toBe('error');
  });
});
