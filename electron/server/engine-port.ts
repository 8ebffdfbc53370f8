/**
 * The slice of the engine the server uses. The real one is `electron/engine`; tests may pass
 * another implementation of the same functions.
 */
import type { KnowledgeMap, LoadResult } from '../engine';
import type { ConsultationSession, JournalEntry, SessionOptions, SharedContext } from '../engine';

export interface EnginePort {
  loadMap(source: string, options?: { fileName?: string }): LoadResult;
  createSession(map: KnowledgeMap, options: SessionOptions): ConsultationSession;
  /** Rebuilds a session by replaying its journal; `onJournal` is not called during the replay. */
  restoreSession(map: KnowledgeMap, options: SessionOptions, journal: readonly JournalEntry[]): Promise<ConsultationSession>;
  /** A store of context-scoped facts shared by the sessions started with one `contextid`. */
  createContext(id: string): SharedContext;
}
