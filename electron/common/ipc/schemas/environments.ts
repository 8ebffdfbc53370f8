/**
 * Environments: where consultations run. Keys are never part of an environment; they live in the
 * OS keychain and the renderer only sees whether each is set (`keys.status`).
 */
import { z } from 'zod';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';

/** `local` is the embedded engine; community and enterprise are the documented hosted APIs. */
export const EnvironmentKindSchema = z.enum(['local', 'community', 'enterprise', 'custom']);
export type EnvironmentKind = z.infer<typeof EnvironmentKindSchema>;

/** The documented base URLs (shared/spec/api-wire.md §1.1). */
export const DOCUMENTED_BASE_URLS = {
  community: 'https://api.rainbird.ai',
  enterprise: 'https://enterprise-api.rainbird.ai',
} as const;

const BaseUrlSchema = z
  .string()
  .trim()
  .url('must be an absolute http(s) URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
  // Credentials in a URL would end up in SQLite and logs; keys belong in the keychain.
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), 'must not contain a user name or password (set keys in Keys instead)');

export const EnvironmentSchema = z.object({
  id: IdSchema,
  name: z.string().trim().min(1).max(100),
  kind: EnvironmentKindSchema,
  /** For `local`, the embedded engine's current URL (its port changes from run to run). */
  baseUrl: z.string(),
  defaultMapId: z.string().nullable(),
  versionPolicy: VersionPolicySchema,
  /** Built-in environments (Local, Community, Enterprise) can be edited but not deleted. */
  builtIn: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Environment = z.infer<typeof EnvironmentSchema>;

/** What `environments.save` takes: no `id` creates, an `id` updates. */
export const EnvironmentDraftSchema = z.object({
  id: IdSchema.optional(),
  name: z.string().trim().min(1, 'a name is required').max(100),
  kind: EnvironmentKindSchema,
  /** Ignored for `local` (the embedded engine's URL is used). */
  baseUrl: BaseUrlSchema.optional(),
  defaultMapId: z.string().trim().min(1).nullable().default(null),
  versionPolicy: VersionPolicySchema.default({ kind: 'live' }),
});
export type EnvironmentDraft = z.input<typeof EnvironmentDraftSchema>;

export const environmentsMethods = {
  /** Every environment, built-ins first. */
  'environments.list': {
    input: z.object({}),
    output: z.object({ environments: z.array(EnvironmentSchema) }),
  },
  /** Creates or updates an environment. */
  'environments.save': {
    input: EnvironmentDraftSchema,
    output: EnvironmentSchema,
  },
  /** Deletes a custom environment and its keys. */
  'environments.delete': {
    input: z.object({ id: IdSchema }),
    output: z.object({ deleted: z.boolean() }),
  },
};
