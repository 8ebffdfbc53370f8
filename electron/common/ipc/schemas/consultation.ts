/**
 * The live consultation: calls that drive one Decision API session. Sessions are addressed by the
 * engine's session id; the Node side keeps the target (and so the keys) and records the transcript.
 */
import { z } from 'zod';
import {
  ConsultationResponseSchema,
  EvidenceRecordSchema,
  InjectResponseSchema,
  InteractionEntrySchema,
  SessionInfoSchema,
} from '../../decision-api';
import { WhyNoResultSchema } from '../../why-no-result';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';
import { AnswerInputSchema, FactInputSchema, QueryInputSchema, TargetSchema, TranscriptSchema } from './transcript';

const SessionRef = z.object({ sessionId: IdSchema });

/** An interaction log written as a file that `cases.logs.import` reads back. */
export const LogExportSchema = z.object({
  fileName: z.string(),
  text: z.string(),
  entryCount: z.number().int(),
  /** Where the entries come from: the engine's recording, or the transcript Lapwing kept. */
  source: z.enum(['engine', 'transcript']),
});

export const consultationMethods = {
  /** Starts a session on a map of an environment (`versionPolicy` defaults to the environment's). */
  'consultation.start': {
    input: z.object({
      environmentId: IdSchema,
      mapId: IdSchema.optional(),
      versionPolicy: VersionPolicySchema.optional(),
    }),
    output: z.object({ sessionId: z.string(), kmVersionId: z.string(), target: TargetSchema, startedAt: TimestampSchema }),
  },
  /**
   * Injects facts, sent to the engine in batches of the Decision API's `INJECT_BATCH_SIZE` (250). For a progress bar,
   * the renderer calls this once per batch.
   */
  'consultation.inject': {
    input: SessionRef.extend({ facts: z.array(FactInputSchema).min(1, 'give at least one fact') }),
    output: z.object({ injected: z.number().int(), batches: z.number().int(), response: InjectResponseSchema }),
  },
  'consultation.query': {
    input: SessionRef.extend({ query: QueryInputSchema }),
    output: ConsultationResponseSchema,
  },
  /** Answers the pending question(s): one answer per value for plural questions. */
  'consultation.respond': {
    input: SessionRef.extend({ answers: z.array(AnswerInputSchema).min(1, 'give at least one answer') }),
    output: ConsultationResponseSchema,
  },
  'consultation.undo': {
    input: SessionRef,
    output: ConsultationResponseSchema,
  },
  /** One level of evidence; the renderer expands children on demand. Never asked for `WA:XX` ids. */
  'consultation.evidence': {
    input: SessionRef.extend({ factId: IdSchema }),
    output: EvidenceRecordSchema,
  },
  /** The session's interaction log from `/analysis/interactions`. */
  'consultation.interactions': {
    input: SessionRef,
    output: z.object({ entries: z.array(InteractionEntrySchema) }),
  },
  /**
   * Why the last query concluded nothing: each rule of the queried relationship and what stopped it.
   * Local only (it reads the session inside the embedded engine); refused while a question waits.
   */
  'consultation.whyNoResult': {
    input: SessionRef,
    output: WhyNoResultSchema,
  },
  'consultation.sessionInfo': {
    input: SessionRef.extend({
      filter: z.enum(['version', 'facts']).default('version'),
      relationships: z.array(z.string().min(1)).optional(),
    }),
    output: SessionInfoSchema,
  },
  /** The script recorded so far (what `consultations.save` would store). */
  'consultation.transcript': {
    input: SessionRef,
    output: TranscriptSchema,
  },
  /**
   * The session's interaction log as a file the Logs tab imports (`cases.logs.import`): the
   * engine's own log when it recorded one, else the same entries built from the transcript.
   */
  'consultation.exportLog': {
    input: SessionRef,
    output: LogExportSchema,
  },
  /** Forgets a session on the Node side (the engine expires it on its own). */
  'consultation.close': {
    input: SessionRef,
    output: z.object({ closed: z.boolean() }),
  },
};
