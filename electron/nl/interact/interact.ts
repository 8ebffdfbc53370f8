/**
 * The `/nl/interact` state machine of one session (the seed's lock table):
 *
 * | state    | the prompt reads as…     | what happens                                                  |
 * |----------|--------------------------|---------------------------------------------------------------|
 * | unlocked | a query (+ statements)   | facts injected, query run → question (locks) or result         |
 * | unlocked | statements               | facts injected → result with no results                        |
 * | unlocked | nothing usable           | error                                                          |
 * | locked   | answers                  | answers posted → next question (stays locked) or result (unlocks) |
 * | locked   | a new query              | ignored, no error: the pending question is shown again         |
 * | locked   | statements               | facts injected, the pending question shown again               |
 * | locked   | nothing usable           | error 103 with the pending question                            |
 */
import type { Question } from '../../common/decision-api';
import type { ConsultationSession } from '../../engine';
import { NL_ERROR_CODES } from '../understand/errors';
import type { Interpretation, InterpretOptions, ParsedFacts, Referents } from '../understand/types';
import type { Vocabulary } from '../vocabulary/types';
import { lockStateOf } from './questions';
import { whyReply } from './why';
import { EMPTY_REPORT, engineReply, errorReply, factsReply, pendingReply, type FactsReport, type InteractBody } from './replies';

/** Tokens a language model used (zeros offline). */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

export const NO_TOKENS: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/** Reads a prompt: the offline reader, or a provider with the offline reader as fallback. */
export type Understand = (
  prompt: string,
  vocabulary: Vocabulary,
  options: InterpretOptions,
) => Promise<{ interpretation: Interpretation; usage: TokenUsage; reader?: Reader }>;

/** Which reader's reading a reply rests on (`reader` in the reply, a Lapwing extension). */
export type Reader = 'offline' | 'provider';

/** What one session's conversation remembers between prompts (in memory; see docs/nl.md). */
export interface ConversationState {
  readonly referents: Referents;
  /** Full records of the questions last shown, reused while they are still pending. */
  lastQuestions?: readonly Question[] | undefined;
}

export function newConversation(): ConversationState {
  return { referents: { lastSubject: new Map() } };
}

export interface InteractContext {
  readonly session: ConsultationSession;
  readonly vocabulary: Vocabulary;
  readonly conversation: ConversationState;
  readonly now: number;
  readonly understand: Understand;
}

interface InteractOutcome {
  readonly status: number;
  readonly body: InteractBody;
  readonly usage: TokenUsage;
}

/** Every reply says which reader answered. */
function signed(outcome: InteractOutcome, reader: Reader): InteractOutcome {
  return { ...outcome, body: { ...outcome.body, reader } };
}

/** Injects the valid facts as one batch; a refused batch moves them all to `invalid` (nothing half-injected). */
function inject(session: ConsultationSession, facts: ParsedFacts): FactsReport {
  if (facts.valid.length === 0) return { injected: [], invalid: facts.invalid, unmatched: facts.unmatched };
  const outcome = session.inject(facts.valid);
  if (outcome.ok) return { injected: facts.valid, invalid: facts.invalid, unmatched: facts.unmatched };
  const reason = outcome.error.messages.join('; ');
  return { injected: [], invalid: [...facts.invalid, ...facts.valid.map((fact) => ({ ...fact, reason }))], unmatched: facts.unmatched };
}

function remember(conversation: ConversationState, vocabulary: Vocabulary, relationship: string, subject: string | undefined): void {
  if (subject === undefined) return;
  const concept = vocabulary.map.relationships.get(relationship)?.subject;
  if (concept !== undefined) conversation.referents.lastSubject.set(concept, subject);
  conversation.referents.lastAny = subject;
}

function noteSubjects(context: InteractContext, interpretation: Interpretation): void {
  const { conversation, vocabulary } = context;
  for (const fact of interpretation.facts.valid) remember(conversation, vocabulary, fact.relationship, fact.subject);
  if (interpretation.kind === 'query') remember(conversation, vocabulary, interpretation.query.relationship, interpretation.query.subject);
}

function ok(body: InteractBody, usage: TokenUsage): InteractOutcome {
  return { status: 200, body, usage };
}

function failed(body: InteractBody, usage: TokenUsage): InteractOutcome {
  return { status: Number(body.error?.statusCode ?? 400), body, usage };
}

