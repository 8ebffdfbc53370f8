/**
 * Results against expectations: each expected result must be there within its certainty
 * tolerance; in `exact` mode nothing else may be.
 */
import { describeTriple, sameName, sameValue } from '../model/keys';
import type { ObservedResult } from '../model/observation';
import type { CaseQuery, CaseValue, ExpectedResult, ResultKey, ResultsExpectation } from '../model/schema';
import { failure, pass, type Check } from './check';

/** An expected triple with the query's subject and relationship filled in where it left them out. */
interface ResolvedKey {
  readonly subject?: string;
  readonly relationship: string;
  readonly object: CaseValue;
}

export function resolveKey(key: ResultKey | ExpectedResult, query: CaseQuery): ResolvedKey {
  const subject = key.subject ?? query.subject;
  return { ...(subject === undefined ? {} : { subject }), relationship: key.relationship ?? query.relationship, object: key.object };
}

/** Whether an actual result is the one a key names (an unknown subject matches any). */
export function resultMatches(key: ResolvedKey, result: ObservedResult, caseSensitive = false): boolean {
  return (
    sameName(key.relationship, result.relationship) &&
    (key.subject === undefined || sameValue(key.subject, result.subject, caseSensitive)) &&
    sameValue(key.object, result.object, caseSensitive)
  );
}

/** Certainty with at most two decimals, as people read it. */
export function percent(value: number): string {
  return `${Math.round(value * 100) / 100}%`;
}

export function matchResults(expectation: ResultsExpectation, query: CaseQuery, results: readonly ObservedResult[]): Check[] {
  const checks: Check[] = [];
  const used = new Set<ObservedResult>();
  for (const item of expectation.items) {
    const key = resolveKey(item, query);
    const actual = results.find((result) => !used.has(result) && resultMatches(key, result, expectation.caseSensitive));
    const tolerance = item.tolerance ?? expectation.tolerance;
    const name = describeTriple(key);
    if (!actual) {
      checks.push(failure('results', `missing result ${name} (expected ${percent(item.certainty)})`));
      continue;
    }
    used.add(actual);
    const delta = actual.certainty - item.certainty;
    if (Math.abs(delta) > tolerance + 1e-9) {
      const sign = delta > 0 ? '+' : '';
      checks.push(
        failure(
          'results',
          `${name}: expected ${percent(item.certainty)} ± ${tolerance}, got ${percent(actual.certainty)} (${sign}${Math.round(delta * 100) / 100})`,
        ),
      );
    } else {
      checks.push(pass('results', `${name} at ${percent(actual.certainty)}`));
    }
  }
  if (expectation.match === 'exact') {
    for (const result of results) {
      if (!used.has(result)) checks.push(failure('results', `unexpected result ${describeTriple(result)} at ${percent(result.certainty)}`));
    }
    if (expectation.items.length === 0 && results.length === 0) checks.push(pass('results', 'no result, as expected'));
  }
  return checks;
}
