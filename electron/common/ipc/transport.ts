/**
 * The parts of the IPC contract a transport needs before any schema: the stable error codes, the
 * Result envelope's types, and the channel names, paths and header names. No zod here, so
 * browser mode's host can serve the page without loading zod and every method's schemas (about
 * half a second of its start-up); the schemas load with the workbench, behind the page.
 *
 * Errors cross both transports as data: `{ ok: false, error: { code, message } }` (see result.ts).
 */
import type { Invoke, MethodName } from './contract';

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

/** What a failed call carries. */
export interface ErrorInfo {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: unknown;
}

/** The envelope: a value, or an error as data. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorInfo };

// ---------------------------------------------------------------------------------------------
// Transport constants: the only place channel names, paths and header names are spelled.

/** Electron: `ipcMain.handle` channel of a method. */
export function ipcChannel(method: MethodName): string {
  return `lapwing:${method}`;
}

/** Electron: the preload exposes `window[PRELOAD_GLOBAL].invoke(method, input)`. */
export const PRELOAD_GLOBAL = 'lapwing';

/** The object the preload exposes on `window.lapwing`. */
export interface PreloadBridge {
  readonly invoke: Invoke;
}

/** Browser mode: `POST ${HTTP_IPC_PREFIX}${method}` with the JSON input as body. */
export const HTTP_IPC_PREFIX = '/ipc/';

/** Browser mode: the header carrying the per-run token. */
export const TOKEN_HEADER = 'x-lapwing-token';

/** Browser mode: the token is served in `<meta name="lapwing-token" content="...">` in index.html. */
export const TOKEN_META_NAME = 'lapwing-token';
