/** The typed Decision API client. */
export { DecisionApiClient } from './client';
export { baseUrlOf } from './environments';
export { type FetchLike } from './http';
export { type ApiError, type ApiResult } from './result';
