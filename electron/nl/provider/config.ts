/**
 * Settings of the optional language-model provider: an OpenAI-compatible chat-completions endpoint.
 * The server reads them from the environment; the workbench from its settings and the keychain.
 */

export interface ProviderConfig {
  /** Base URL (`http://localhost:11434/v1`) or the full `…/chat/completions` URL. */
  readonly url: string;
  readonly model: string;
  /** Sent as `Authorization: Bearer <key>`; local servers often need none. */
  readonly key?: string;
  /** A call slower than this is abandoned and the offline reader answers (default 15 s). */
  readonly timeoutMs: number;
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

/** Environment variables the server reads. */
const PROVIDER_ENV = {
  url: 'LAPWING_NL_PROVIDER_URL',
  model: 'LAPWING_NL_PROVIDER_MODEL',
  key: 'LAPWING_NL_PROVIDER_KEY',
  timeoutMs: 'LAPWING_NL_PROVIDER_TIMEOUT_MS',
} as const;

/** The provider configured in `env`, or undefined when URL or model is missing (offline only). */
export function providerConfigFromEnv(env: Readonly<Record<string, string | undefined>>): ProviderConfig | undefined {
  const url = env[PROVIDER_ENV.url]?.trim();
  const model = env[PROVIDER_ENV.model]?.trim();
  if (!url || !model) return undefined;
  const key = env[PROVIDER_ENV.key]?.trim();
  const timeout = Number(env[PROVIDER_ENV.timeoutMs]);
  return {
    url,
    model,
    ...(key ? { key } : {}),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_PROVIDER_TIMEOUT_MS,
  };
}

/** The chat-completions URL of a configured base URL. */
export function completionsUrl(config: ProviderConfig): string {
  const base = config.url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}
