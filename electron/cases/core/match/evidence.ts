/**
 * Evidence expectations: a result derived by a named rule, a fact that came from a given source
 * (anywhere in the evidence, or under one result).
 */
import { evidenceTree, factOf } from '../model/evidence';
import { describeTriple, sameName, sameValue } from '../model/keys';
import type { Observation } from '../model/observation';
import type { CaseQuery, EvidenceExpectation, FactPattern } from '../model/schema';
import { failure, pass, type Check } from './check';
import { resolveKey, resultMatches } from './results';
import type { EvidenceRecord } from '../../../common/decision-api';

function factMatches(pattern: FactPattern, record: EvidenceRecord): boolean {
  const fact = factOf(record);
  return (
    sameName(pattern.relationship, fact.relationship) &&
    (pattern.subject === undefined || sameValue(pattern.subject, fact.subject)) &&
    (pattern.object === undefined || sameValue(pattern.object, fact.object))
  );
}

function checkOne(expectation: EvidenceExpectation, query: CaseQuery, observation: Observation): Check {
  const findResult = (key: NonNullable<EvidenceExpectation['result']>) => {
    const resolved = resolveKey(key, query);
    return { resolved, result: observation.results.find((result) => resultMatches(resolved, result)) };
  };
  if (expectation.kind === 'derived-by-rule') {
    const { resolved, result } = findResult(expectation.result);
    const name = describeTriple(resolved);
    if (!result) return failure('evidence', `${name}: no such result, so no rule to check`);
    const record = observation.evidence[result.factID];
    if (!record) return failure('evidence', `${name}: its evidence could not be fetched`);
    if (!record.rule) return failure('evidence', `${name} came from ${record.source}, not from rule "${expectation.rule}"`);
    const ruleName = record.rule.name;
    if (ruleName !== undefined && sameName(ruleName, expectation.rule)) return pass('evidence', `${name} derived by rule "${ruleName}"`);
    return failure(
      'evidence',
      `${name} was derived by ${ruleName === undefined ? 'an unnamed rule' : `rule "${ruleName}"`}, not "${expectation.rule}"`,
    );
  }
  let records: EvidenceRecord[];
  let scope = 'the evidence';
  if (expectation.result) {
    const { resolved, result } = findResult(expectation.result);
    scope = `the evidence of ${describeTriple(resolved)}`;
    if (!result) return failure('evidence', `${describeTriple(resolved)}: no such result, so no evidence to search`);
    records = evidenceTree(observation.evidence, result.factID);
  } else {
    records = Object.values(observation.evidence);
  }
  const matching = records.filter((record) => factMatches(expectation.fact, record));
  const name = describeTriple(expectation.fact);
  if (matching.some((record) => record.source === expectation.source)) return pass('evidence', `${name} came from ${expectation.source}`);
  if (matching.length === 0) return failure('evidence', `${name} is not in ${scope}`);
  const sources = [...new Set(matching.map((record) => record.source))].join(', ');
  return failure('evidence', `${name} came from ${sources}, not ${expectation.source}`);
}

export function matchEvidence(expectations: readonly EvidenceExpectation[], query: CaseQuery, observation: Observation): Check[] {
  return expectations.map((expectation) => checkOne(expectation, query, observation));
}
