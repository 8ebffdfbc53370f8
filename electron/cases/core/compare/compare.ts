/**
 * Comparing a case's runs on two targets (draft against live, version N against N + 1, local
 * against remote): result, certainty, question and evidence differences, and whether the case
 * improved (failed before, passes now), regressed (the reverse) or only changed.
 */
import { describeKey, describeTriple } from '../model/keys';
import type { Observation } from '../model/observation';
import type { CaseStatus } from '../match/evaluate';
import { percent } from '../match/results';
import { diffEvidence, type EvidenceDiff } from './evidence';
import { diffQuestions, questionDiffIsEmpty, type QuestionDiff } from './questions';
import { diffResults, resultDiffIsEmpty, type ResultDiff } from './results';

export type CaseChange = 'unchanged' | 'changed' | 'improved' | 'regressed';

export interface CaseComparison {
  readonly caseName: string;
  readonly caseId?: string;
  readonly before: { readonly label: string; readonly status: CaseStatus };
  readonly after: { readonly label: string; readonly status: CaseStatus };
  readonly change: CaseChange;
  readonly results: ResultDiff;
  readonly questions: QuestionDiff;
  readonly evidence: readonly EvidenceDiff[];
}

/** The evidence diffs with something in them (same trees are left out). */
function changedEvidence(diffs: readonly EvidenceDiff[]): EvidenceDiff[] {
  return diffs.filter((diff) => diff.status !== 'same');
}

export function classifyChange(before: CaseStatus, after: CaseStatus, differs: boolean): CaseChange {
  if (before === 'passed' && after !== 'passed') return 'regressed';
  if (before !== 'passed' && after === 'passed') return 'improved';
  return differs || before !== after ? 'changed' : 'unchanged';
}

export function compareObservations(
  identity: { caseName: string; caseId?: string },
  before: { observation: Observation; status: CaseStatus },
  after: { observation: Observation; status: CaseStatus },
): CaseComparison {
  const results = diffResults(before.observation.results, after.observation.results);
  const questions = diffQuestions(before.observation.questions, after.observation.questions);
  const evidence = changedEvidence(diffEvidence(before.observation, after.observation));
  const differs =
    !resultDiffIsEmpty(results) ||
    !questionDiffIsEmpty(questions) ||
    evidence.length > 0 ||
    before.observation.outcome !== after.observation.outcome;
  return {
    caseName: identity.caseName,
    ...(identity.caseId === undefined ? {} : { caseId: identity.caseId }),
    before: { label: before.observation.target.label, status: before.status },
    after: { label: after.observation.target.label, status: after.status },
    change: classifyChange(before.status, after.status, differs),
    results,
    questions,
    evidence,
  };
}

/** Sentences for what differs between two observations (nondeterminism checks, summaries). */
export function describeDifferences(before: Observation, after: Observation): string[] {
  const lines: string[] = [];
  if (before.outcome !== after.outcome) lines.push(`outcome ${before.outcome} → ${after.outcome}`);
  const results = diffResults(before.results, after.results);
  for (const result of results.removed) lines.push(`result ${describeTriple(result)} (${percent(result.certainty)}) only in the first run`);
  for (const result of results.added) lines.push(`result ${describeTriple(result)} (${percent(result.certainty)}) only in the second run`);
  for (const change of results.changed)
    lines.push(`${change.key}: ${percent(change.before.certainty)} → ${percent(change.after.certainty)}`);
  const questions = diffQuestions(before.questions, after.questions);
  if (questions.firstDifference) {
    const { index, before: a, after: b } = questions.firstDifference;
    lines.push(`question ${index + 1}: ${a ? describeKey(a) : 'none'} → ${b ? describeKey(b) : 'none'}`);
  }
  return lines;
}
