/** Small schemas shared by several contract domains. */
import { z } from 'zod';

/** An ISO-8601 timestamp string (written by the Node side with `Date.toISOString()`). */
export const TimestampSchema = z.string().min(1);

/** A non-empty identifier (environment IDs, saved consultation IDs, session IDs, map IDs). */
export const IdSchema = z.string().trim().min(1, 'must not be empty').max(200);

/**
 * Which version of a map a session starts on. `live` falls back to the draft when no version is
 * live (the Decision API's rule for `/start` without `useDraft` or `version`).
 */
export const VersionPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('live') }),
  z.object({ kind: z.literal('draft') }),
  z.object({ kind: z.literal('version'), version: z.number().int().min(1) }),
]);
export type VersionPolicy = z.infer<typeof VersionPolicySchema>;

export const EmptyInputSchema = z.object({});
