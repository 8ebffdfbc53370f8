/** The typed Decision API client. */
export { DecisionApiClient, type ClientOptions, type InjectSummary, type SessionFilter, type StartOptions } from './client';
export { PLATFORM_BASE_URLS, baseUrlOf, type Environment } from './environments';
export { classifyReply, errorMessages, parseReply, type FetchLike, type RawReply } from './http';
export { kindOfStatus, type ApiError, type ApiErrorKind, type ApiResult } from './result';
export { networkFailure, type NetworkFailure, type NetworkReason } from './network';
