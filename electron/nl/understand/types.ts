/** What the reader makes of a prompt: a closed union, errors included. */
import type { AnswerInput, FactInput, InputValue, Question } from '../../common/decision-api';
import type { UnderstandingError } from './errors';

/** A query: a relationship with a subject, an object or both. */
export interface NLQuery {
  readonly subject?: string;
  readonly relationship: string;
  readonly object?: InputValue;
}

/** A statement that could not be accepted, with the reason. */
export interface InvalidFact {
  readonly subject: string;
  readonly relationship: string;
  readonly object: InputValue | null;
  readonly certainty: number;
  readonly reason: string;
}

/** Facts stated in a prompt, checked against the map before anything is injected. */
export interface ParsedFacts {
  /** Valid facts, ready to inject as one batch. */
  readonly valid: readonly FactInput[];
  readonly invalid: readonly InvalidFact[];
  /** Parts of the prompt that could not be placed. */
  readonly unmatched: readonly string[];
}

export type Interpretation =
  | {
      readonly kind: 'query';
      readonly query: NLQuery;
      readonly facts: ParsedFacts;
      /** What the reader assumed to read the question ("I took 'looks after' to mean 'is handled by'."), said in the reply. */
      readonly assumption?: string;
    }
  | { readonly kind: 'statements'; readonly facts: ParsedFacts }
  /** "Why is INC-1 Critical?": explain this fact if the session knows it. */
  | { readonly kind: 'why'; readonly query: NLQuery; readonly facts: ParsedFacts }
  | { readonly kind: 'answers'; readonly answers: readonly AnswerInput[]; readonly facts: ParsedFacts }
  | { readonly kind: 'error'; readonly error: UnderstandingError; readonly facts: ParsedFacts };

/** Who "I", "she" or "they" refer to: carried from prompt to prompt in a session. */
export interface Referents {
  /** The person speaking ("I", "me", "my"). */
  speaker?: string;
  /** The most recent subject named per concept, and overall. */
  readonly lastSubject: Map<string, string>;
  lastAny?: string;
}

/** Options of one reading. */
export interface InterpretOptions {
  /** Questions waiting for an answer (empty when the session is not locked). */
  readonly pending?: readonly Question[];
  /** Epoch ms, for relative dates ("yesterday"). */
  readonly now: number;
  readonly referents?: Referents;
}

export const NO_FACTS: ParsedFacts = { valid: [], invalid: [], unmatched: [] };

/** The name first-person pronouns stand for when the session has not said who is speaking. */
export const DEFAULT_SPEAKER = 'user';
