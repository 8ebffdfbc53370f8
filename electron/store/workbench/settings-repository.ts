/**
 * Workbench-wide settings in SQLite (migration 3), one JSON value per key. Only non-secret values:
 * the language-model provider's URL and model are here, its key is in the OS keychain.
 */
import {
  describeIssues,
  ErrorCodes,
  fieldIssues,
  ProviderSettingsSchema,
  UiPreferencesChangeSchema,
  UiPreferencesSchema,
  type ProviderSettings,
  type UiPreferences,
} from '../../common/ipc';
import type { SqliteDatabase } from '../database';
import { StoreError } from './errors';

/** The setting key of the natural-language provider. */
const NL_PROVIDER = 'nl.provider';
/** The setting key of the interface preferences (theme). */
const UI_PREFERENCES = 'ui.preferences';

export class SettingsRepository {
  private readonly statements;

  constructor(
    db: SqliteDatabase,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.statements = {
      get: db.prepare<[string], { value_json: string }>('SELECT value_json FROM settings WHERE key = ?'),
      put: db.prepare<[string, string, string]>(
        'INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at',
      ),
      delete: db.prepare<[string]>('DELETE FROM settings WHERE key = ?'),
    };
  }

  /** The stored provider URL and model, or null when none is stored (or the stored value is unreadable). */
  nlProvider(): ProviderSettings | null {
    const row = this.statements.get.get(NL_PROVIDER);
    if (!row) return null;
    let value: unknown;
    try {
      value = JSON.parse(row.value_json);
    } catch {
      return null;
    }
    const parsed = ProviderSettingsSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }

  /** Validates and stores URL and model; refused input leaves the stored value as it was. */
  saveNlProvider(input: unknown): ProviderSettings {
    const parsed = ProviderSettingsSchema.safeParse(input);
    if (!parsed.success) {
      throw new StoreError(
        ErrorCodes.settingsInvalid,
        describeIssues('Invalid provider settings', parsed.error),
        fieldIssues(parsed.error),
      );
    }
    this.statements.put.run(NL_PROVIDER, JSON.stringify(parsed.data), this.now());
    return parsed.data;
  }

  /** True when settings were stored and are now gone. */
  clearNlProvider(): boolean {
    return this.statements.delete.run(NL_PROVIDER).changes > 0;
  }

  /** The stored interface preferences; defaults for anything missing or unreadable. */
  uiPreferences(): UiPreferences {
    const row = this.statements.get.get(UI_PREFERENCES);
    let value: unknown = {};
    try {
      value = row ? JSON.parse(row.value_json) : {};
    } catch {
      value = {};
    }
    const parsed = UiPreferencesSchema.safeParse(value);
    return parsed.success ? parsed.data : UiPreferencesSchema.parse({});
  }

  /** Merges `changes` into the stored preferences; invalid changes are refused and nothing is stored. */
  saveUiPreferences(changes: unknown): UiPreferences {
    const parsed = UiPreferencesChangeSchema.safeParse(changes);
    if (!parsed.success) {
      throw new StoreError(ErrorCodes.settingsInvalid, describeIssues('Invalid preferences', parsed.error), fieldIssues(parsed.error));
    }
    const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
    const next = UiPreferencesSchema.parse({ ...this.uiPreferences(), ...defined });
    this.statements.put.run(UI_PREFERENCES, JSON.stringify(next), this.now());
    return next;
  }
}
