/**
 * The public face of a consultation session: what the Decision API server, the workbench and the
 * tests drive. Implemented by `Session` in `./session.ts`.
 */
import type {
  AnswerInput,
  ConsultationResponse,
  EvidenceRecord,
  FactInput,
  InteractionEntry,
  QueryInput,
  SessionFacts,
} from '../../common/decision-api';
import type { WhyNoResult } from '../../common/why-no-result';

/** A refused request: every problem, each naming what was wrong (e.g. "fact 3: unknown relationship 'lives on'"). */
export interface EngineError {
  /** `validation`: the request was wrong; nothing changed. `state`: it does not fit the session's state. */
  readonly kind: 'validation' | 'state';
  readonly messages: readonly string[];
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

/** HTTP-like fetch the engine is given for `<datasource>` calls (tests pass a real local server's fetch). */
export type DatasourceFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | undefined },
) => Promise<{ status: number; text: string }>;

/** One step of a session, in order; replaying the journal rebuilds the session exactly. */
export type JournalEntry =
  | { readonly kind: 'inject'; readonly at: number; readonly facts: readonly FactInput[] }
  | { readonly kind: 'query'; readonly at: number; readonly query: QueryInput }
  | { readonly kind: 'respond'; readonly at: number; readonly answers: readonly AnswerInput[] }
  | { readonly kind: 'undo'; readonly at: number }
  /** A datasource response, kept so a replay does not call the remote service again. */
  | { readonly kind: 'datasource'; readonly at: number; readonly requestKey: string; readonly status: number; readonly text: string };

export interface SessionOptions {
  /** Session ID (the server makes a UUID). */
  readonly id: string;
  /** ID of the knowledge-map version in use (reported by start and in the interaction log). */
  readonly kmVersionId: string;
  readonly useDraft?: boolean;
  /** Clock in epoch ms; defaults to Date.now. Tests fix it for determinism. */
  readonly clock?: () => number;
  /** Needed only by maps with datasources; without it a datasource call fails (logged, no facts). */
  readonly fetch?: DatasourceFetch;
  /** Called with every journal entry as it happens (the server persists them). */
  readonly onJournal?: (entry: JournalEntry) => void;
  /** Time of the start event (epoch ms); defaults to the clock. Set when rebuilding from a journal. */
  readonly startedAt?: number;
  /** Context shared with other sessions (made by `createContext`); facts of context-scoped relationships go there. */
  readonly context?: SharedContext;
}

export interface ConsultationSession {
  readonly id: string;
  /** Inject a batch; all or nothing. Warnings name facts that were accepted but not stored (duplicates). */
  inject(facts: readonly FactInput[]): Outcome<{ warnings: string[] }>;
  query(query: QueryInput): Promise<Outcome<ConsultationResponse>>;
  respond(answers: readonly AnswerInput[]): Promise<Outcome<ConsultationResponse>>;
  undo(): Promise<Outcome<ConsultationResponse>>;
  /** Evidence for a fact of this session (or of the map); undefined for unknown and `WA:XX` IDs. */
  evidence(factID: string): EvidenceRecord | undefined;
  interactions(): readonly InteractionEntry[];
  /** Facts split into global (map), local (this session) and context; optionally only some relationships. */
  facts(relationships?: readonly string[]): SessionFacts;
  /**
   * Why the last query concluded nothing (or what each of its rules lacks): read from the session's
   * state once the query has ended. Refused before any query, and while a question waits.
   */
  whyNoResult(): Outcome<WhyNoResult>;
  /** Everything that happened, for persistence and replay. */
  journal(): readonly JournalEntry[];
  /** Epoch ms of the last call (for idle expiry). */
  lastActivity(): number;
}

/**
 * Facts shared by the sessions started with the same context id (the legacy `contextid` of `/start`):
 * facts of relationships or concepts with `scope="context"` are written here instead of the session,
 * and every session of the context matches against them. The host keeps one per map and context id.
 */
export interface SharedContext {
  readonly id: string;
}
