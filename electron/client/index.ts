/** The typed Decision API client. */
export { DecisionApiClient, type InjectSummary, type StartOptions } from './client';
export { baseUrlOf } from './environments';
export { classifyReply, parseReply, type FetchLike } from './http';
export { type ApiError, type ApiResult } from './result';
