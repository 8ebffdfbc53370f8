/**
 * The `values` of each interaction-log event (shared/seed/decision-api.md "Events"). The engine
 * keeps `values` as a free-form record; these schemas document each event's shape (for the
 * OpenAPI document and for clients that want to read them).
 */
import { z } from 'zod';
import { ObjectValueSchema } from './responses';

/**
 * The columns of an interaction log as CSV (`?format=csv`; the platform's layout is not published):
 * one row per injected fact, question, answer and result, the fields the columns do not hold as JSON
 * in `details`. The server writes them and the log importer reads them.
 */
export const INTERACTION_CSV_COLUMNS = ['event', 'created', 'subject', 'relationship', 'object', 'certainty', 'prompt', 'details'] as const;
export type InteractionCsvColumn = (typeof INTERACTION_CSV_COLUMNS)[number];
/** The key of each event's `values` that holds one item per CSV row (the other events take one row each). */
export const INTERACTION_CSV_ITEM_LISTS: Readonly<Record<string, string>> = {
  inject: 'facts',
  question: 'questions',
  answer: 'answers',
  result: 'results',
  datasource: 'datasources',
};

const TripleSchema = z.object({
  subject: z.string().optional(),
  relationship: z.string(),
  object: ObjectValueSchema.optional(),
  certainty: z.number().optional(),
});

export const InteractionEventStartSchema = z.object({
  start: z.object({
    useDraft: z.boolean(),
    /** The platform's schema says `kmVersion`; its example and the Go SDK say `kmVersionID`. */
    kmVersionID: z.string().optional(),
    kmVersion: z.string().optional(),
    sessionID: z.string(),
  }),
});
export const InteractionEventQuerySchema = z.object({ query: TripleSchema.omit({ certainty: true }) });
export const InteractionEventInjectSchema = z.object({ facts: z.array(TripleSchema) });
export const InteractionEventQuestionsSchema = z.object({
  questions: z.array(TripleSchema.omit({ certainty: true }).extend({ prompt: z.string() })),
});
export const InteractionEventAnswersSchema = z.object({
  answers: z.array(TripleSchema.extend({ unanswered: z.boolean().optional(), answer: z.string().optional() })),
});
export const InteractionEventResultsSchema = z.object({ results: z.array(TripleSchema.extend({ factID: z.string().optional() })) });
export const InteractionEventDatasourceSchema = z.object({
  datasources: z.array(z.object({ relationship: z.string(), certainty: z.number() })),
});

export const InteractionValuesSchema = z.union([
  InteractionEventStartSchema,
  InteractionEventQuestionsSchema,
  InteractionEventQuerySchema,
  InteractionEventAnswersSchema,
  InteractionEventResultsSchema,
  InteractionEventInjectSchema,
  InteractionEventDatasourceSchema,
]);
