/**
 * The Result envelope every contract method answers with, and the stable error codes.
 *
 * `ipcMain.handle` only carries an Error's message across the bridge, and HTTP would need its own
 * error body, so errors cross both transports as data: `{ ok: false, error: { code, message } }`.
 * Codes are `domain/reason` and stable; messages are for people and may change.
 */
import { z } from 'zod';

/** A `domain/reason` error code. */
export type ErrorCode = `${string}/${string}`;

/** Codes the workbench produces. Renderer code may switch on these; never rename one. */
export const ErrorCodes = {
  /** The payload did not match the method's input schema (details: the zod issues). */
  invalidInput: 'ipc/invalid-input',
  /** No such contract method. */
  unknownMethod: 'ipc/unknown-method',
  /** Browser mode: missing or wrong per-run token. */
  unauthorized: 'ipc/unauthorized',
  /** Electron: the message came from a frame other than the app's own page. */
  forbiddenSender: 'ipc/forbidden-sender',
  /** A bug: logged on the Node side; the message is generic. */
  internal: 'ipc/internal',
  /** The service's answer did not match the output schema (a bug on the Node side). */
  invalidOutput: 'ipc/invalid-output',
  keychainUnavailable: 'keychain/unavailable',
  keyMissing: 'keychain/key-missing',
  environmentNotFound: 'environments/not-found',
  environmentInvalid: 'environments/invalid',
  environmentBuiltIn: 'environments/built-in',
  mapsNotListable: 'maps/not-listable',
  mapNotFound: 'maps/not-found',
  /** No such version of a map. */
  mapVersionNotFound: 'maps/version-not-found',
  /** The draft has errors: publishing it or starting a session on it is refused (details: the errors). */
  mapDraftHasErrors: 'maps/draft-has-errors',
  /** A map file or folder could not be read or written (details: the path). */
  mapFileUnreadable: 'maps/file-unreadable',
  mapFolderNotFound: 'maps/folder-not-found',
  /** A diff side could not be read (no such map or version, a remote fetch failed). */
  mapDiffSideInvalid: 'maps/diff-side-invalid',
  sessionNotFound: 'consultation/session-not-found',
  /** "Why no result?" reads the session inside the engine: only the Local environment's embedded engine has it. */
  localOnly: 'consultation/local-only',
  /** The session is not in a state the call fits (no query yet, or a question waiting). */
  sessionState: 'consultation/session-state',
  /** Undo with no answers to roll back (no query run yet); nothing was changed. */
  nothingToUndo: 'consultation/nothing-to-undo',
  /** The engine rejected the request (details: HTTP status and body). */
  engineRejected: 'engine/rejected',
  /** The engine could not be reached (network error, local engine not running). */
  engineUnreachable: 'engine/unreachable',
  /** The engine answered with something that is not a Decision API response. */
  engineInvalidResponse: 'engine/invalid-response',
  /** Evidence is secured and no (or a wrong) evidence key is set for the environment. */
  evidenceLocked: 'evidence/locked',
  /** `WA:XX` synthetic fact IDs stand for unmet conditions and have no evidence to fetch. */
  evidenceSynthetic: 'evidence/synthetic',
  interactionsLocked: 'interactions/locked',
  consultationNotFound: 'consultations/not-found',
  /** No replay is running in that session (it ended, or was never started). */
  replayNotFound: 'consultations/replay-not-found',
  consultationInvalid: 'consultations/invalid',
  storeFailed: 'store/failed',
  /** A workbench setting was refused (details: the field issues); the stored value is unchanged. */
  settingsInvalid: 'settings/invalid',
} as const satisfies Record<string, ErrorCode>;

export const ErrorInfoSchema = z.object({
  code: z.string().regex(/^[a-z][a-z0-9-]*\/[a-z0-9-]+$/, 'an error code is domain/reason'),
  message: z.string(),
  details: z.unknown().optional(),
});

/** What a failed call carries. */
export interface ErrorInfo {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: unknown;
}

/** The envelope: a value, or an error as data. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorInfo };

/** Builds a success envelope. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failure envelope. */
export function fail<T = never>(code: ErrorCode, message: string, details?: unknown): Result<T> {
  return details === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, details } };
}

/** The zod schema of `Result<T>` for a given value schema (transports parse replies with it). */
export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ErrorInfoSchema })]);
}
