/**
 * A workbench consultation's transcript as a recorded session, for "save as test case": each
 * question group with the answers given to it, with undo taken into account (an undone answer
 * batch is not part of the case), and the last results.
 */
import { isQuestionResponse } from '../../../common/decision-api';
import type { Transcript } from '../../../common/ipc';
import { observeQuestion } from '../../../cases/core';
import type { RecordedAnswer, RecordedQuestion, RecordedSession } from '../../../cases';

interface Exchange {
  questions: RecordedQuestion[];
  answers: RecordedAnswer[];
}

function questionsOf(response: Parameters<typeof isQuestionResponse>[0]): RecordedQuestion[] {
  if (!isQuestionResponse(response)) return [];
  return [response.question, ...(response.extraQuestions ?? [])].map((question) => {
    const observed = observeQuestion(question);
    return {
      relationship: observed.relationship,
      ...(observed.subject === undefined ? {} : { subject: observed.subject }),
      ...(observed.object === undefined ? {} : { object: observed.object }),
      prompt: observed.prompt,
      form: observed.form,
    };
  });
}

export function sessionFromTranscript(transcript: Transcript): RecordedSession {
  const facts: RecordedSession['facts'][number][] = [];
  const exchanges: Exchange[] = [];
  let query: RecordedSession['query'];
  let results: RecordedSession['results'] = [];
  const notes: string[] = [];
  for (const step of transcript.steps) {
    if (step.kind === 'inject') {
      facts.push(
        ...step.facts.map((fact) => ({
          subject: fact.subject,
          relationship: fact.relationship,
          object: fact.object,
          certainty: fact.certainty,
        })),
      );
      continue;
    }
    if (step.kind === 'query') {
      if (query) {
        notes.push('a later query was left out: a case has one query');
        continue;
      }
      query = {
        relationship: step.query.relationship,
        ...(step.query.subject ? { subject: step.query.subject } : {}),
        ...(step.query.object === undefined ? {} : { object: step.query.object }),
      };
    } else if (step.kind === 'respond') {
      const pending = exchanges[exchanges.length - 1];
      if (pending) pending.answers = step.answers.map((answer) => ({ ...answer }));
    } else {
      // Undo: the pending question goes, and the last answered one is pending again.
      if (exchanges.length > 0 && exchanges[exchanges.length - 1].answers.length === 0) exchanges.pop();
      const last = exchanges[exchanges.length - 1];
      if (last) last.answers = [];
      results = [];
      continue;
    }
    if (isQuestionResponse(step.response)) exchanges.push({ questions: questionsOf(step.response), answers: [] });
    else
      results = step.response.result.map((result) => ({
        subject: result.subject,
        relationship: result.relationship,
        object: result.object ?? '',
        certainty: result.certainty,
      }));
  }
  // A question still pending stays: the case made from it says it stops there.
  return {
    sessionId: transcript.sessionId,
    kmVersionId: transcript.kmVersionId,
    useDraft: transcript.target.versionPolicy.kind === 'draft',
    facts,
    ...(query ? { query } : {}),
    exchanges,
    results,
    notes,
  };
}
