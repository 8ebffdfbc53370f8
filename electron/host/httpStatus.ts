/** HTTP status codes for Result error codes, so browser-mode responses are honest HTTP as well. */
import type { ErrorCode } from '../common/ipc';

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
export function httpStatusFor(code: ErrorCode): number {
  const exact = EXACT[code];
  if (exact !== undefined) return exact;
  if (code.endsWith('not-found')) return 404;
  if (code.endsWith('/invalid')) return 400;
  return 422;
}
