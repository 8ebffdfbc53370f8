/** Client results: errors are data, never exceptions. */
import type { NetworkFailure } from './network';

/**
 * `network`: no reply (refused, reset, timed out). `auth`: 401/403. `validation`: another 4xx
 * (the request was wrong). `not-found`: 404 (unknown session, map, version or fact).
 * `server`: 5xx, or a reply the client could not read.
 */
export type ApiErrorKind = 'network' | 'auth' | 'validation' | 'not-found' | 'server';

export interface ApiError {
  readonly kind: ApiErrorKind;
  /** HTTP status, when a reply arrived. */
  readonly status?: number;
  /** What went wrong, one problem per message (e.g. each `err` entry of a validation reply). */
  readonly messages: readonly string[];
  /** The parsed error body, for callers that need more (e.g. `POST /maps` diagnostics). */
  readonly body?: unknown;
  /** For `network` errors: why no reply came (refused, DNS, timeout, TLS, …). */
  readonly network?: NetworkFailure;
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function success<T>(value: T): ApiResult<T> {
  return { ok: true, value };
}

export function failure<T = never>(error: ApiError): ApiResult<T> {
  return { ok: false, error };
}

/** The kind of error an HTTP status means. */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status >= 400 && status < 500) return 'validation';
  return 'server';
}
