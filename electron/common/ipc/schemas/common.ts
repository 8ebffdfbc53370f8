/** Small schemas shared by several contract domains. */
import { z } from 'zod';

/** An ISO-8601 timestamp string (written by the Node side with `Date.toISOString()`). */
export const TimestampSchema = z.string().min(1);

/** A non-empty identifier (environment IDs, saved consultation IDs, session IDs, map IDs). */
export const IdSchema = z.string().trim().min(1, 'must not be empty').max(200);

// Which version of a map a session starts on: the Decision API's policy (decision-api/versions.ts).
export { VersionPolicySchema, type VersionPolicy } from '../../decision-api';
