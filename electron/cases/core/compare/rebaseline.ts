/**
 * Re-baselining: accepting what a replay observed as a case's new expectations, with the list of
 * expectation changes so they can be shown (and confirmed) before anything is saved. Cases keep
 * their shape: modes, tolerances and optional questions stay; only what was observed moves.
 */
import { evidenceTree, factOf } from '../model/evidence';
import { describeKey, describeTriple, keyMatches, keyOf, sameName, sameValue } from '../model/keys';
import type { Observation, ObservedResult } from '../model/observation';
import { CaseErrorCodes, fail, ok, type CaseResult } from '../model/problems';
import type {
  CaseExpectations,
  EvidenceExpectation,
  ExpectedResult,
  QuestionKey,
  QuestionsExpectation,
  ResultsExpectation,
  TestCase,
} from '../model/schema';
import { percent, resolveKey, resultMatches } from '../match/results';

export interface ExpectationChange {
  readonly area: 'results' | 'questions' | 'evidence';
  readonly kind: 'added' | 'removed' | 'changed';
  readonly message: string;
}

interface Rebaseline {
  readonly updated: TestCase;
  readonly changes: readonly ExpectationChange[];
}

function expectedFrom(result: ObservedResult, testCase: TestCase, previous: ExpectedResult | undefined): ExpectedResult {
  const { query } = testCase;
  return {
    // Subject and relationship are left out when they are the query's (as people write cases).
    ...(query.subject !== undefined && result.subject === query.subject ? {} : { subject: result.subject }),
    ...(result.relationship === query.relationship ? {} : { relationship: result.relationship }),
    object: result.object ?? '',
    certainty: result.certainty,
    ...(previous?.tolerance === undefined ? {} : { tolerance: previous.tolerance }),
  };
}

function rebaselineResults(testCase: TestCase, observation: Observation, changes: ExpectationChange[]): ResultsExpectation {
  const old: ResultsExpectation = testCase.expect.results ?? { match: 'exact', tolerance: 0, caseSensitive: true, items: [] };
  const matched = new Set<ExpectedResult>();
  const items = observation.results.map((result) => {
    const previous = old.items.find(
      (item) => !matched.has(item) && resultMatches(resolveKey(item, testCase.query), result, old.caseSensitive),
    );
    if (previous) {
      matched.add(previous);
      if (Math.abs(previous.certainty - result.certainty) > 1e-9) {
        changes.push({
          area: 'results',
          kind: 'changed',
          message: `${describeTriple(result)}: ${percent(previous.certainty)} → ${percent(result.certainty)}`,
        });
      }
    } else {
      changes.push({ area: 'results', kind: 'added', message: `${describeTriple(result)} at ${percent(result.certainty)}` });
    }
    return expectedFrom(result, testCase, previous);
  });
  for (const item of old.items) {
    if (!matched.has(item))
      changes.push({
        area: 'results',
        kind: 'removed',
        message: `${describeTriple(resolveKey(item, testCase.query))} (was ${percent(item.certainty)})`,
      });
  }
  if (!testCase.expect.results && items.length === 0) changes.push({ area: 'results', kind: 'added', message: 'no result' });
  return { ...old, items };
}

function rebaselineQuestions(old: QuestionsExpectation, observation: Observation, changes: ExpectationChange[]): QuestionsExpectation {
  const consumed = new Set<number>();
  /** Old positions in the order they were asked now. */
  const observedOrder: number[] = [];
  const asked: QuestionKey[] = [];
  for (const question of observation.questions) {
    const index = old.asked.findIndex((key, position) => !consumed.has(position) && keyMatches(key, question));
    if (index >= 0) {
      consumed.add(index);
      observedOrder.push(index);
      asked.push(old.asked[index]);
      continue;
    }
    // Optional questions stay optional; anything else asked becomes expected.
    if (old.mayAsk.some((key) => keyMatches(key, question))) continue;
    asked.push(keyOf(question));
    changes.push({ area: 'questions', kind: 'added', message: `${describeKey(question)} is now expected` });
  }
  old.asked.forEach((key, index) => {
    if (!consumed.has(index)) changes.push({ area: 'questions', kind: 'removed', message: `${describeKey(key)} is no longer expected` });
  });
  const mustNotAsk = old.mustNotAsk.filter((key) => {
    const violated = observation.questions.some((question) => keyMatches(key, question));
    if (violated) changes.push({ area: 'questions', kind: 'removed', message: `${describeKey(key)} may now be asked` });
    return !violated;
  });
  let maxQuestions = old.maxQuestions;
  if (maxQuestions !== undefined && observation.questions.length > maxQuestions) {
    changes.push({ area: 'questions', kind: 'changed', message: `at most ${maxQuestions} → ${observation.questions.length} questions` });
    maxQuestions = observation.questions.length;
  }
  if (old.order === 'strict' && observedOrder.some((position, index) => index > 0 && position < observedOrder[index - 1])) {
    changes.push({ area: 'questions', kind: 'changed', message: 'the expected order now follows the one observed' });
  }
  return { ...old, asked, mustNotAsk, ...(maxQuestions === undefined ? {} : { maxQuestions }) };
}

