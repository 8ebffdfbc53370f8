/**
 * Replaying a saved consultation step by step, on the Node side: each recorded step is sent again
 * in a fresh session (recorded as any consultation is), and its reply compared with the recorded
 * one by the cases core (`compareReplies`), so a replay and a test case saved from the same
 * consultation agree on what "the same reply" is. The renderer only shows the outcome.
 */
import { compareReplies, type CaseQuery } from '../../cases/core';
import { ErrorCodes, type MethodOutput, type ParsedInput, type QueryInputData, type TranscriptStep } from '../../common/ipc';
import type { ConsultationResponse } from '../../common/decision-api';
import { expectedError, WorkbenchError } from '../errors';
import type { ConsultationService } from './consultation-service';
import type { SavedConsultationService } from './saved-consultation-service';

interface Replay {
  readonly steps: readonly TranscriptStep[];
  next: number;
  /** The last query sent, which names the results the replies carry. */
  query?: QueryInputData;
}

type ReplayedStep = MethodOutput<'consultations.replayStep'>;

export class SavedReplayService {
  private readonly replays = new Map<string, Replay>();

  constructor(
    private readonly consultation: ConsultationService,
    private readonly saved: SavedConsultationService,
  ) {}

  async start(input: ParsedInput<'consultations.replayStart'>): Promise<MethodOutput<'consultations.replayStart'>> {
    const { transcript } = this.saved.get(input.id);
    const started = await this.consultation.start({
      environmentId: input.environmentId,
      mapId: input.mapId,
      versionPolicy: input.versionPolicy,
    });
    this.replays.set(started.sessionId, { steps: transcript.steps, next: 0 });
    return { sessionId: started.sessionId, steps: transcript.steps.length };
  }

  /** Sends the next recorded step; a failed call is an outcome of the step, not an error of the replay. */
  async step(sessionId: string): Promise<ReplayedStep> {
    const replay = this.replays.get(sessionId);
    if (!replay) throw new WorkbenchError(ErrorCodes.replayNotFound, 'No replay is running in this session: start the replay again.');
    const index = replay.next;
    const step = replay.steps[index];
    if (!step) throw new WorkbenchError(ErrorCodes.replayNotFound, 'The replay has no steps left.');
    replay.next += 1;
    const done = replay.next >= replay.steps.length;
    if (step.kind === 'query') replay.query = step.query;
    try {
      if (step.kind === 'inject') {
        await this.consultation.inject(sessionId, step.facts);
        return { index, kind: step.kind, outcome: 'same', message: `Injected ${step.facts.length} facts.`, done };
      }
      const response = await this.send(sessionId, step);
      const comparison = compareReplies(step.response, response, caseQueryOf(replay.query, step.response));
      return comparison.same
        ? { index, kind: step.kind, outcome: 'same', message: 'Same reply as recorded.', response, done }
        : { index, kind: step.kind, outcome: 'different', message: comparison.differences.join('; '), response, done };
    } catch (error) {
      const info = expectedError(error);
      if (!info) throw error;
      return { index, kind: step.kind, outcome: 'failed', message: info.message, error: info, done };
    }
  }

  stop(sessionId: string): boolean {
    const stopped = this.replays.delete(sessionId);
    this.consultation.close(sessionId);
    return stopped;
  }

  private send(sessionId: string, step: Exclude<TranscriptStep, { kind: 'inject' }>): Promise<ConsultationResponse> {
    if (step.kind === 'query') return this.consultation.query(sessionId, step.query);
    if (step.kind === 'respond') return this.consultation.respond(sessionId, step.answers);
    return this.consultation.undo(sessionId);
  }
}

/** The query as the case model spells it; results name their own triples, so a reply without a query step still compares. */
function caseQueryOf(query: QueryInputData | undefined, recorded: ConsultationResponse): CaseQuery {
  if (query)
    return {
      relationship: query.relationship,
      ...(query.subject === undefined ? {} : { subject: query.subject }),
      ...(query.object === undefined ? {} : { object: query.object }),
    };
  const first = 'result' in recorded ? recorded.result[0] : undefined;
  return { relationship: first?.relationship ?? '' };
}
