/**
 * Checking a `/response` batch against the pending question(s) and turning it into facts and
 * asked-set entries. All or nothing: one bad answer refuses the batch and the session stays on the
 * same question.
 */
import type { AnswerInput, Question } from '../../common/decision-api';
import type { DataType, KnowledgeMap, Value } from '../model/types';
import type { AskedState } from '../solver/solver';
import type { QuestionRequest } from '../solver/signals';
import { coerceValue, sameValue } from '../values';
import { objectTypeOf } from '../model/lookup';

export interface PendingQuestion {
  readonly request: QuestionRequest;
  readonly question: Question;
}

export interface PlannedFact {
  readonly subject: string;
  readonly relationship: string;
  readonly object: Value;
  readonly objectType: DataType;
  readonly certainty: number;
}

interface AnswerPlan {
  readonly facts: PlannedFact[];
  readonly asked: Map<string, AskedState>;
}

type PlanResult = { ok: true; plan: AnswerPlan } | { ok: false; messages: string[] };

/** Messages the platform's clients know, kept word for word. */
const UNEXPECTED_RELATIONSHIP = 'Please provide an answer for an expected relationship.';
const SKIP_NOT_ALLOWED = 'Please provide an expected boolean value for unanswered.';

function present(value: AnswerInput['object']): value is string | number | boolean {
  return value !== undefined && value !== '';
}

function findQuestion(map: KnowledgeMap, pending: readonly PendingQuestion[], answer: AnswerInput): PendingQuestion | undefined {
  const candidates = pending.filter((entry) => entry.request.relationship.name === answer.relationship);
  return candidates.find(({ request }) => {
    if (request.form !== 'Second Form Subject' && present(answer.subject) && answer.subject !== request.subject) return false;
    if (request.form === 'Second Form Object' || !present(answer.object) || answer.unanswered) return true;
    const typed = coerceValue(answer.object, objectTypeOf(map, request.relationship.name));
    return typed !== undefined && request.object !== undefined && sameValue(typed, request.object);
  });
}

function isInstance(map: KnowledgeMap, concept: string, name: string): boolean {
  return map.instances.get(concept)?.has(name) ?? false;
}

export function planAnswers(map: KnowledgeMap, pending: readonly PendingQuestion[], answers: readonly AnswerInput[]): PlanResult {
  if (pending.length === 0) return { ok: false, messages: ['There is no pending question to answer; run a query first.'] };
  if (answers.length === 0) return { ok: false, messages: ['Please provide a valid response containing an answers array.'] };
  const messages: string[] = [];
  const facts: PlannedFact[] = [];
  const asked = new Map<string, AskedState>();
  const valuesPerQuestion = new Map<string, number>();
  answers.forEach((answer, index) => {
    const where = `answers[${index}]`;
    const entry = findQuestion(map, pending, answer);
    if (!entry) {
      messages.push(
        `${UNEXPECTED_RELATIONSHIP} (${where}: '${answer.relationship}'${present(answer.subject) ? ` for '${answer.subject}'` : ''} was not asked)`,
      );
      return;
    }
    const { request, question } = entry;
    const relationship = request.relationship;
    if (answer.unanswered) {
      if (!question.allowUnknown && question.knownAnswers.length === 0) {
        messages.push(`${SKIP_NOT_ALLOWED} (${where}: '${relationship.name}' cannot be skipped)`);
        return;
      }
      if (!asked.has(request.key)) asked.set(request.key, 'skipped');
      return;
    }
    let certainty = answer.certainty;
    if (certainty === undefined) {
      messages.push(`${where}: certainty is required (a number from 1 to 100)`);
      return;
    }
    if (!Number.isFinite(certainty) || certainty < 1 || certainty > 100) {
      messages.push(`${where}: certainty ${certainty} is outside 1-100`);
      return;
    }
    // Without allowCF the answerer cannot qualify an answer: it counts as certain.
    if (!relationship.allowCF) certainty = 100;
    const objectType = objectTypeOf(map, relationship.name);
    if (request.form === 'First Form') {
      const reply = answer.answer ?? 'yes';
      asked.set(request.key, reply === 'no' ? 'declined' : 'answered');
      if (reply === 'yes')
        facts.push({
          subject: request.subject ?? '',
          relationship: relationship.name,
          object: request.object ?? null,
          objectType,
          certainty,
        });
      return;
    }
    if (request.form === 'Second Form Object') {
      if (!present(answer.object)) {
        messages.push(`${where}: give a value for '${relationship.name}', or skip with unanswered: true`);
        return;
      }
      const value = coerceValue(answer.object, objectType);
      if (value === undefined) {
        messages.push(`${where}: '${String(answer.object)}' is not a valid ${objectType} for '${relationship.name}'`);
        return;
      }
      if (objectType === 'string' && !relationship.canAdd.object && !isInstance(map, relationship.object, String(value))) {
        messages.push(`${where}: '${String(value)}' is not one of the choices for '${relationship.name}', and new values are not allowed`);
        return;
      }
      const count = (valuesPerQuestion.get(request.key) ?? 0) + 1;
      valuesPerQuestion.set(request.key, count);
      if (!relationship.plural && count > 1) {
        messages.push(`${where}: '${relationship.name}' is singular and takes one answer`);
        return;
      }
      asked.set(request.key, 'answered');
      facts.push({ subject: request.subject ?? '', relationship: relationship.name, object: value, objectType, certainty });
      return;
    }
    // Second Form Subject: the answer names the subject.
    const subject = present(answer.subject) ? String(answer.subject) : '';
    if (subject === '') {
      messages.push(`${where}: give the subject for '${relationship.name}', or skip with unanswered: true`);
      return;
    }
    if (!relationship.canAdd.subject && !isInstance(map, relationship.subject, subject)) {
      messages.push(`${where}: '${subject}' is not one of the choices for '${relationship.name}', and new values are not allowed`);
      return;
    }
    asked.set(request.key, 'answered');
    facts.push({ subject, relationship: relationship.name, object: request.object ?? null, objectType, certainty });
  });
  return messages.length > 0 ? { ok: false, messages } : { ok: true, plan: { facts, asked } };
}
