/**
 * The Lapwing reasoning engine: load RBLang maps and run Decision API sessions against them.
 * Pure TypeScript; no Electron, HTTP or Node I/O.
 */
import type { KnowledgeMap } from './model/types';
import { Session } from './session/session';
import type { ConsultationSession, JournalEntry, SessionOptions } from './session/types';

export { loadMap, LoadReuse } from './loader';
export { diffMaps } from './diff';
export { createContext } from './session/shared-context';
export { factIdFor, useSha256, type Sha256Hex } from './facts/fact-id';
export type * from './model/types';
export type * from './session/types';

/** Starts a session against a loaded map. */
export function createSession(map: KnowledgeMap, options: SessionOptions): ConsultationSession {
  return new Session(map, options);
}

/** Rebuilds a session by replaying its journal (no datasource calls, no journal callbacks). */
export function restoreSession(map: KnowledgeMap, options: SessionOptions, journal: readonly JournalEntry[]): Promise<ConsultationSession> {
  return Session.restore(map, options, journal);
}

/** The expression functions (names and arity), for editors that complete and describe them. */
export { FUNCTION_NAMES } from './expressions';
export { lookupFunction } from './expressions/functions/catalogue';
