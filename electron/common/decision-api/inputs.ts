/**
 * Normalised Decision API inputs, as the engine takes them.
 *
 * The server's request schemas accept what real clients send (`cf` for `certainty`, numeric strings,
 * `answer: "yes"|"no"`, empty strings meaning absent) and turn it into these shapes.
 */
import { z } from 'zod';

/** A value as facts, queries and answers carry it on the way in. */
export const InputValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type InputValue = z.infer<typeof InputValueSchema>;

/**
 * A fact to inject, as the workbench writes it (the fact editor, the IPC contract, saved
 * transcripts); the editor's JSON Schema is generated from it. The server reads the wire more
 * leniently (`InjectFactRequestSchema`: `cf`, numeric strings) into the same shape.
 */
export const FactInputSchema = z.object({
  subject: z.string().trim().min(1, 'subject is required').describe('Subject instance'),
  relationship: z.string().trim().min(1, 'relationship is required').describe('Relationship name (case-sensitive)'),
  object: InputValueSchema.describe('Object instance or value'),
  certainty: z.number().min(1).max(100).default(100).describe('Certainty, 1 to 100'),
});
/** A fact to inject. */
export type FactInput = Readonly<z.output<typeof FactInputSchema>>;

/** A query: a relationship with a subject, an object, or both. */
export interface QueryInput {
  readonly subject?: string | undefined;
  readonly relationship: string;
  readonly object?: InputValue | undefined;
}

/** One answer of a `/response` batch. */
export interface AnswerInput {
  readonly subject?: string | undefined;
  readonly relationship: string;
  readonly object?: InputValue | undefined;
  readonly certainty?: number | undefined;
  /** Required by first-form questions. */
  readonly answer?: 'yes' | 'no' | undefined;
  /** Skip: allowed when the question has allowUnknown or knownAnswers. */
  readonly unanswered?: boolean | undefined;
}
