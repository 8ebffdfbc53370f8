/** Engine responses and reader outcomes in the shape of the `/nl/interact` reply. */
import type {
  ConsultationResponse,
  FactInput,
  NLError,
  NLInteractResponse,
  Question,
  QueryInput,
  ResultEntry,
} from '../../common/decision-api';
import { isQuestionResponse } from '../../common/decision-api';
import { statusOfCode, type UnderstandingError } from '../understand/errors';
import type { InvalidFact } from '../understand/types';

/** The reply body without metadata (the service adds it). */
export type InteractBody = Omit<NLInteractResponse, 'metadata'>;

/** `facts` of a reply: what was injected, what was refused (with reasons) and what was not placed. */
export interface FactsReport {
  readonly injected: readonly FactInput[];
  readonly invalid: readonly InvalidFact[];
  readonly unmatched: readonly string[];
}

export const EMPTY_REPORT: FactsReport = { injected: [], invalid: [], unmatched: [] };

/** The wire form of a query (`object` as text, `null` when absent, as the seed shows). */
export function wireQuery(query: QueryInput | undefined): InteractBody['query'] {
  if (!query) return null;
  return {
    subject: query.subject ?? null,
    relationship: query.relationship,
    object: query.object === undefined ? null : String(query.object),
  };
}

/**
 * A result in the seed's capitalised names, with the camelCase names the live platform sends as
 * well, so clients written against either read it.
 */
function wireResult(entry: ResultEntry): NonNullable<InteractBody['results']>[number] {
  const object = entry.object === null ? '' : String(entry.object);
  return {
    Subject: entry.subject,
    SubjectValue: entry.subject,
    SubjectMetadata: entry.subjectMetadata,
    Relationship: entry.relationship,
    Object: object,
    ObjectValue: object,
    ObjectMetadata: entry.objectMetadata,
    Certainty: entry.certainty,
    FactID: entry.factID,
    subject: entry.subject,
    relationship: entry.relationship,
    object: entry.object,
    certainty: entry.certainty,
    factID: entry.factID,
  };
}

function wireFacts(report: FactsReport): InteractBody['facts'] {
  return {
    injected: report.injected.map((fact) => ({
      subject: fact.subject,
      relationship: fact.relationship,
      object: fact.object,
      certainty: fact.certainty,
    })),
    invalid: report.invalid.map((fact) => ({
      subject: fact.subject,
      relationship: fact.relationship,
      object: fact.object,
      certainty: fact.certainty,
      reason: fact.reason,
    })),
    unmatched: [...report.unmatched],
  };
}

/** A reply with an engine response: a question (locked) or a result (unlocked). */
export function engineReply(response: ConsultationResponse, query: QueryInput | undefined, report: FactsReport): InteractBody {
  if (isQuestionResponse(response)) {
    return {
      responseType: 'question',
      query: wireQuery(query),
      questions: [response.question, ...(response.extraQuestions ?? [])],
      results: [],
      facts: wireFacts(report),
    };
  }
  return {
    responseType: 'result',
    query: wireQuery(query),
    questions: [],
    results: response.result.map(wireResult),
    facts: wireFacts(report),
  };
}

/** A reply that shows the pending questions again (a new question was ignored, or facts were added). */
export function pendingReply(pending: readonly Question[], query: QueryInput | undefined, report: FactsReport): InteractBody {
  return { responseType: 'question', query: wireQuery(query), questions: [...pending], results: [], facts: wireFacts(report) };
}

/** A reply for statements only: nothing asked, nothing concluded. */
export function factsReply(report: FactsReport): InteractBody {
  return { responseType: 'result', query: null, questions: [], results: [], facts: wireFacts(report) };
}

/** The wire form of an error. */
export function wireError(error: UnderstandingError): NLError {
  return {
    code: error.code,
    message: error.message,
    suggestedChatResponse: error.suggestedChatResponse,
    statusCode: String(statusOfCode(error.code)),
  };
}

/** An error reply; pending questions are included so a chat can ask again. */
export function errorReply(
  error: UnderstandingError,
  query: QueryInput | undefined,
  pending: readonly Question[],
  report: FactsReport,
): InteractBody {
  return {
    responseType: 'error',
    query: wireQuery(query),
    questions: [...pending],
    results: [],
    error: wireError(error),
    facts: wireFacts(report),
    ...(error.quickReplies && error.quickReplies.length > 0 ? { quickReplies: [...error.quickReplies] } : {}),
  };
}
