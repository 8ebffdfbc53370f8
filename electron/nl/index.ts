/**
 * Lapwing's natural-language interface: reading prompts against a map's own vocabulary, answering
 * pending questions, and explaining conclusions in prose. Offline and pure, except `provider/`,
 * which calls an OpenAI-compatible endpoint through the global fetch when one is configured.
 */
export { buildVocabulary } from './vocabulary/build';
export type { Vocabulary } from './vocabulary/types';
export { interpret } from './understand/interpret';
export { validateFact } from './understand/validate';
export { NL_ERROR_CODES, statusOfCode, type NLErrorCode, type UnderstandingError } from './understand/errors';
export type { Interpretation, NLQuery, ParsedFacts, InvalidFact, Referents } from './understand/types';
export { NaturalLanguageService, type NaturalLanguageOptions, type SessionHandle, type NLReply, type ProviderSource } from './service';
export { DEFAULT_PROVIDER_TIMEOUT_MS, providerConfigFromEnv, PROVIDER_ENV, type ProviderConfig } from './provider/config';
export { chatCompletion, type FetchLike } from './provider/client';
export { explainEvidence } from './explain/explain';
export { evidenceTree, type EvidenceNode } from './explain/evidence-tree';
export { EXPLANATION_STYLES, styleOf, type ExplanationStyle } from './explain/styles';
export { questionFromSummary } from './interact/questions';
