/**
 * The interaction log as a timeline: the session's events in time order (start, inject, query,
 * questions, answers, undo, results), with an edge from each answer (or query) to the questions and
 * results it led to. Built from `/analysis/interactions` entries or from a saved transcript.
 */
import type { Transcript } from '../../../electron/common/ipc';
import type { ConsultationResponse, InteractionEntry } from '../api/wire';
import { isQuestionResponse } from '../api/wire';
import { plural } from '../wording';

export type TimelineKind = 'start' | 'inject' | 'query' | 'question' | 'answer' | 'undo' | 'result' | 'datasource';

export interface TimelineEvent {
  readonly id: string;
  readonly kind: TimelineKind;
  readonly at: string;
  readonly label: string;
  /** Column in time order; events produced by one reply share their column. */
  readonly column: number;
  readonly row: number;
}

export interface TimelineLink {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly kind: 'next' | 'led-to';
}

export interface Timeline {
  readonly events: TimelineEvent[];
  readonly links: TimelineLink[];
}

class Builder {
  readonly events: TimelineEvent[] = [];
  readonly links: TimelineLink[] = [];
  private column = -1;
  private previousMain: string | null = null;

  /** A step of the session (start, inject, query, answer, undo): a new column, chained to the last. */
  main(kind: TimelineKind, at: string, label: string): string {
    this.column += 1;
    const id = `e${this.events.length}`;
    this.events.push({ id, kind, at, label, column: this.column, row: 0 });
    if (this.previousMain) this.links.push({ id: `n${id}`, source: this.previousMain, target: id, kind: 'next' });
    this.previousMain = id;
    return id;
  }

  /** What a step led to (questions, results): stacked under it, in the next column. */
  outcome(from: string, kind: TimelineKind, at: string, label: string, row: number): void {
    const id = `e${this.events.length}`;
    this.events.push({ id, kind, at, label, column: this.column + 0.5, row: row + 1 });
    this.links.push({ id: `l${id}`, source: from, target: id, kind: 'led-to' });
  }

  reply(from: string, at: string, response: ConsultationResponse): void {
    if (isQuestionResponse(response)) {
      [response.question, ...(response.extraQuestions ?? [])].forEach((question, index) =>
        this.outcome(from, 'question', at, question.prompt, index),
      );
    } else if (response.result.length === 0) {
      this.outcome(from, 'result', at, 'No result', 0);
    } else {
      response.result.forEach((result, index) =>
        this.outcome(from, 'result', at, `${result.subject} ${result.relationship} ${String(result.object)} (${result.certainty}%)`, index),
      );
    }
  }
}

function short(value: unknown): string {
  return value === undefined || value === null || value === '' ? '?' : String(value);
}

/** `mapName` replaces the map's id in the start event when the caller knows it. */
export function timelineFromTranscript(transcript: Transcript, mapName?: string): Timeline {
  const builder = new Builder();
  builder.main('start', transcript.startedAt, `Start: ${mapName ?? transcript.target.mapId}`);
  for (const step of transcript.steps) {
    if (step.kind === 'inject') builder.main('inject', step.at, `Inject ${step.facts.length} fact${step.facts.length === 1 ? '' : 's'}`);
    else if (step.kind === 'query') {
      const id = builder.main(
        'query',
        step.at,
        `Query: ${short(step.query.subject)} ${step.query.relationship} ${short(step.query.object)}`,
      );
      builder.reply(id, step.at, step.response);
    } else if (step.kind === 'respond') {
      const text = step.answers
        .map((answer) => (answer.unanswered ? 'skip' : (answer.answer ?? short(answer.object ?? answer.subject))))
        .join(', ');
      const id = builder.main('answer', step.at, `Answer: ${text}`);
      builder.reply(id, step.at, step.response);
    } else {
      const id = builder.main('undo', step.at, 'Undo');
      builder.reply(id, step.at, step.response);
    }
  }
  return { events: builder.events, links: builder.links };
}

function list(values: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const items = values[key];
  return Array.isArray(items) ? (items.filter((item) => item !== null && typeof item === 'object') as Record<string, unknown>[]) : [];
}

export function timelineFromInteractions(entries: readonly InteractionEntry[]): Timeline {
  const builder = new Builder();
  let cause: string | null = null;
  let row = 0;
  for (const entry of entries) {
    const values = entry.values;
    switch (entry.event) {
      case 'start':
        builder.main('start', entry.created, 'Start');
        break;
      case 'inject':
        builder.main('inject', entry.created, `Inject ${plural(list(values, 'facts').length, 'fact')}`);
        break;
      case 'datasource':
        builder.main('datasource', entry.created, `Data source (${list(values, 'datasources').length})`);
        break;
      case 'query': {
        const query = (values.query ?? {}) as Record<string, unknown>;
        cause = builder.main('query', entry.created, `Query: ${short(query.subject)} ${short(query.relationship)} ${short(query.object)}`);
        row = 0;
        break;
      }
      case 'answer':
        cause = builder.main(
          'answer',
          entry.created,
          `Answer: ${list(values, 'answers')
            .map((answer) => short(answer.object))
            .join(', ')}`,
        );
        row = 0;
        break;
      case 'question':
      case 'result': {
        const key = entry.event === 'question' ? 'questions' : 'results';
        const items = list(values, key);
        const from = cause ?? builder.main('start', entry.created, 'Session');
        for (const item of items) {
          const label =
            entry.event === 'question'
              ? short(item.prompt)
              : `${short(item.subject)} ${short(item.relationship)} ${short(item.object)} (${short(item.certainty)}%)`;
          builder.outcome(from, entry.event, entry.created, label, row);
          row += 1;
        }
        break;
      }
    }
  }
  return { events: builder.events, links: builder.links };
}
