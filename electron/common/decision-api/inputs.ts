/**
 * Normalised Decision API inputs, as the engine takes them.
 *
 * The server's request schemas accept what real clients send (`cf` for `certainty`, numeric strings,
 * `answer: "yes"|"no"`, empty strings meaning absent) and turn it into these shapes.
 */
export type InputValue = string | number | boolean;

/** A fact to inject. */
export interface FactInput {
  readonly subject: string;
  readonly relationship: string;
  readonly object: InputValue;
  readonly certainty: number;
}

/** A query: a relationship with a subject, an object, or both. */
export interface QueryInput {
  readonly subject?: string;
  readonly relationship: string;
  readonly object?: InputValue;
}

/** One answer of a `/response` batch. */
export interface AnswerInput {
  readonly subject?: string;
  readonly relationship: string;
  readonly object?: InputValue;
  readonly certainty?: number;
  /** Required by first-form questions. */
  readonly answer?: 'yes' | 'no';
  /** Skip: allowed when the question has allowUnknown or knownAnswers. */
  readonly unanswered?: boolean;
}
