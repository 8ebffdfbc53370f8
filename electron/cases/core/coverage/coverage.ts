/**
 * Coverage of a suite over a map: which relationships were touched (injected, queried, asked,
 * answered, concluded, or used in evidence), which rules fired (from evidence), which questions
 * were asked in which form, and which answer options were given.
 */
import type { AnswerInput } from '../../../common/decision-api';
import { isRelationshipCondition } from '../model/evidence';
import { sameName } from '../model/keys';
import type { Observation } from '../model/observation';
import type { QuestionForm } from '../model/schema';
import { ruleSignature, type MapOutline } from './outline';

export type RelationshipUse = 'injected' | 'queried' | 'asked' | 'answered' | 'concluded' | 'evidence';

export interface RelationshipCoverage {
  readonly name: string;
  readonly uses: readonly RelationshipUse[];
}

export interface RuleCoverage {
  readonly id: string;
  readonly relationship: string;
  readonly line: number;
  /** Evidence records that show the rule firing. */
  readonly fired: number;
}

export interface QuestionCoverage {
  readonly relationship: string;
  readonly form: QuestionForm;
  readonly asked: number;
  /** Options of the map for this question, and the ones answers gave. */
  readonly options: readonly string[];
  readonly answered: readonly string[];
}

export interface Coverage {
  readonly relationships: readonly RelationshipCoverage[];
  readonly rules: readonly RuleCoverage[];
  readonly questions: readonly QuestionCoverage[];
  readonly totals: {
    readonly relationships: { readonly covered: number; readonly total: number };
    readonly rules: { readonly covered: number; readonly total: number };
    readonly questions: { readonly covered: number; readonly total: number };
    readonly options: { readonly covered: number; readonly total: number };
  };
}

const lower = (text: string) => text.trim().toLowerCase();

/** The value an answer gives for a question of a form (yes/no for first form). */
function answeredValue(answer: AnswerInput, form: QuestionForm): string | undefined {
  if (answer.unanswered) return undefined;
  if (form === 'first-form') return answer.answer ?? 'yes';
  const value = form === 'second-form-subject' ? answer.subject : answer.object;
  return value === undefined ? undefined : String(value);
}

export function computeCoverage(outline: MapOutline, observations: readonly Observation[]): Coverage {
  const uses = new Map<string, Set<RelationshipUse>>(outline.relationships.map((relationship) => [lower(relationship.name), new Set()]));
  const use = (relationship: string, kind: RelationshipUse) => uses.get(lower(relationship))?.add(kind);
  const fired = new Map<string, number>();
  const asked = new Map<string, number>();
  const answered = new Map<string, Set<string>>();
  const byName = new Map(outline.rules.filter((rule) => rule.name !== undefined).map((rule) => [lower(rule.name as string), rule]));
  const bySignature = new Map(outline.rules.map((rule) => [rule.signature, rule]));

  for (const observation of observations) {
    let pending: { relationship: string; form: QuestionForm }[] = [];
    for (const step of observation.steps) {
      if (step.kind === 'inject') for (const fact of step.facts) use(fact.relationship, 'injected');
      else if (step.kind === 'query') use(step.query.relationship, 'queried');
      else if (step.kind === 'questions') {
        pending = step.questions.map((question) => ({ relationship: question.relationship, form: question.form }));
        for (const question of step.questions) {
          use(question.relationship, 'asked');
          const key = `${lower(question.relationship)}|${question.form}`;
          asked.set(key, (asked.get(key) ?? 0) + 1);
        }
      } else if (step.kind === 'answers') {
        for (const answer of step.answers) {
          const question = pending.find((candidate) => sameName(candidate.relationship, answer.relationship));
          if (!question) continue;
          use(answer.relationship, 'answered');
          const value = answeredValue(answer, question.form);
          const key = `${lower(question.relationship)}|${question.form}`;
          if (value !== undefined) answered.set(key, (answered.get(key) ?? new Set()).add(lower(value)));
        }
      }
    }
    for (const result of observation.results) use(result.relationship, 'concluded');
    for (const record of Object.values(observation.evidence)) {
      use(record.fact.relationship.type, 'evidence');
      if (!record.rule) continue;
      const signature = ruleSignature(
        record.fact.relationship.type,
        record.rule.conditions.map((condition) => (isRelationshipCondition(condition) ? { relationship: condition.relationship } : { expression: condition.expression.text })),
      );
      const rule = (record.rule.name === undefined ? undefined : byName.get(lower(record.rule.name))) ?? bySignature.get(signature);
      if (rule) fired.set(rule.id, (fired.get(rule.id) ?? 0) + 1);
    }
  }

  const relationships = outline.relationships.map((relationship) => ({ name: relationship.name, uses: [...(uses.get(lower(relationship.name)) ?? [])].sort() }));
  const rules = outline.rules.map((rule) => ({ id: rule.id, relationship: rule.relationship, line: rule.line, fired: fired.get(rule.id) ?? 0 }));
  const questions = outline.relationships.flatMap((relationship) =>
    relationship.forms.map((form) => {
      const key = `${lower(relationship.name)}|${form}`;
      const options = relationship.options[form] ?? [];
      const given = answered.get(key) ?? new Set<string>();
      return { relationship: relationship.name, form, asked: asked.get(key) ?? 0, options, answered: options.filter((option) => given.has(lower(option))) };
    }),
  );
  const count = <T>(items: readonly T[], covered: (item: T) => boolean) => ({ covered: items.filter(covered).length, total: items.length });
  return {
    relationships,
    rules,
    questions,
    totals: {
      relationships: count(relationships, (item) => item.uses.length > 0),
      rules: count(rules, (item) => item.fired > 0),
      questions: count(questions, (item) => item.asked > 0),
      options: { covered: questions.reduce((sum, item) => sum + item.answered.length, 0), total: questions.reduce((sum, item) => sum + item.options.length, 0) },
    },
  };
}
