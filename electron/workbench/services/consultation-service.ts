/**
 * Live consultations: drives Decision API sessions through the client and records each step in
 * the session's transcript, so it can be saved, reopened and replayed.
 *
 * Sessions are addressed by the engine's session id. The Node side remembers only the target and
 * transcript of each; keys are fetched per call.
 */
import { isSyntheticFactId, type ConsultationResponse, type EvidenceRecord } from '../../common/decision-api';
import type { WhyNoResult } from '../../common/why-no-result';
import {
  ErrorCodes,
  type AnswerInputData,
  type Environment,
  type ErrorInfo,
  type FactInputData,
  type MethodOutput,
  type ParsedInput,
  type QueryInputData,
  type Result,
  type Transcript,
  type TranscriptStep,
  type VersionPolicy,
} from '../../common/ipc';
import type { DecisionApi } from '../ports/decision-api';
import { httpStatusOf, isUnknownMapReply, unknownMap, WorkbenchError } from '../errors';
import type { EndpointResolver } from './endpoints';
import type { EnvironmentService } from './environment-service';
import { logExportOf } from './interaction-log';

/** Oldest live sessions are forgotten beyond this many (the engine expires them anyway). */
const MAX_LIVE_SESSIONS = 200;

interface LiveSession {
  readonly environment: Environment;
  readonly transcript: Transcript;
}

/** The value of a Result, or a WorkbenchError carrying its error. */
function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new WorkbenchError(result.error.code, result.error.message, result.error.details);
}

/** `details` of a locked error say whether a key was sent, so the view does not tell to set a key that is set. */
function withKeySent(details: unknown, keySent: boolean): Record<string, unknown> {
  return { ...(typeof details === 'object' && details !== null ? details : {}), keySent };
}

/** Answer batches an undo would still roll back: those since the last query, less the undos since. */
function undoableAnswers(steps: readonly TranscriptStep[]): number {
  let count = 0;
  for (const step of steps) {
    if (step.kind === 'query') count = 0;
    else if (step.kind === 'respond') count += 1;
    else if (step.kind === 'undo') count = Math.max(0, count - 1);
  }
  return count;
}

/** The engine's latest consultation response (a question or results), if a query was run. */
function currentResponse(steps: readonly TranscriptStep[]): ConsultationResponse | undefined {
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const step = steps[index];
    if (step.kind === 'query' || step.kind === 'respond' || step.kind === 'undo') return step.response;
  }
  return undefined;
}

/** Throws (a WorkbenchError) when a session must not start, e.g. on a Local draft with errors. */
type StartGuard = (environment: Environment, mapId: string, policy: VersionPolicy) => void;

export class ConsultationService {
  private readonly sessions = new Map<string, LiveSession>();
  private startGuard: StartGuard = () => {};

