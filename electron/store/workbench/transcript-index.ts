/**
 * What a saved consultation is listed and searched by, derived from its transcript: the query,
 * how many questions were asked, the final results, and the relationships and subjects it touched.
 */
import { isQuestionResponse, type ConsultationResponse, type Question } from '../../common/decision-api';
import type { QueryInputData, Transcript } from '../../common/ipc';

export interface ResultTriple {
  readonly subject: string;
  readonly relationship: string;
  readonly object: string | number | boolean | null;
  readonly certainty: number;
}

interface TranscriptIndex {
  readonly query: string | null;
  readonly questionCount: number;
  readonly results: ResultTriple[];
  readonly relationships: string[];
  readonly subjects: string[];
  /** Lower-cased words of the title, notes, prompts, facts and results. */
  readonly searchText: string;
}

/** `speaks(John, ?)`: how a query is shown in lists. */
export function describeQuery(query: QueryInputData): string {
  return `${query.relationship}(${query.subject ?? '?'}, ${query.object === undefined ? '?' : String(query.object)})`;
}

function questionsOf(response: ConsultationResponse): Question[] {
  return isQuestionResponse(response) ? [response.question, ...(response.extraQuestions ?? [])] : [];
}

/** Derives the listing and search fields of a transcript. */
export function indexTranscript(transcript: Transcript, title: string, notes: string): TranscriptIndex {
  const relationships = new Set<string>();
  const subjects = new Set<string>();
  const words: string[] = [title, notes, transcript.target.mapId, transcript.target.environmentName];
  const touch = (relationship: string | undefined, subject: string | undefined, object?: unknown) => {
    if (relationship) relationships.add(relationship);
    if (subject) subjects.add(subject);
    words.push(relationship ?? '', subject ?? '', object === undefined || object === null ? '' : String(object));
  };

  let query: string | null = null;
  let questionCount = 0;
  let results: ResultTriple[] = [];
  const readResponse = (response: ConsultationResponse) => {
    for (const question of questionsOf(response)) {
      questionCount += 1;
      touch(question.relationship, question.subject, question.object);
      words.push(question.prompt);
    }
    if (!isQuestionResponse(response)) {
      results = response.result.map(({ subject, relationship, object, certainty }) => ({ subject, relationship, object, certainty }));
      for (const result of results) touch(result.relationship, result.subject, result.object);
    }
  };

  for (const step of transcript.steps) {
    switch (step.kind) {
      case 'inject':
        for (const fact of step.facts) touch(fact.relationship, fact.subject, fact.object);
        break;
      case 'query':
        query ??= describeQuery(step.query);
        touch(step.query.relationship, step.query.subject, step.query.object);
        readResponse(step.response);
        break;
      case 'respond':
        for (const answer of step.answers) touch(answer.relationship, answer.subject, answer.object);
        readResponse(step.response);
        break;
      case 'undo':
        readResponse(step.response);
        break;
    }
  }

  return {
    query,
    questionCount,
    results,
    relationships: [...relationships],
    subjects: [...subjects],
    searchText: words
      .filter((word) => word.length > 0)
      .join('\n')
      .toLowerCase(),
  };
}
