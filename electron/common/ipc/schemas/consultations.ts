/** Saved consultations: the store of transcripts with notes, and search over them. */
import { z } from 'zod';
import { ConsultationResponseSchema } from '../../decision-api';
import { ErrorInfoSchema } from '../result';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';
import { ResultTripleSchema, TargetSchema, TranscriptSchema } from './transcript';
import { LogExportSchema } from './consultation';

export const SavedConsultationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  mapId: z.string(),
  environmentName: z.string(),
  /** `relationship(subject, object)` of the first query, for lists. */
  query: z.string().nullable(),
  questionCount: z.number().int(),
  results: z.array(ResultTripleSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type SavedConsultationSummary = z.infer<typeof SavedConsultationSummarySchema>;

export const SavedConsultationSchema = SavedConsultationSummarySchema.extend({
  notes: z.string(),
  target: TargetSchema,
  transcript: TranscriptSchema,
});
export type SavedConsultation = z.infer<typeof SavedConsultationSchema>;

/**
 * One replayed step of a saved consultation: `same` when the reply is the one recorded, as a test
 * case saved from the consultation would judge it (the results exactly, with their certainties; the
 * same questions in order), `different` (the message says what differs) or `failed` (the call failed).
 */
export const ReplayedStepSchema = z.object({
  index: z.number().int().min(0),
  kind: z.enum(['inject', 'query', 'respond', 'undo']),
  outcome: z.enum(['same', 'different', 'failed']),
  message: z.string(),
  response: ConsultationResponseSchema.optional(),
  error: ErrorInfoSchema.optional(),
  /** True after the last recorded step. */
  done: z.boolean(),
});
export type ReplayedStep = z.infer<typeof ReplayedStepSchema>;

const TitleSchema = z.string().trim().min(1, 'a title is required').max(200);
const NotesSchema = z.string().max(100_000);

const PageSchema = {
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).default(0),
};

export const consultationsMethods = {
  /**
   * Saves a consultation: from a live session (`sessionId`, its recorded transcript) or a transcript
   * the renderer holds (e.g. a replay). Giving `id` updates that saved consultation.
   */
  'consultations.save': {
    input: z
      .object({
        id: IdSchema.optional(),
        sessionId: IdSchema.optional(),
        transcript: TranscriptSchema.optional(),
        title: TitleSchema.optional(),
        notes: NotesSchema.optional(),
      })
      .refine((input) => input.id !== undefined || input.sessionId !== undefined || input.transcript !== undefined, {
        message: 'give sessionId, transcript, or the id of a saved consultation',
        path: ['sessionId'],
      }),
    output: SavedConsultationSummarySchema,
  },
  'consultations.list': {
    input: z.object(PageSchema),
    output: z.object({ items: z.array(SavedConsultationSummarySchema), total: z.number().int() }),
  },
  'consultations.get': {
    input: z.object({ id: IdSchema }),
    output: SavedConsultationSchema,
  },
  /** All given criteria must match; `text` searches titles, notes, prompts, facts and results. */
  'consultations.search': {
    input: z.object({
      mapId: z.string().trim().min(1).optional(),
      relationship: z.string().trim().min(1).optional(),
      subject: z.string().trim().min(1).optional(),
      text: z.string().trim().min(1).optional(),
      ...PageSchema,
    }),
    output: z.object({ items: z.array(SavedConsultationSummarySchema), total: z.number().int() }),
  },
  /** A saved consultation's interaction log (built from its transcript) as a file the Logs tab imports. */
  'consultations.exportLog': {
    input: z.object({ id: IdSchema }),
    output: LogExportSchema,
  },
  'consultations.delete': {
    input: z.object({ id: IdSchema }),
    output: z.object({ deleted: z.boolean() }),
  },
  /** Starts replaying a saved consultation on a target (the recorded one or another): a fresh session. */
  'consultations.replayStart': {
    input: z.object({ id: IdSchema, environmentId: IdSchema, mapId: IdSchema, versionPolicy: VersionPolicySchema }),
    output: z.object({ sessionId: z.string(), steps: z.number().int() }),
  },
  /** Replays the next recorded step of a replay session and compares its reply with the recorded one. */
  'consultations.replayStep': {
    input: z.object({ sessionId: IdSchema }),
    output: ReplayedStepSchema,
  },
  /** Ends a replay and closes its session. */
  'consultations.replayStop': {
    input: z.object({ sessionId: IdSchema }),
    output: z.object({ stopped: z.boolean() }),
  },
};
