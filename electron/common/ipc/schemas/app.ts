/** Application information: versions, mode, where data lives, the embedded engine's state. */
import { z } from 'zod';
import { KeychainStatusSchema } from './keys';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `electron` in the desktop shell, `browser` when served by `lapwing web`. */
  mode: z.enum(['electron', 'browser']),
  /** The data folder shared with the `lapwing` CLI (unless `--data` or `LAPWING_DATA` moved it). */
  dataDir: z.string(),
  /** The Local registry's database file (maps, versions), the same one `lapwing map …` uses. */
  registryFile: z.string().nullable().default(null),
  platform: z.string(),
  localEngine: z.object({
    url: z.string().nullable(),
    version: z.string().nullable(),
    /** Why it is not running, when it is not. */
    error: z.string().optional(),
  }),
  keychain: KeychainStatusSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** How the workbench looks: `system` follows the operating system's light or dark setting. */
export const ThemePreferenceSchema = z.enum(['system', 'light', 'dark']);
export type ThemePreference = z.infer<typeof ThemePreferenceSchema>;

/** The user's interface preferences, kept in the workbench database (browser mode's origin changes per port). */
export const UiPreferencesSchema = z.object({
  theme: ThemePreferenceSchema.default('system'),
});
export type UiPreferences = z.infer<typeof UiPreferencesSchema>;
/** A change to some preferences: what is left out keeps its stored value. */
export const UiPreferencesChangeSchema = z.strictObject({
  theme: ThemePreferenceSchema.optional(),
});

export const appMethods = {
  'app.info': {
    input: z.object({}),
    output: AppInfoSchema,
  },
  'app.preferences': {
    input: z.object({}),
    output: UiPreferencesSchema,
  },
  /** Stores the given preferences (others keep their value); answers with all of them. */
  'app.setPreferences': {
    input: UiPreferencesChangeSchema,
    output: UiPreferencesSchema,
  },
};
