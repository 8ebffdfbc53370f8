/**
 * One step's reply against the reply recorded for it (replaying a saved consultation), with the
 * expectations a test case saved from that consultation would have: the results exactly, with the
 * recorded certainties (tolerance 0, case-sensitive), and the same questions in the same order.
 * One meaning of "the same reply" for cases and saved consultations.
 */
import { isQuestionResponse, type ConsultationResponse, type Question } from '../../../common/decision-api';
import { describeKey, keyMatches, keyOf, observeQuestion } from '../model/keys';
import type { ObservedResult } from '../model/observation';
import type { CaseQuery, CaseValue, ResultsExpectation } from '../model/schema';
import { matchResults } from './results';

/** What a case saved from a consultation expects of its results: these, exactly. */
export function recordedResultsExpectation(
  results: readonly { readonly subject: string; readonly relationship: string; readonly object: CaseValue; readonly certainty: number }[],
): ResultsExpectation {
  return {
    match: 'exact',
    tolerance: 0,
    caseSensitive: true,
    items: results.map((result) => ({
      subject: result.subject,
      relationship: result.relationship,
      object: result.object,
      certainty: result.certainty,
    })),
  };
}

interface ReplyComparison {
  readonly same: boolean;
  /** What differs, in words (empty when the replies are the same). */
  readonly differences: readonly string[];
}

function questionsOf(response: ConsultationResponse): Question[] {
  return isQuestionResponse(response) ? [response.question, ...(response.extraQuestions ?? [])] : [];
}

function observedResults(response: ConsultationResponse): ObservedResult[] {
  return isQuestionResponse(response)
    ? []
    : response.result.map(({ subject, relationship, object, certainty, factID }) => ({ subject, relationship, object, certainty, factID }));
}

/** Compares a reply with the recorded one; `query` is the consultation's query (results name their own triples). */
export function compareReplies(recorded: ConsultationResponse, now: ConsultationResponse, query: CaseQuery): ReplyComparison {
  const recordedQuestions = questionsOf(recorded).map(observeQuestion);
  const nowQuestions = questionsOf(now).map(observeQuestion);
  if (isQuestionResponse(recorded) !== isQuestionResponse(now)) {
    const what = (response: ConsultationResponse) =>
      isQuestionResponse(response)
        ? `a question (${describeKey(observeQuestion(response.question))})`
        : `${response.result.length} result(s)`;
    return { same: false, differences: [`recorded ${what(recorded)}, now ${what(now)}`] };
  }
  if (isQuestionResponse(recorded)) {
    const differences: string[] = [];
    const count = Math.max(recordedQuestions.length, nowQuestions.length);
    for (let index = 0; index < count; index += 1) {
      const before = recordedQuestions[index];
      const after = nowQuestions[index];
      if (before && after && keyMatches(keyOf(before), after)) continue;
      differences.push(
        `question ${index + 1}: recorded ${before ? describeKey(before) : 'none'}, now ${after ? describeKey(after) : 'none'}`,
      );
    }
    return { same: differences.length === 0, differences };
  }
  const expected = recordedResultsExpectation(
    observedResults(recorded).filter((result): result is ObservedResult & { object: CaseValue } => result.object !== null),
  );
  const differences = matchResults(expected, query, observedResults(now))
    .filter((check) => !check.passed)
    .map((check) => check.message);
  return { same: differences.length === 0, differences };
}
