/**
 * Which cases exercised each part of a map: the coverage of every case on its own, folded into
 * case names per relationship, rule and question. What the coverage map shows when an element is
 * clicked; kept apart from `computeCoverage` so the suite's totals stay one pass over the run.
 */
import type { Observation } from '../model/observation';
import type { QuestionForm } from '../model/schema';
import { computeCoverage } from './coverage';
import type { MapOutline } from './outline';

export interface CoverageAttribution {
  /** Relationship name → names of the cases that used it. */
  readonly relationships: Readonly<Record<string, readonly string[]>>;
  /** Rule id → names of the cases whose evidence shows it firing. */
  readonly rules: Readonly<Record<string, readonly string[]>>;
  /** `questionKey(relationship, form)` → names of the cases that were asked it. */
  readonly questions: Readonly<Record<string, readonly string[]>>;
}

/** The key of a question in `CoverageAttribution.questions`. */
export function questionKey(relationship: string, form: QuestionForm): string {
  return `${relationship}|${form}`;
}

export function attributeCoverage(outline: MapOutline, cases: readonly { readonly caseName: string; readonly observation: Observation }[]): CoverageAttribution {
  const relationships: Record<string, string[]> = {};
  const rules: Record<string, string[]> = {};
  const questions: Record<string, string[]> = {};
  const add = (into: Record<string, string[]>, key: string, name: string) => {
    const names = (into[key] ??= []);
    if (!names.includes(name)) names.push(name);
  };
  for (const { caseName, observation } of cases) {
    const coverage = computeCoverage(outline, [observation]);
    for (const relationship of coverage.relationships) if (relationship.uses.length > 0) add(relationships, relationship.name, caseName);
    for (const rule of coverage.rules) if (rule.fired > 0) add(rules, rule.id, caseName);
    for (const question of coverage.questions) if (question.asked > 0) add(questions, questionKey(question.relationship, question.form), caseName);
  }
  return { relationships, rules, questions };
}
