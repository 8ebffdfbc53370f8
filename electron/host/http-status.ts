/** HTTP status codes for Result error codes, so browser-mode responses are honest HTTP as well. */
import type { ErrorCode, ErrorInfo } from '../common/ipc/transport';

const EXACT: Readonly<Record<string, number>> = {
  'ipc/invalid-input': 400,
  'ipc/unknown-method': 404,
  'ipc/unauthorized': 401,
  'ipc/forbidden-sender': 403,
  'ipc/internal': 500,
  'ipc/invalid-output': 500,
  'keychain/unavailable': 503,
  'engine/unreachable': 502,
  'engine/rejected': 502,
  'engine/invalid-response': 502,
  'evidence/locked': 403,
  'interactions/locked': 403,
  'environments/built-in': 409,
};

/**
 * The status for an error code: exact entries first, then by reason (`*\/not-found` 404,
 * `*\/invalid` 400), else 422 (an expected failure the request itself did not cause).
 */
function httpStatusFor(code: ErrorCode): number {
  const exact = EXACT[code];
  if (exact !== undefined) return exact;
  if (code.endsWith('not-found')) return 404;
  if (code.endsWith('/invalid')) return 400;
  return 422;
}

/**
 * The status for a whole error. An engine that refused a request for the request's own sake (a
 * 4xx, e.g. an unknown relationship) keeps that status, so the caller sees a client error with the
 * engine's message, not a 502; an engine 401 becomes 403, since 401 here means this host's token.
 */
export function httpStatusOf(error: ErrorInfo): number {
  if (error.code === 'engine/rejected') {
    const status = (error.details as { status?: unknown } | undefined)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) return status === 401 ? 403 : status;
  }
  return httpStatusFor(error.code);
}