  constructor(
    private readonly environments: EnvironmentService,
    private readonly endpoints: EndpointResolver,
    private readonly api: DecisionApi,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /** Set by the composition root once the map services exist. */
  guardStarts(guard: StartGuard): void {
    this.startGuard = guard;
  }

  async start(input: ParsedInput<'consultation.start'>): Promise<MethodOutput<'consultation.start'>> {
    const environment = this.environments.get(input.environmentId);
    const mapId = input.mapId ?? environment.defaultMapId;
    if (!mapId) {
      throw new WorkbenchError(ErrorCodes.environmentInvalid, `Choose a map: ${environment.name} has no default map.`, [
        { path: 'mapId', message: 'required' },
      ]);
    }
    const versionPolicy = input.versionPolicy ?? environment.versionPolicy;
    this.startGuard(environment, mapId, versionPolicy);
    const endpoint = await this.endpoints.for(environment);
    const started = await this.api.start(endpoint, mapId, versionPolicy);
    if (!started.ok) {
      if (isUnknownMapReply(started.error)) throw unknownMap(mapId, environment.name, started.error);
      throw this.withKeyHint(started.error, environment, 'api');
    }
    const target = { environmentId: environment.id, environmentName: environment.name, baseUrl: endpoint.baseUrl, mapId, versionPolicy };
    const startedAt = this.now();
    const transcript: Transcript = {
      format: 1,
      target,
      sessionId: started.value.id,
      kmVersionId: started.value.kmVersion.id,
      startedAt,
      steps: [],
    };
    this.remember(started.value.id, { environment, transcript });
    return { sessionId: started.value.id, kmVersionId: started.value.kmVersion.id, target, startedAt };
  }

  async inject(sessionId: string, facts: FactInputData[]): Promise<MethodOutput<'consultation.inject'>> {
    const session = this.session(sessionId);
    const endpoint = await this.endpoints.for(session.environment);
    const { batches, ...response } = unwrap(await this.api.inject(endpoint, sessionId, facts));
    this.record(session, { kind: 'inject', at: this.now(), facts, response });
    return { injected: facts.length, batches, response };
  }

  async query(sessionId: string, query: QueryInputData): Promise<ConsultationResponse> {
    const session = this.session(sessionId);
    const response = unwrap(await this.api.query(await this.endpoints.for(session.environment), sessionId, query));
    this.record(session, { kind: 'query', at: this.now(), query, response });
    return response;
  }

  /** Answers without a certainty are sent at 100, as platform clients do when `allowCF` is off. */
  async respond(sessionId: string, given: AnswerInputData[]): Promise<ConsultationResponse> {
    const session = this.session(sessionId);
    const answers = given.map((answer) => (answer.unanswered || answer.certainty !== undefined ? answer : { ...answer, certainty: 100 }));
    const response = unwrap(await this.api.respond(await this.endpoints.for(session.environment), sessionId, answers));
    this.record(session, { kind: 'respond', at: this.now(), answers, response });
    return response;
  }

  /**
   * Rolls back the last batch of answers. With no answers to roll back (none since the last query,
   * or all undone already) nothing changes: the engine is not called and no step is recorded, so a
   * save or a replay carries no empty undo. The current response is returned as it stands.
   */
  async undo(sessionId: string): Promise<ConsultationResponse> {
    const session = this.session(sessionId);
    if (undoableAnswers(session.transcript.steps) === 0) {
      const current = currentResponse(session.transcript.steps);
      if (current) return structuredClone(current);
      throw new WorkbenchError(ErrorCodes.nothingToUndo, 'Nothing to undo: run a query and answer a question first.');
    }
    const response = unwrap(await this.api.undo(await this.endpoints.for(session.environment), sessionId));
    this.record(session, { kind: 'undo', at: this.now(), response });
    return response;
  }

  async evidence(sessionId: string, factId: string): Promise<EvidenceRecord> {
    if (isSyntheticFactId(factId)) {
      throw new WorkbenchError(
        ErrorCodes.evidenceSynthetic,
        `${factId} stands for an optional condition that was not met; it has no evidence of its own.`,
      );
    }
    const session = this.session(sessionId);
    const endpoint = await this.endpoints.for(session.environment, { evidence: true, kmVersionId: session.transcript.kmVersionId });
    const result = await this.api.evidence(endpoint, sessionId, factId);
    if (!result.ok) throw this.withKeyHint(result.error, session.environment, 'evidence', endpoint.evidenceKey !== undefined);
    return result.value;
  }

  async interactions(sessionId: string): Promise<MethodOutput<'consultation.interactions'>> {
    const session = this.session(sessionId);
    const endpoint = await this.endpoints.for(session.environment, { interaction: true, kmVersionId: session.transcript.kmVersionId });
    const result = await this.api.interactions(endpoint, sessionId);
    if (!result.ok) throw this.withKeyHint(result.error, session.environment, 'interaction', endpoint.interactionKey !== undefined);
    return { entries: result.value };
  }

  /**
   * Why the last query concluded nothing. Only the Local engine can say: it reads the session's
   * state inside the engine, which no Decision API call exposes.
   */
  async whyNoResult(sessionId: string): Promise<WhyNoResult> {
    const session = this.session(sessionId);
    if (session.environment.kind !== 'local') {
      throw new WorkbenchError(
        ErrorCodes.localOnly,
        `"Why no result?" is available on Local only: it reads the session inside the embedded engine, and ${session.environment.name} is a remote Decision API, which has no such call.`,
      );
    }
    const explained = await this.endpoints.localEngine().whyNoResult(sessionId);
    if (!explained)
      throw new WorkbenchError(ErrorCodes.sessionNotFound, `The embedded engine no longer has session ${sessionId}; start a new one.`);
    if (!explained.ok) throw new WorkbenchError(ErrorCodes.sessionState, explained.error.messages.join(' '));
    return explained.value;
  }

  async sessionInfo(input: ParsedInput<'consultation.sessionInfo'>): Promise<MethodOutput<'consultation.sessionInfo'>> {
    const session = this.session(input.sessionId);
    const endpoint = await this.endpoints.for(session.environment);
    const result = await this.api.sessionInfo(endpoint, input.sessionId, input.filter, input.relationships);
    if (!result.ok) throw this.withKeyHint(result.error, session.environment, 'api');
    return result.value;
  }

  /**
   * The interaction log as an importable file: the engine's when it recorded one (and lets us read
   * it), else built from the transcript, so an export always reads back.
   */
  async exportLog(sessionId: string): Promise<MethodOutput<'consultation.exportLog'>> {
    const session = this.session(sessionId);
    const endpoint = await this.endpoints.for(session.environment, { interaction: true, kmVersionId: session.transcript.kmVersionId });
    const fromEngine = await this.api.interactions(endpoint, sessionId);
    return logExportOf(session.transcript, fromEngine.ok ? fromEngine.value : null);
  }

  /** A copy of the transcript recorded so far. */
  transcript(sessionId: string): Transcript {
    return structuredClone(this.session(sessionId).transcript);
  }

  /** Records steps the chat took on the session through `/nl/interact`; returns the transcript. */
  recordSteps(sessionId: string, steps: readonly TranscriptStep[]): Transcript {
    const session = this.session(sessionId);
    for (const step of steps) this.record(session, step);
    return this.transcript(sessionId);
  }

  close(sessionId: string): boolean {
    return this.sessions.delete(sessionId);
  }

  /** The environment a session was started in (the chat sends its turns there). */
  environmentOf(sessionId: string): Environment {
    return this.session(sessionId).environment;
  }

  private session(sessionId: string): LiveSession {
    const session = this.sessions.get(sessionId);
    if (!session) {
      throw new WorkbenchError(
        ErrorCodes.sessionNotFound,
        `No open consultation with session id ${sessionId}; start one (sessions are not kept across restarts of Lapwing).`,
      );
    }
    return session;
  }

  private remember(sessionId: string, session: LiveSession): void {
    this.sessions.set(sessionId, session);
    while (this.sessions.size > MAX_LIVE_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
  }

  private record(session: LiveSession, step: TranscriptStep): void {
    session.transcript.steps.push(step);
  }

  /** Turns an auth refusal into a message that says which key to set, and where. */
  private withKeyHint(
    error: ErrorInfo,
    environment: Environment,
    kind: 'api' | 'evidence' | 'interaction',
    keySent = true,
  ): WorkbenchError {
    const status = httpStatusOf(error.details);
    const refused = status === 401 || status === 403;
    if (kind === 'evidence' && (refused || error.code === ErrorCodes.evidenceLocked)) {
      return new WorkbenchError(
        ErrorCodes.evidenceLocked,
        keySent
          ? `${environment.name} refused the evidence key: it is set, but it is not this map's key. Check the key under Environments → Keys.`
          : `Evidence for this map is secured and no evidence key is set for ${environment.name}. Set one under Environments → Keys.`,
        withKeySent(error.details, keySent),
      );
    }
    if (kind === 'interaction' && (refused || error.code === ErrorCodes.interactionsLocked)) {
      return new WorkbenchError(
        ErrorCodes.interactionsLocked,
        keySent
          ? `${environment.name} refused the interaction key: it is set, but it is not this map's key. Check the key under Environments → Keys.`
          : `The interaction log is secured and no interaction key is set for ${environment.name}. Set one under Environments → Keys.`,
        withKeySent(error.details, keySent),
      );
    }
    if (kind === 'api' && refused) {
      return new WorkbenchError(
        error.code,
        `${environment.name} refused the request (HTTP ${status}): check the API key in Keys. ${error.message}`,
        error.details,
      );
    }
    return new WorkbenchError(error.code, error.message, error.details);
  }
}
