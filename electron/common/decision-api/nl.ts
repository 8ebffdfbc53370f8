/**
 * The natural-language (beta) endpoints' shapes: `POST /nl/interact` and `POST /nl/explain`
 * (shared/seed/decision-api.md "Natural language", shared/spec/api-wire.md §2.10, §2.11).
 */
import { z } from 'zod';
import { QuestionSchema } from './responses';

export const NLInteractRequestSchema = z.object({
  sessionID: z.string({ error: 'Please provide a sessionID.' }).min(1, 'Please provide a sessionID.'),
  userPrompt: z.string({ error: 'Please provide a userPrompt.' }).min(1, 'Please provide a userPrompt.'),
});
export type NLInteractRequest = z.infer<typeof NLInteractRequestSchema>;

export const NLExplainRequestSchema = z.object({
  language: z.string({ error: 'Please provide a language code.' }).min(1, 'Please provide a language code.'),
  sessionID: z.string({ error: 'Please provide a sessionID.' }).min(1, 'Please provide a sessionID.'),
  factID: z.string({ error: 'Please provide a factID.' }).min(1, 'Please provide a factID.'),
  instructions: z.string().optional(),
});
export type NLExplainRequest = z.infer<typeof NLExplainRequestSchema>;

/** A natural-language failure; `statusCode` is the HTTP status as a string. */
export const NLErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  suggestedChatResponse: z.string(),
  statusCode: z.string(),
});
export type NLError = z.infer<typeof NLErrorSchema>;

export const NLMetadataSchema = z.object({
  querySubmittedAt: z.string(),
  languageEngineResponseTime: z.number().int(),
  llmTokens: z.object({ completionTokens: z.number().int(), promptTokens: z.number().int(), totalTokens: z.number().int() }),
  apiVersion: z.string(),
  endpoint: z.string(),
  sessionID: z.string(),
});
export type NLMetadata = z.infer<typeof NLMetadataSchema>;

const NLTripleSchema = z.object({
  subject: z.string(),
  relationship: z.string(),
  object: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  certainty: z.number().optional(),
  /** Lapwing extension on `facts.invalid`: why the fact was refused. */
  reason: z.string().optional(),
});

/** One result of an interact reply; the platform documents PascalCase names, sends camelCase. */
const NLResultSchema = z.object({
  Certainty: z.number().optional(),
  FactID: z.string().optional(),
  Object: z.string().optional(),
  ObjectMetadata: z.record(z.string(), z.unknown()).optional(),
  ObjectValue: z.string().optional(),
  Relationship: z.string().optional(),
  Subject: z.string().optional(),
  SubjectMetadata: z.record(z.string(), z.unknown()).optional(),
  SubjectValue: z.string().optional(),
  subject: z.string().optional(),
  relationship: z.string().optional(),
  object: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  certainty: z.number().optional(),
  factID: z.string().optional(),
});

export const NLInteractResponseSchema = z.object({
  /** `""` on validation failures (api-wire.md §2.10). */
  responseType: z.enum(['question', 'result', 'error', '']),
  query: z
    .object({ subject: z.string().nullable().optional(), relationship: z.string(), object: z.string().nullable().optional() })
    .nullable()
    .optional(),
  questions: z.array(QuestionSchema.partial()).nullable().optional(),
  results: z.array(NLResultSchema).nullable().optional(),
  error: NLErrorSchema.optional(),
  metadata: NLMetadataSchema.optional(),
  facts: z
    .object({
      injected: z.array(NLTripleSchema).optional(),
      invalid: z.array(NLTripleSchema).optional(),
      unmatched: z.array(z.string()).optional(),
    })
    .optional(),
  /** Lapwing extension: which reader read the prompt (the offline reader or the language-model provider). */
  reader: z.enum(['offline', 'provider']).optional(),
  /** Lapwing extension: replies a chat can offer as buttons (the readings considered, or examples). */
  quickReplies: z.array(z.string()).optional(),
  /** Lapwing extension: the answer to a "why" question, the known fact explained as `/nl/explain` does. */
  explanation: z.object({ factID: z.string(), text: z.string() }).optional(),
  /** Lapwing extension: what the reader assumed to read the question ("I took 'looks after' to mean 'is handled by'."). */
  assumption: z.string().optional(),
});
export type NLInteractResponse = z.infer<typeof NLInteractResponseSchema>;

export const NLExplainResponseSchema = z.object({
  explanation: z.string().optional(),
  error: NLErrorSchema.optional(),
  metadata: NLMetadataSchema.optional(),
});
export type NLExplainResponse = z.infer<typeof NLExplainResponseSchema>;
