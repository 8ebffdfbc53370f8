/**
 * Natural-language error codes. Stable: clients map them to their own messages. The table is
 * documented in docs/nl.md ("Error codes"); add codes, never renumber.
 */
export const NL_ERROR_CODES = {
  /** The platform's code for an unknown or expired session (the one code its clients know). */
  sessionNotFound: 28,
  /** The request itself was wrong: body, `Version` header. */
  invalidRequest: 400,
  /** Nothing in the prompt reads as a question, a statement or an answer. */
  queryNotDetected: 100,
  /** The prompt mentions things the map knows, but not in a way the reader recognises. */
  unfamiliarPhrasing: 101,
  /** The question is about something this map was not built to answer. */
  mapCannotAnswer: 102,
  /** A question is pending and the prompt does not answer it. */
  answerNotUnderstood: 103,
  /** "I don't know" to a question that cannot be skipped. */
  skipNotAllowed: 104,
  /** The prompt made statements, and none of them fits the map. */
  factsInvalid: 105,
  /** The engine refused the query, the answers or the facts (the message says why). */
  engineRefused: 106,
  /** The question reads equally well in several ways: the readings are listed, with a quick reply each. */
  ambiguous: 108,
  /**
   * Part of the prompt was read and part was not: nothing is recorded or asked, the reply says what
   * was understood, quotes what was not, and offers the understood part alone as a quick reply.
   */
  partlyUnderstood: 109,
  /** A "why" question about a fact this session does not know (nothing to explain). */
  whyNotKnown: 107,
  /** `/nl/explain`: the fact is not in this session. */
  factNotFound: 110,
  /** `/nl/explain`: the language needs a language-model provider, and none is configured. */
  languageUnavailable: 111,
  /** `/nl/explain`: free-form instructions need a provider; offline styles are listed in the message. */
  instructionsUnavailable: 112,
  /** A bug in Lapwing. */
  internal: 500,
} as const;

export type NLErrorCode = (typeof NL_ERROR_CODES)[keyof typeof NL_ERROR_CODES];

/** HTTP status of each code (natural-language errors travel as 4xx/5xx with the envelope). */
export function statusOfCode(code: NLErrorCode): number {
  switch (code) {
    case NL_ERROR_CODES.sessionNotFound:
    case NL_ERROR_CODES.factNotFound:
      return 404;
    case NL_ERROR_CODES.internal:
      return 500;
    default:
      return 400;
  }
}

/** An error as data: a code, a message for developers and a sentence a chat can show. */
export interface UnderstandingError {
  readonly code: NLErrorCode;
  readonly message: string;
  readonly suggestedChatResponse: string;
  /** Replies a chat can offer (the readings considered, or example questions). */
  readonly quickReplies?: readonly string[];
}
