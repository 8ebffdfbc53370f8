/**
 * The Decision API calls the workbench makes, as a port. The real implementation adapts the typed
 * client of `electron/client`; service tests may pass a fake. Every call names its endpoint (base
 * URL) and carries the keys it needs; failures come back as Result errors with `engine/*`,
 * `evidence/*` or `consultation/*` codes, never as exceptions.
 */
import type {
  AnswerInput,
  ConsultationResponse,
  EvidenceRecord,
  FactInput,
  InjectResponse,
  InteractionEntry,
  QueryInput,
  SessionInfo,
  StartResponse,
} from '../../common/decision-api';
import type { Result, VersionPolicy } from '../../common/ipc';

/** Where a call goes and with which credentials. Built per call; never stored or logged. */
export interface Endpoint {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly evidenceKey?: string | undefined;
  readonly interactionKey?: string | undefined;
}

export interface DecisionApi {
  start(endpoint: Endpoint, mapId: string, policy: VersionPolicy): Promise<Result<StartResponse>>;
  /** Sends `facts` in batches of 250; `batches` says how many requests were made. */
  inject(endpoint: Endpoint, sessionId: string, facts: readonly FactInput[]): Promise<Result<InjectResponse & { batches: number }>>;
  query(endpoint: Endpoint, sessionId: string, query: QueryInput): Promise<Result<ConsultationResponse>>;
  respond(endpoint: Endpoint, sessionId: string, answers: readonly AnswerInput[]): Promise<Result<ConsultationResponse>>;
  undo(endpoint: Endpoint, sessionId: string): Promise<Result<ConsultationResponse>>;
  evidence(endpoint: Endpoint, sessionId: string, factId: string): Promise<Result<EvidenceRecord>>;
  interactions(endpoint: Endpoint, sessionId: string): Promise<Result<InteractionEntry[]>>;
  sessionInfo(
    endpoint: Endpoint,
    sessionId: string,
    filter: 'version' | 'facts',
    relationships?: readonly string[],
  ): Promise<Result<SessionInfo>>;
  /** The engine's semantic version (`GET /version`, no key). */
  version(endpoint: Endpoint): Promise<Result<string>>;
  /** A map's RBLang source (`GET /analysis/file/{kmID}[?version=N]`): for diffs against a remote map. */
  mapFile(endpoint: Endpoint, kmId: string, version?: number): Promise<Result<string>>;
}
