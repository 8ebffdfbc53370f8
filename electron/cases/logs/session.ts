/**
 * A consultation as a log tells it (the first start, the injected facts, the query, each question
 * group with the answers given to it, the results), and the case that replays it with the
 * expectations filled in from what happened: the same results exactly, the same questions in the
 * same order. Also used for "save as test case" in the workbench.
 */
import type { InteractionEntry } from '../../common/decision-api';
import { keyOf, recordedResultsExpectation, type ObservedQuestion } from '../core';
import { CaseErrorCodes, fail, ok, type CaseResult } from '../core';
import {
  CASE_FORMAT_VERSION,
  TestCaseSchema,
  type CaseAnswer,
  type CaseFact,
  type CaseQuery,
  type CaseValue,
  type QuestionForm,
  type TestCase,
  type CaseVersion,
} from '../core';

export interface RecordedQuestion {
  readonly relationship: string;
  readonly subject?: string;
  readonly object?: CaseValue;
  readonly prompt?: string;
  /** Known when the source says it (the workbench); inferred from which side is given otherwise. */
  readonly form?: QuestionForm;
}

export interface RecordedAnswer {
  readonly relationship: string;
  readonly subject?: string | undefined;
  readonly object?: CaseValue | undefined;
  readonly certainty?: number | undefined;
  readonly answer?: string | undefined;
  readonly unanswered?: boolean | undefined;
}

export interface RecordedSession {
  readonly sessionId?: string;
  readonly kmVersionId?: string;
  readonly useDraft?: boolean;
  readonly facts: readonly CaseFact[];
  readonly query?: CaseQuery;
  readonly exchanges: readonly { readonly questions: readonly RecordedQuestion[]; readonly answers: readonly RecordedAnswer[] }[];
  readonly results: readonly {
    readonly subject: string;
    readonly relationship: string;
    readonly object: CaseValue;
    readonly certainty: number;
  }[];
  /** Things of the log a single case cannot hold (a second query, ...). */
  readonly notes: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : undefined;
const valueOf = (value: unknown): CaseValue | undefined =>
  typeof value === 'string'
    ? value === ''
      ? undefined
      : value
    : typeof value === 'number' || typeof value === 'boolean'
      ? value
      : undefined;
const certaintyOf = (item: Record<string, unknown>): number | undefined => {
  const raw = item.certainty ?? item.cf;
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(number) ? Math.min(100, Math.max(1, number)) : undefined;
};
const listOf = (values: Record<string, unknown>, key: string): Record<string, unknown>[] =>
  Array.isArray(values[key]) ? (values[key] as unknown[]).filter(isRecord) : [];

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index])) return index;
  return -1;
}

const questionId = (question: RecordedQuestion) =>
  `${question.relationship}|${question.subject ?? ''}|${question.object === undefined ? '' : String(question.object)}`.toLowerCase();

function sameQuestions(a: readonly RecordedQuestion[], b: readonly RecordedQuestion[]): boolean {
  return a.length === b.length && a.every((question, index) => questionId(question) === questionId(b[index]));
}

/** Reads the first consultation of a log; undos (which logs do not record) are inferred from re-asked questions. */
export function sessionFromLog(entries: readonly InteractionEntry[]): RecordedSession {
  const notes: string[] = [];
  const facts: CaseFact[] = [];
  const exchanges: { questions: RecordedQuestion[]; answers: RecordedAnswer[] }[] = [];
  let results: RecordedSession['results'] = [];
  let query: CaseQuery | undefined;
  let start: Record<string, unknown> | undefined;
  for (const entry of entries) {
    const values = entry.values;
    if (entry.event === 'start' && !start) start = isRecord(values.start) ? values.start : values;
    else if (entry.event === 'inject') {
      for (const fact of listOf(values, 'facts')) {
        const subject = text(fact.subject);
        const relationship = text(fact.relationship);
        const object = valueOf(fact.object);
        if (subject && relationship && object !== undefined)
          facts.push({ subject, relationship, object, certainty: certaintyOf(fact) ?? 100 });
        else notes.push('an injected fact without subject, relationship or object was left out');
      }
    } else if (entry.event === 'query') {
      const raw = isRecord(values.query) ? values.query : {};
      const relationship = text(raw.relationship);
      if (query) notes.push(`a later query (${relationship ?? '?'}) was left out: a case has one query`);
      else if (relationship) {
        const subject = text(raw.subject);
        const object = valueOf(raw.object);
        query = { relationship, ...(subject ? { subject } : {}), ...(object === undefined ? {} : { object }) };
      }
    } else if (entry.event === 'question' && query) {
      const questions = listOf(values, 'questions').flatMap((item): RecordedQuestion[] => {
        const relationship = text(item.relationship);
        if (!relationship) return [];
        const subject = text(item.subject);
        const object = valueOf(item.object);
        const prompt = text(item.prompt);
        return [
          { relationship, ...(subject ? { subject } : {}), ...(object === undefined ? {} : { object }), ...(prompt ? { prompt } : {}) },
        ];
      });
      // A question right after an unanswered one means an undo went back (undo is not logged):
      // the exchanges from the earlier asking of the same question on were taken back.
      const last = exchanges[exchanges.length - 1];
      if (last && last.answers.length === 0) {
        const same = findLastIndex(exchanges, (exchange) => sameQuestions(exchange.questions, questions));
        exchanges.length = same >= 0 ? same : exchanges.length - 1;
        results = [];
      } else if (results.length > 0) {
        results = [];
      }
      exchanges.push({ questions, answers: [] });
    } else if (entry.event === 'answer' && query) {
      const last = exchanges[exchanges.length - 1];
      const answers = listOf(values, 'answers').flatMap((item): RecordedAnswer[] => {
        const relationship = text(item.relationship);
        if (!relationship) return [];
        const subject = text(item.subject);
        const object = valueOf(item.object);
        const certainty = certaintyOf(item);
        return [
          {
            relationship,
            ...(subject ? { subject } : {}),
            ...(object === undefined ? {} : { object }),
            ...(certainty === undefined ? {} : { certainty }),
            ...(typeof item.answer === 'string' ? { answer: item.answer } : {}),
            ...(item.unanswered === true ? { unanswered: true } : {}),
          },
        ];
      });
      if (last) last.answers.push(...answers);
      else notes.push('answers before any question were left out');
    } else if (entry.event === 'result' && query) {
      results = listOf(values, 'results').flatMap((item) => {
        const subject = text(item.subject);
        const relationship = text(item.relationship);
        const object = valueOf(item.object);
        const certainty = certaintyOf(item);
        return subject && relationship && object !== undefined && certainty !== undefined
          ? [{ subject, relationship, object, certainty }]
          : [];
      });
    } else if (entry.event === 'datasource') {
      // Datasource calls happen again on replay; nothing to carry.
    }
  }
  const sessionId = text(start?.sessionID);
  const kmVersionId = text(start?.kmVersionID ?? start?.kmVersion);
  return {
    ...(sessionId ? { sessionId } : {}),
    ...(kmVersionId ? { kmVersionId } : {}),
    ...(typeof start?.useDraft === 'boolean' ? { useDraft: start.useDraft } : {}),
    facts,
    ...(query ? { query } : {}),
    exchanges,
    results,
    notes,
  };
}

