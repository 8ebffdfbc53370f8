/**
 * Answering the engine's questions from a case: find the case's answer for each question (the
 * most specific matching key wins) and turn its reply into `/response` answers.
 */
import type { AnswerInput, Question } from '../../common/decision-api';
import { keyMatches, observeQuestion, sameValue, specificity, type ObservedQuestion } from '../core';
import type { CaseAnswer, CaseReply } from '../core';

/** The answer a case gives to a question, if any. Ties go to the one listed first. */
function findAnswer(answers: readonly CaseAnswer[], question: ObservedQuestion): CaseAnswer | undefined {
  let best: CaseAnswer | undefined;
  for (const answer of answers) {
    if (!keyMatches(answer.question, question)) continue;
    if (!best || specificity(answer.question) > specificity(best.question)) best = answer;
  }
  return best;
}

type BuiltAnswers = { readonly ok: true; readonly answers: AnswerInput[] } | { readonly ok: false; readonly message: string };

/** `/response` answers for one question from a reply. */
function buildAnswers(question: Question, reply: CaseReply): BuiltAnswers {
  const { relationship } = question;
  const subject = question.subject === undefined || question.subject === '' ? undefined : question.subject;
  const object = question.object === undefined || question.object === null || question.object === '' ? undefined : question.object;
  if (reply.kind === 'skip') {
    // The identifying side only: the asked side is left out (api-wire.md §2.4).
    return {
      ok: true,
      answers: [
        {
          relationship,
          ...(question.type !== 'Second Form Subject' && subject !== undefined ? { subject } : {}),
          ...(question.type !== 'Second Form Object' && object !== undefined ? { object } : {}),
          unanswered: true,
        },
      ],
    };
  }
  if (question.type === 'First Form') {
    if (reply.kind === 'yes-no') {
      return { ok: true, answers: [{ subject, relationship, object, answer: reply.answer, certainty: reply.certainty ?? 100 }] };
    }
    // Values for a yes/no question: "yes" when the asked object is among them.
    const hit = reply.values.find((value) => sameValue(value.value, object ?? null));
    return { ok: true, answers: [{ subject, relationship, object, answer: hit ? 'yes' : 'no', certainty: hit?.certainty ?? 100 }] };
  }
  if (reply.kind === 'yes-no')
    return {
      ok: false,
      message: `the case answers yes/no, but "${question.prompt}" asks for ${question.type === 'Second Form Subject' ? 'subjects' : 'values'}`,
    };
  if (question.type === 'Second Form Subject') {
    return {
      ok: true,
      answers: reply.values.map((value) => ({
        subject: String(value.value),
        relationship,
        ...(object === undefined ? {} : { object }),
        certainty: value.certainty ?? 100,
      })),
    };
  }
  return {
    ok: true,
    answers: reply.values.map((value) => ({
      ...(subject === undefined ? {} : { subject }),
      relationship,
      object: value.value,
      certainty: value.certainty ?? 100,
    })),
  };
}

type GroupAnswers =
  | { readonly ok: true; readonly questions: ObservedQuestion[]; readonly answers: AnswerInput[] }
  | { readonly ok: false; readonly questions: ObservedQuestion[]; readonly question: ObservedQuestion; readonly message: string };

/** Answers for a question group (a question and its `extraQuestions`), all in one batch, or the first question the case cannot answer. */
export function answerGroup(answers: readonly CaseAnswer[], group: readonly Question[]): GroupAnswers {
  const questions = group.map(observeQuestion);
  const batch: AnswerInput[] = [];
  for (const [index, question] of group.entries()) {
    const observed = questions[index];
    const answer = findAnswer(answers, observed);
    if (!answer)
      return {
        ok: false,
        questions,
        question: observed,
        message: `the engine asked "${question.prompt}" (${describe(observed)}) and the case has no answer for it`,
      };
    const built = buildAnswers(question, answer.reply);
    if (!built.ok) return { ok: false, questions, question: observed, message: built.message };
    batch.push(...built.answers);
  }
  return { ok: true, questions, answers: batch };
}

function describe(question: ObservedQuestion): string {
  return `${question.subject ?? '?'} · ${question.relationship} · ${question.object === undefined ? '?' : String(question.object)}, ${question.form}`;
}
