/**
 * Expected failures inside services, and how any thrown value becomes a Result error.
 *
 * Services throw `WorkbenchError` for what the user should see (a missing environment, an engine
 * refusal); the dispatcher turns it into `{ ok: false, error }`. Anything else is a bug: it is
 * logged on the Node side and the renderer gets `ipc/internal` with a generic message, so stack
 * traces and internal paths never cross the boundary.
 */
import { ErrorCodes, type ErrorCode, type ErrorInfo } from '../common/ipc';
import { KeychainError } from '../keychain';
import { StoreError } from '../store';

/** An expected failure with a stable code and a message for the user. */
export class WorkbenchError extends Error {
  override readonly name = 'WorkbenchError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Where bugs are reported. Never given key values: callers pass errors and method names only. */
export type BugLogger = (method: string, error: unknown) => void;

/** Logs to stderr; the default in both Electron main and browser mode. */
export const consoleBugLogger: BugLogger = (method, error) => {
  console.error(`[lapwing] ${method} failed unexpectedly:`, error);
};

function info(code: ErrorCode, message: string, details: unknown): ErrorInfo {
  return details === undefined ? { code, message } : { code, message, details };
}

/** The Result error for a thrown value; `undefined` when it is a bug (not an expected failure). */
export function expectedError(error: unknown): ErrorInfo | undefined {
  if (error instanceof WorkbenchError || error instanceof StoreError) return info(error.code, error.message, error.details);
  if (error instanceof KeychainError) return { code: error.code, message: error.message };
  return undefined;
}

/** The generic error the renderer sees for a bug. */
export function internalError(method: string): ErrorInfo {
  return { code: ErrorCodes.internal, message: `Lapwing hit an unexpected problem in ${method}; details are in the application log.` };
}

/** The HTTP status an `engine/*` error carries in its details (`{ status }`), if any. */
export function httpStatusOf(details: unknown): number | undefined {
  if (typeof details === 'object' && details !== null && 'status' in details) {
    const status = (details as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/**
 * Whether a refused `/start` means "no such map": the platform (and `lapwing serve`, which follows
 * it) answers an unknown map with a plain-text `Bad request!` and HTTP 400, and nothing else.
 */
export function isUnknownMapReply(error: ErrorInfo): boolean {
  if (httpStatusOf(error.details) !== 400) return false;
  const messages = (error.details as { messages?: unknown }).messages;
  return Array.isArray(messages) && messages.length === 1 && String(messages[0]).trim() === 'Bad request!';
}

/** A map ID short enough for a sentence: the first 8 characters of a long one, with an ellipsis. */
export function shortMapId(mapId: string): string {
  return mapId.length > 12 ? `${mapId.slice(0, 8)}…` : mapId;
}

/** "map 1a2b3c4d… is not in Local", as an error with the full ID in its details. */
export function unknownMap(mapId: string, environmentName: string, cause?: ErrorInfo): WorkbenchError {
  return new WorkbenchError(
    ErrorCodes.mapNotFound,
    `Map ${shortMapId(mapId)} is not in ${environmentName}: check the map ID, or choose the environment that has it.`,
    { mapId, environment: environmentName, ...(cause ? { engine: cause.details } : {}) },
  );
}
