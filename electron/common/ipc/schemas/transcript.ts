/**
 * A consultation's script, recorded on the Node side as each call goes through: the target, every
 * injection, the query, every question and answer, every undo and every result, with timestamps.
 * It is what `consultations.save` stores and what a replay walks through step by step.
 */
import { z } from 'zod';
import {
  ConsultationResponseSchema,
  FactInputSchema,
  InjectResponseSchema,
  InputValueSchema,
  ObjectValueSchema,
  type FactInput,
} from '../../decision-api';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';

// The inject fact is the Decision API's (one description, in decision-api/inputs.ts); the contract carries it as is.
export { FactInputSchema };
export type FactInputData = FactInput;

/** Give the subject, the object or both (`/query` rejects a query with neither). */
export const QueryInputSchema = z
  .object({
    subject: z.string().trim().min(1).optional(),
    relationship: z.string().trim().min(1, 'relationship is required'),
    object: InputValueSchema.optional(),
  })
  .refine((query) => query.subject !== undefined || query.object !== undefined, {
    message: 'give the subject, the object or both',
    path: ['subject'],
  });
export type QueryInputData = z.infer<typeof QueryInputSchema>;

export const AnswerInputSchema = z.object({
  subject: z.string().optional(),
  relationship: z.string().trim().min(1, 'relationship is required'),
  object: InputValueSchema.optional(),
  /** Defaults to 100 on the Node side (except for skips). */
  certainty: z.number().min(1).max(100).optional(),
  answer: z.enum(['yes', 'no']).optional(),
  unanswered: z.boolean().optional(),
});
export type AnswerInputData = z.infer<typeof AnswerInputSchema>;

export const TargetSchema = z.object({
  environmentId: IdSchema,
  /** Copied at start so a saved consultation still says where it ran after a rename. */
  environmentName: z.string(),
  baseUrl: z.string(),
  mapId: IdSchema,
  versionPolicy: VersionPolicySchema,
});
export type Target = z.infer<typeof TargetSchema>;

const StepBase = { at: TimestampSchema };

export const TranscriptStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('inject'), ...StepBase, facts: z.array(FactInputSchema), response: InjectResponseSchema }),
  z.object({ kind: z.literal('query'), ...StepBase, query: QueryInputSchema, response: ConsultationResponseSchema }),
  z.object({ kind: z.literal('respond'), ...StepBase, answers: z.array(AnswerInputSchema), response: ConsultationResponseSchema }),
  z.object({ kind: z.literal('undo'), ...StepBase, response: ConsultationResponseSchema }),
]);
export type TranscriptStep = z.infer<typeof TranscriptStepSchema>;

export const TranscriptSchema = z.object({
  /** Format version of the stored script, so later releases can upgrade old ones. */
  format: z.literal(1),
  target: TargetSchema,
  sessionId: z.string(),
  kmVersionId: z.string(),
  startedAt: TimestampSchema,
  steps: z.array(TranscriptStepSchema),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

/** A result triple, repeated here for the search index and summaries. */
export const ResultTripleSchema = z.object({
  subject: z.string(),
  relationship: z.string(),
  object: ObjectValueSchema,
  certainty: z.number(),
});
