/** A case's verdict on one observation: every expectation checked, and a status. */
import type { Observation } from '../model/observation';
import type { TestCase } from '../model/schema';
import { failure, pass, type Check } from './check';
import { matchEvidence } from './evidence';
import { matchQuestions } from './questions';
import { matchResults } from './results';

/** `error`: the target failed (unreachable, refused a call); `failed`: it answered, but not as expected. */
export type CaseStatus = 'passed' | 'failed' | 'error' | 'cancelled';

export interface Verdict {
  readonly status: CaseStatus;
  readonly checks: readonly Check[];
}

export function evaluateCase(testCase: TestCase, observation: Observation): Verdict {
  const checks: Check[] = [];
  const stop = observation.stop;
  if (observation.outcome === 'cancelled') return { status: 'cancelled', checks: [failure('replay', 'cancelled')] };
  if (observation.outcome === 'error') {
    return { status: 'error', checks: [failure('replay', stop ? `step ${stop.step}: ${stop.message}` : 'the replay failed', stop?.step)] };
  }
  if (observation.outcome === 'diverged') {
    checks.push(
      failure('replay', `first divergent step: step ${stop?.step ?? '?'}: ${stop?.message ?? 'unexpected question'}`, stop?.step),
    );
  } else {
    checks.push(pass('replay', `replayed in ${observation.steps.length} steps`));
  }
  const { expect } = testCase;
  if (expect.questions) checks.push(...matchQuestions(expect.questions, observation.questions));
  if (observation.outcome === 'completed') {
    if (expect.results) checks.push(...matchResults(expect.results, testCase.query, observation.results));
    checks.push(...matchEvidence(expect.evidence, testCase.query, observation));
  }
  return { status: checks.every((check) => check.passed) ? 'passed' : 'failed', checks };
}
