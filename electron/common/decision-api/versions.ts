/**
 * Which version of a map a session starts on, and how `/start` says it. `live` falls back to the
 * draft when no version is live (the Decision API's rule for `/start` without `useDraft` or `version`).
 */
import { z } from 'zod';

export const VersionPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('live') }),
  z.object({ kind: z.literal('draft') }),
  z.object({ kind: z.literal('version'), version: z.number().int().min(1) }),
]);
export type VersionPolicy = z.infer<typeof VersionPolicySchema>;

/** `live`, `draft`, `version 3`. */
export function describePolicy(policy: VersionPolicy): string {
  return policy.kind === 'version' ? `version ${policy.version}` : policy.kind;
}

/** The `/start` query options for a policy. */
export function startOptionsOf(policy: VersionPolicy): { useDraft?: boolean; version?: number } {
  if (policy.kind === 'draft') return { useDraft: true };
  if (policy.kind === 'version') return { version: policy.version };
  return {};
}