function formOf(question: RecordedQuestion): QuestionForm {
  if (question.form) return question.form;
  if (question.subject !== undefined && question.object !== undefined) return 'first-form';
  return question.subject !== undefined ? 'second-form-object' : 'second-form-subject';
}

function observed(question: RecordedQuestion): ObservedQuestion {
  const form = formOf(question);
  return {
    relationship: question.relationship,
    ...(form !== 'second-form-subject' && question.subject !== undefined ? { subject: question.subject } : {}),
    ...(form !== 'second-form-object' && question.object !== undefined ? { object: question.object } : {}),
    form,
    prompt: question.prompt ?? '',
  };
}

/** The case's answer to one question from the answers given to it. */
function answerFor(question: ObservedQuestion, given: readonly RecordedAnswer[]): CaseAnswer | undefined {
  const mine = given.filter((answer) => answer.relationship.trim().toLowerCase() === question.relationship.trim().toLowerCase());
  if (mine.length === 0) return undefined;
  const key = keyOf(question);
  if (mine.every((answer) => answer.unanswered)) return { question: key, reply: { kind: 'skip' } };
  if (question.form === 'first-form') {
    const first = mine[0];
    const no = typeof first.answer === 'string' && first.answer.trim().toLowerCase() === 'no';
    return {
      question: key,
      reply: { kind: 'yes-no', answer: no ? 'no' : 'yes', ...(first.certainty === undefined ? {} : { certainty: first.certainty }) },
    };
  }
  const values = mine
    .filter((answer) => !answer.unanswered)
    .flatMap((answer) => {
      const value = question.form === 'second-form-subject' ? answer.subject : answer.object;
      return value === undefined ? [] : [{ value, ...(answer.certainty === undefined ? {} : { certainty: answer.certainty }) }];
    });
  return values.length > 0 ? { question: key, reply: { kind: 'values', values } } : undefined;
}

interface CaseFromSession {
  readonly testCase: TestCase;
  /** What the session held that the case does not (unanswered questions, a second query, ...). */
  readonly notes: readonly string[];
}

/** A case that replays the session, expecting what happened: its results exactly and its questions in order. */
export function caseFromSession(
  session: RecordedSession,
  meta: { name: string; mapId: string; version?: CaseVersion; suite?: string; tags?: readonly string[]; description?: string },
): CaseResult<CaseFromSession> {
  if (!session.query) return fail({ code: CaseErrorCodes.invalid, message: 'the session has no query, so there is nothing to replay' });
  const notes = [...session.notes];
  const answers: CaseAnswer[] = [];
  const asked: ObservedQuestion[] = [];
  for (const exchange of session.exchanges) {
    for (const question of exchange.questions.map(observed)) {
      asked.push(question);
      const answer = answerFor(question, exchange.answers);
      if (answer) answers.push(answer);
      else notes.push(`"${question.prompt || question.relationship}" was not answered in the session; the case stops there when replayed`);
    }
  }
  const parsed = TestCaseSchema.safeParse({
    formatVersion: CASE_FORMAT_VERSION,
    name: meta.name,
    ...(meta.description === undefined ? {} : { description: meta.description }),
    tags: [...(meta.tags ?? [])],
    ...(meta.suite === undefined ? {} : { suite: meta.suite }),
    target: { mapId: meta.mapId, version: meta.version ?? (session.useDraft ? { policy: 'draft' } : { policy: 'live' }) },
    facts: session.facts,
    query: session.query,
    answers,
    expect: {
      results: recordedResultsExpectation(session.results),
      questions: { order: 'strict', asked: asked.map(keyOf), allowOthers: false },
    },
  });
  if (!parsed.success)
    return fail({
      code: CaseErrorCodes.invalid,
      message: `the session does not make a valid case: ${parsed.error.issues[0]?.message ?? 'invalid'} at ${parsed.error.issues[0]?.path.join('.') ?? ''}`,
    });
  return ok({ testCase: parsed.data, notes });
}
