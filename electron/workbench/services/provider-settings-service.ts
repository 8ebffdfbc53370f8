/**
 * The embedded engine's language-model provider: URL and model in the workbench's settings, the key
 * in the OS keychain as the Local environment's `provider` key. `current` is what the embedded
 * server calls on every natural-language request, so a changed URL, model or key takes effect on the
 * next message without a restart. Without stored settings the `LAPWING_NL_PROVIDER_*` environment
 * variables apply, as for the standalone server.
 */
import type { KeychainStatus, MethodOutput, ProviderSettings } from '../../common/ipc';
import type { Keychain } from '../../keychain';
import { chatCompletion, type FetchLike } from '../../nl';
import { DEFAULT_PROVIDER_TIMEOUT_MS, providerConfigFromEnv, type ProviderConfig } from '../../nl';
import type { SettingsRepository } from '../../store';
import { BUILT_IN_IDS } from './environment-service';

/** The keychain entry of the provider key: the Local environment's `provider` key. */
const PROVIDER_KEY = { environmentId: BUILT_IN_IDS.local, kind: 'provider' } as const;

type Env = Readonly<Record<string, string | undefined>>;

export class ProviderSettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly keychain: Keychain,
    private readonly env: Env = process.env,
    private readonly fetch?: FetchLike,
  ) {}

  async get(): Promise<MethodOutput<'nlProvider.get'>> {
    const stored = this.settings.nlProvider();
    const fromEnv = stored ? undefined : providerConfigFromEnv(this.env);
    const keychain = await this.keychain.status();
    const keySet = keychain.available ? await this.keychain.has(PROVIDER_KEY.environmentId, PROVIDER_KEY.kind) : false;
    return {
      settings: stored ?? (fromEnv ? { url: fromEnv.url, model: fromEnv.model } : null),
      source: stored ? 'settings' : fromEnv ? 'environment' : 'none',
      keySet,
      keychain,
    };
  }

  save(input: ProviderSettings): ProviderSettings {
    return this.settings.saveNlProvider(input);
  }

  clear(): boolean {
    return this.settings.clearNlProvider();
  }

  /**
   * The provider for a call now, or undefined (offline). With stored settings the key is read from
   * the keychain; an unavailable keychain rejects with its plain message (the caller answers
   * offline and says why), never falling back to a key stored anywhere else.
   */
  async current(): Promise<ProviderConfig | undefined> {
    const stored = this.settings.nlProvider();
    if (!stored) return providerConfigFromEnv(this.env);
    const key = await this.keychain.get(PROVIDER_KEY.environmentId, PROVIDER_KEY.kind);
    const timeout = Number(this.env.LAPWING_NL_PROVIDER_TIMEOUT_MS);
    return {
      url: stored.url,
      model: stored.model,
      ...(key ? { key } : {}),
      timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_PROVIDER_TIMEOUT_MS,
    };
  }

  /**
   * The provider the chat's notice names (never the key), and, when its key's keychain is
   * unavailable, the keychain's own plain message: the provider is then not used at all.
   */
  async configured(): Promise<{ url: string; model: string; unavailable?: string } | undefined> {
    const stored = this.settings.nlProvider();
    if (!stored) {
      const fromEnv = providerConfigFromEnv(this.env);
      return fromEnv ? { url: fromEnv.url, model: fromEnv.model } : undefined;
    }
    const keychain: KeychainStatus = await this.keychain.status();
    return keychain.available ? stored : { ...stored, unavailable: keychain.message ?? 'The OS keychain is not available.' };
  }

  /** Sends a one-line chat completion with the stored key: passed when the provider answers. */
  async test(): Promise<MethodOutput<'keys.test'>> {
    const config = await this.current();
    if (!config) return { passed: false, checkedWithEngine: false, message: 'Set the provider URL and model first.' };
    const reply = await chatCompletion(config, [{ role: 'user', content: 'Reply with OK.' }], this.fetch ? { fetch: this.fetch } : {});
    if (reply.ok) return { passed: true, checkedWithEngine: true, message: `The provider (${config.model}) accepted the key.` };
    return { passed: false, checkedWithEngine: true, message: `The provider key could not be checked: ${reply.message}.` };
  }
}