/** Handles one prompt in a session. Never throws for expected failures: they are error replies. */
export async function interact(prompt: string, context: InteractContext): Promise<InteractOutcome> {
  const lock = lockStateOf(context.vocabulary.map, context.session.interactions(), context.conversation.lastQuestions);
  const understood = await context.understand(prompt, context.vocabulary, {
    pending: lock.pending,
    now: context.now,
    referents: context.conversation.referents,
  });
  return signed(await reply(context, lock, understood.interpretation, understood.usage), understood.reader ?? 'offline');
}

async function reply(
  context: InteractContext,
  lock: ReturnType<typeof lockStateOf>,
  interpretation: Interpretation,
  usage: TokenUsage,
): Promise<InteractOutcome> {
  const { session, conversation } = context;
  noteSubjects(context, interpretation);
  const remembering = (body: InteractBody): InteractBody => {
    conversation.lastQuestions = body.responseType === 'question' ? (body.questions as Question[]) : undefined;
    return body;
  };

  if (lock.pending.length > 0) {
    switch (interpretation.kind) {
      case 'answers': {
        const report = inject(session, interpretation.facts);
        const outcome = await session.respond(interpretation.answers);
        if (!outcome.ok) {
          const message = outcome.error.messages.join(' ');
          return failed(
            errorReply(
              {
                code: NL_ERROR_CODES.engineRefused,
                message,
                suggestedChatResponse: `I couldn't use that answer (${message}). ${lock.pending[0].prompt}`,
              },
              lock.query,
              lock.pending,
              report,
            ),
            usage,
          );
        }
        return ok(remembering(engineReply(outcome.value, lock.query, report)), usage);
      }
      case 'query':
      case 'why':
      case 'statements':
        // Locked: a new question is ignored without error; stated facts are still recorded.
        return ok(remembering(pendingReply(lock.pending, lock.query, inject(session, interpretation.facts))), usage);
      case 'error':
        return failed(
          errorReply(interpretation.error, lock.query, lock.pending, {
            ...EMPTY_REPORT,
            invalid: interpretation.facts.invalid,
            unmatched: interpretation.facts.unmatched,
          }),
          usage,
        );
    }
  }

  switch (interpretation.kind) {
    case 'query': {
      const report = inject(session, interpretation.facts);
      const query = interpretation.query;
      const outcome = await session.query(query);
      if (!outcome.ok) {
        const message = outcome.error.messages.join(' ');
        return failed(
          errorReply(
            {
              code: NL_ERROR_CODES.mapCannotAnswer,
              message,
              suggestedChatResponse: `Sorry, this knowledge map can't answer that (${message}).`,
            },
            query,
            [],
            report,
          ),
          usage,
        );
      }
      const body = engineReply(outcome.value, query, report);
      // A question read by its concepts says what was assumed, so the user can see it.
      return ok(remembering(interpretation.assumption !== undefined ? { ...body, assumption: interpretation.assumption } : body), usage);
    }
    case 'why': {
      inject(session, interpretation.facts);
      const body = whyReply(session, interpretation.query);
      return body.error ? failed(body, usage) : ok(body, usage);
    }
    case 'statements': {
      const report = inject(session, interpretation.facts);
      if (report.injected.length === 0) {
        const reason = report.invalid[0]?.reason ?? 'no fact could be recorded';
        return failed(
          errorReply(
            {
              code: NL_ERROR_CODES.factsInvalid,
              message: `No statement could be recorded: ${reason}`,
              suggestedChatResponse: `I couldn't record that: ${reason}.`,
            },
            undefined,
            [],
            report,
          ),
          usage,
        );
      }
      return ok(factsReply(report), usage);
    }
    case 'answers':
      // Answers without a pending question cannot come from the reader; a provider's are dropped.
      return failed(
        errorReply(
          {
            code: NL_ERROR_CODES.queryNotDetected,
            message: 'There is no pending question to answer',
            suggestedChatResponse: 'What would you like to ask?',
          },
          undefined,
          [],
          EMPTY_REPORT,
        ),
        usage,
      );
    case 'error':
      return failed(
        errorReply(interpretation.error, undefined, [], {
          ...EMPTY_REPORT,
          invalid: interpretation.facts.invalid,
          unmatched: interpretation.facts.unmatched,
        }),
        usage,
      );
  }
}
