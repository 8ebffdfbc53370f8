/**
 * What a chat turn did to the session, in the Runner's terms: the transcript steps it took (facts
 * injected, a query placed, answers given) and the consultation response it left (the pending
 * question or the results), so the Runner and the chat show one session.
 */
import {
  isQuestionResponse,
  QuestionSchema,
  type ConsultationResponse,
  type NLInteractResponse,
  type Question,
  type ResultEntry,
  type SessionFacts,
} from '../../common/decision-api';
import type { AnswerInputData, FactInputData, QueryInputData, TranscriptStep } from '../../common/ipc';

type Triple = NonNullable<NonNullable<NLInteractResponse['facts']>['injected']>[number];
type NLResult = NonNullable<NLInteractResponse['results']>[number];

/** The last response recorded in a transcript: what the Runner shows, and what is pending. */
export function lastResponse(steps: readonly TranscriptStep[]): ConsultationResponse | null {
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const step = steps[index];
    if (step.kind !== 'inject') return step.response;
  }
  return null;
}

/** The pending questions of a response (none for results or no response). */
export function pendingQuestions(response: ConsultationResponse | null): Question[] {
  return response && isQuestionResponse(response) ? [response.question, ...(response.extraQuestions ?? [])] : [];
}

function factOf(triple: Triple): FactInputData | null {
  if (triple.object === null) return null;
  return { subject: triple.subject, relationship: triple.relationship, object: triple.object, certainty: triple.certainty ?? 100 };
}

function resultOf(result: NLResult): ResultEntry | null {
  const subject = result.subject ?? result.Subject;
  const relationship = result.relationship ?? result.Relationship;
  const factID = result.factID ?? result.FactID;
  if (subject === undefined || relationship === undefined || factID === undefined) return null;
  return {
    subject,
    relationship,
    relationshipType: '',
    object: result.object ?? result.Object ?? null,
    certainty: result.certainty ?? result.Certainty ?? 0,
    factID,
    subjectMetadata: (result.SubjectMetadata ?? {}) as ResultEntry['subjectMetadata'],
    objectMetadata: (result.ObjectMetadata ?? {}) as ResultEntry['objectMetadata'],
  };
}

/** The consultation response a reply carries: its questions (full records) or the results of its query. */
export function responseOf(reply: NLInteractResponse, sessionId: string): ConsultationResponse | null {
  if (reply.responseType === 'question') {
    const questions = (reply.questions ?? [])
      .map((question) => QuestionSchema.safeParse(question))
      .filter((parsed) => parsed.success)
      .map((parsed) => parsed.data);
    if (questions.length === 0) return null;
    return { question: questions[0], ...(questions.length > 1 ? { extraQuestions: questions.slice(1) } : {}), sid: sessionId };
  }
  if (reply.responseType === 'result' && reply.query) {
    const result = (reply.results ?? []).map(resultOf).filter((entry): entry is ResultEntry => entry !== null);
    return { result, queryProfile: [], stats: {}, sid: sessionId };
  }
  return null;
}

function queryOf(query: NonNullable<NLInteractResponse['query']>): QueryInputData | null {
  const subject = query.subject ?? undefined;
  const object = query.object ?? undefined;
  if (subject === undefined && object === undefined) return null;
  return { relationship: query.relationship, ...(subject !== undefined ? { subject } : {}), ...(object !== undefined ? { object } : {}) };
}

/**
 * The answers a turn gave to the pending questions, read back from the session's answered facts
 * (the reply does not repeat them). A question with no answered fact was skipped.
 */
export function answersFrom(pending: readonly Question[], facts: SessionFacts | undefined): AnswerInputData[] {
  const answered = facts ? [...facts.global, ...facts.local, ...facts.context].filter((fact) => fact.source === 'answer') : [];
  return pending.flatMap((question): AnswerInputData[] => {
    const matches = answered.filter(
      (fact) =>
        fact.relationship === question.relationship &&
        (question.subject === undefined || fact.subject.value === question.subject) &&
        (question.object === undefined || question.object === null || fact.object.value === question.object),
    );
    const known = { relationship: question.relationship, ...(question.subject !== undefined ? { subject: question.subject } : {}) };
    if (matches.length === 0) {
      if (!facts) return [{ ...known, ...(question.object != null ? { object: question.object } : {}) }];
      return [{ ...known, ...(question.object != null ? { object: question.object } : {}), unanswered: true }];
    }
    return matches.map((fact) => ({
      relationship: question.relationship,
      subject: String(fact.subject.value),
      ...(fact.object.value !== null ? { object: fact.object.value } : {}),
      certainty: Math.min(100, Math.max(1, fact.certainty)),
    }));
  });
}

interface ChatTurn {
  /** Steps to append to the transcript, in order. */
  readonly steps: TranscriptStep[];
  /** The response the Runner shows now, or null when the turn did not change it. */
  readonly response: ConsultationResponse | null;
  /** Whether the turn answered the pending questions (the answers are read from the session). */
  readonly answered: boolean;
}

function sameQuestions(a: readonly Question[], b: readonly Question[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The steps of one turn, given what was pending before it. Answers are filled in by the caller
 * (`answersFrom`) when `answered` is true: the respond step is last and starts without answers.
 */
export function chatTurn(reply: NLInteractResponse, before: ConsultationResponse | null, sessionId: string, at: string): ChatTurn {
  const steps: TranscriptStep[] = [];
  const facts = (reply.facts?.injected ?? []).map(factOf).filter((fact): fact is FactInputData => fact !== null);
  if (facts.length > 0) steps.push({ kind: 'inject', at, facts, response: { result: 'OK' } });
  const response = reply.responseType === 'error' ? null : responseOf(reply, sessionId);
  if (!response) return { steps, response: null, answered: false };
  const pending = pendingQuestions(before);
  if (pending.length === 0) {
    const query = reply.query ? queryOf(reply.query) : null;
    if (!query) return { steps, response: null, answered: false };
    steps.push({ kind: 'query', at, query, response });
    return { steps, response, answered: false };
  }
  // Locked: the same questions again means the turn was ignored or only added facts.
  if (sameQuestions(pendingQuestions(response), pending)) return { steps, response, answered: false };
  steps.push({ kind: 'respond', at, answers: [], response });
  return { steps, response, answered: true };
}
