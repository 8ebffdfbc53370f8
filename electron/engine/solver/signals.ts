/**
 * Signals that suspend a reasoning run.
 *
 * The solver is synchronous and restartable: when it needs an answer from the user or a datasource
 * response it throws one of these, the session obtains what is missing and runs the query again
 * against the enlarged fact store. Deterministic re-runs make this equivalent to resuming, and keep
 * undo trivial (drop the answers, run again).
 */
import type { Datasource, Relationship, Value } from '../model/types';

export type QuestionForm = 'First Form' | 'Second Form Object' | 'Second Form Subject';

/** What the solver wants to ask. */
export interface QuestionRequest {
  readonly form: QuestionForm;
  readonly relationship: Relationship;
  readonly subject?: string | undefined;
  readonly object?: Value | undefined;
  /** Identity of the question in the session's asked set. */
  readonly key: string;
}

export class QuestionNeeded {
  constructor(readonly request: QuestionRequest) {}
}

/** A datasource call the solver needs before it can match facts of a mapped relationship. */
export interface DatasourceRequest {
  readonly datasource: Datasource;
  readonly subject: string;
  /** Identity of the call in the session (datasource + subject). */
  readonly key: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
}

export class DatasourceNeeded {
  constructor(readonly request: DatasourceRequest) {}
}

/** The run exceeded its step budget (a combinatorial map or a runaway recursion). */
export class ReasoningLimitExceeded {
  constructor(readonly message: string) {}
}

/** Keys of the asked set: the same question is never asked twice in a session. */
export function questionKey(form: QuestionForm, relationship: string, subject: string | undefined, object: Value | undefined): string {
  switch (form) {
    case 'First Form':
      return `FF\u0000${relationship}\u0000${subject}\u0000${JSON.stringify(object)}`;
    case 'Second Form Object':
      return `SFO\u0000${relationship}\u0000${subject}`;
    case 'Second Form Subject':
      return `SFS\u0000${relationship}\u0000${JSON.stringify(object)}`;
  }
}
