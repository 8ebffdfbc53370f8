/**
 * The optional language-model provider of the embedded engine's natural-language interface: its
 * URL and model are workbench settings (SQLite); its key is the Local environment's `provider` key
 * in the OS keychain (`keys.set`, `keys.test`, `keys.delete`), never stored or returned here.
 */
import { z } from 'zod';
import { KeychainStatusSchema } from './keys';

/** What the workbench stores: an OpenAI-compatible chat-completions endpoint and a model name. */
export const ProviderSettingsSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'a URL is required')
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'give an http:// or https:// URL without a user name or password (the key goes in the keychain)'),
  model: z.string().trim().min(1, 'a model is required').max(200),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

export const nlProviderMethods = {
  /**
   * The provider the embedded engine uses: `source` says where its URL and model come from (these
   * settings, the `LAPWING_NL_PROVIDER_*` environment variables, or none), and whether a key is set.
   */
  'nlProvider.get': {
    input: z.object({}),
    output: z.object({
      settings: ProviderSettingsSchema.nullable(),
      source: z.enum(['settings', 'environment', 'none']),
      keySet: z.boolean(),
      keychain: KeychainStatusSchema,
    }),
  },
  /** Stores URL and model; the embedded engine uses them from its next message on (no restart). */
  'nlProvider.save': {
    input: ProviderSettingsSchema,
    output: z.object({ settings: ProviderSettingsSchema }),
  },
  /** Forgets URL and model (the key stays in the keychain until deleted with `keys.delete`). */
  'nlProvider.clear': {
    input: z.object({}),
    output: z.object({ cleared: z.boolean() }),
  },
};
