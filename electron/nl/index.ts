/**
 * Lapwing's natural-language interface: reading prompts against a map's own vocabulary, answering
 * pending questions, and explaining conclusions in prose. Offline and pure, except `provider/`,
 * which calls an OpenAI-compatible endpoint through the global fetch when one is configured.
 */
export { NL_ERROR_CODES } from './understand/errors';
export { NaturalLanguageService, type ProviderSource } from './service';
export { DEFAULT_PROVIDER_TIMEOUT_MS, providerConfigFromEnv, type ProviderConfig } from './provider/config';
export { chatCompletion, type FetchLike } from './provider/client';
