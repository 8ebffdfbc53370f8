/**
 * Keys: the renderer may ask whether each key is set, set one, test one, or delete one. Key values
 * flow in only (`keys.set`) and never come back out.
 */
import { z } from 'zod';
import { IdSchema } from './common';

/**
 * The keys of an environment: `X-API-Key`, `x-evidence-key`, `x-interaction-key`; and for the Local
 * environment only, `provider`: the key the embedded engine sends to its language-model provider.
 */
export const KeyKindSchema = z.enum(['api', 'evidence', 'interaction', 'provider']);
export type KeyKind = z.infer<typeof KeyKindSchema>;

export const KeychainStatusSchema = z.object({
  available: z.boolean(),
  /** Why it is unavailable, in plain words (e.g. no Secret Service on the session bus). */
  message: z.string().optional(),
});
export type KeychainStatus = z.infer<typeof KeychainStatusSchema>;

export const keysMethods = {
  /** Whether each key of an environment is set (never the values). */
  'keys.status': {
    input: z.object({ environmentId: IdSchema }),
    output: z.object({
      keychain: KeychainStatusSchema,
      keys: z.object({ api: z.boolean(), evidence: z.boolean(), interaction: z.boolean(), provider: z.boolean() }),
    }),
  },
  /** Stores a key in the OS keychain. Fails with `keychain/unavailable` rather than store it elsewhere. */
  'keys.set': {
    input: z.object({
      environmentId: IdSchema,
      kind: KeyKindSchema,
      value: z.string().trim().min(1, 'the key must not be empty').max(4096),
    }),
    output: z.object({ stored: z.literal(true) }),
  },
  /**
   * Tries a stored key against the environment: the API key by starting a session on `mapId` (or
   * the environment's default map); evidence and interaction keys need a fact / session, so only
   * their presence is checked unless `sessionId` (and `factId` for evidence) are given.
   */
  'keys.test': {
    input: z.object({
      environmentId: IdSchema,
      kind: KeyKindSchema,
      mapId: z.string().trim().min(1).optional(),
      sessionId: z.string().trim().min(1).optional(),
      factId: z.string().trim().min(1).optional(),
    }),
    output: z.object({
      /** True when the engine accepted the key (or, for a presence-only check, the key is set). */
      passed: z.boolean(),
      /** True when the key was actually sent to the engine. */
      checkedWithEngine: z.boolean(),
      status: z.number().int().optional(),
      message: z.string(),
    }),
  },
  /** Removes a key from the keychain; `deleted` is false when there was none. */
  'keys.delete': {
    input: z.object({ environmentId: IdSchema, kind: KeyKindSchema }),
    output: z.object({ deleted: z.boolean() }),
  },
};