function rebaselineEvidence(testCase: TestCase, observation: Observation, changes: ExpectationChange[]): EvidenceExpectation[] {
  return testCase.expect.evidence.flatMap((expectation): EvidenceExpectation[] => {
    const findResult = (key: NonNullable<EvidenceExpectation['result']>) =>
      observation.results.find((result) => resultMatches(resolveKey(key, testCase.query), result));
    if (expectation.kind === 'derived-by-rule') {
      const result = findResult(expectation.result);
      const rule = result ? observation.evidence[result.factID]?.rule?.name : undefined;
      const name = describeTriple(resolveKey(expectation.result, testCase.query));
      if (rule === undefined) {
        changes.push({
          area: 'evidence',
          kind: 'removed',
          message: `${name} derived by rule "${expectation.rule}": no named rule derives it now`,
        });
        return [];
      }
      if (!sameName(rule, expectation.rule))
        changes.push({ area: 'evidence', kind: 'changed', message: `${name}: rule "${expectation.rule}" → "${rule}"` });
      return [{ ...expectation, rule }];
    }
    const result = expectation.result ? findResult(expectation.result) : undefined;
    const records = expectation.result
      ? result
        ? evidenceTree(observation.evidence, result.factID)
        : []
      : Object.values(observation.evidence);
    const sources = records
      .filter((record) => {
        const fact = factOf(record);
        return (
          sameName(expectation.fact.relationship, fact.relationship) &&
          (expectation.fact.subject === undefined || sameValue(expectation.fact.subject, fact.subject)) &&
          (expectation.fact.object === undefined || sameValue(expectation.fact.object, fact.object))
        );
      })
      .map((record) => record.source);
    if (sources.length === 0) {
      changes.push({
        area: 'evidence',
        kind: 'removed',
        message: `${describeTriple(expectation.fact)} from ${expectation.source}: no longer in the evidence`,
      });
      return [];
    }
    if (sources.includes(expectation.source)) return [expectation];
    changes.push({
      area: 'evidence',
      kind: 'changed',
      message: `${describeTriple(expectation.fact)}: source ${expectation.source} → ${sources[0]}`,
    });
    return [{ ...expectation, source: sources[0] }];
  });
}

/** The case with the observation's results (and questions and evidence, where it had expectations on them) as expectations. */
export function rebaseline(testCase: TestCase, observation: Observation): CaseResult<Rebaseline> {
  if (observation.outcome !== 'completed') {
    const where = observation.stop ? ` at step ${observation.stop.step} (${observation.stop.message})` : '';
    return fail({
      code: CaseErrorCodes.invalid,
      message: `cannot re-baseline "${testCase.name}": the replay ${observation.outcome === 'diverged' ? 'diverged' : 'did not complete'}${where}`,
    });
  }
  const changes: ExpectationChange[] = [];
  const expect: CaseExpectations = {
    ...testCase.expect,
    results: rebaselineResults(testCase, observation, changes),
    ...(testCase.expect.questions ? { questions: rebaselineQuestions(testCase.expect.questions, observation, changes) } : {}),
    evidence: rebaselineEvidence(testCase, observation, changes),
  };
  return ok({ updated: { ...testCase, expect }, changes });
}
