/**
 * Decision API responses as a client may receive them from any deployment.
 *
 * The strict schemas in `responses.ts` describe what Lapwing sends. Older or remote engines omit
 * some of those fields (no `stats`, no `subjectMetadata`, no `concepts` in the Go SDK's undo
 * example, evidence `source: "km"`), so clients parse with these variants: each missing field
 * gets its documented default, and the output types are exactly the strict ones.
 */
import { z } from 'zod';
import {
  ConceptEntrySchema,
  DataTypeSchema,
  EvidenceRecordSchema,
  FactSourceSchema,
  KnownAnswerSchema,
  MetadataSchema,
  ObjectValueSchema,
  QuestionTypeSchema,
  type ConsultationResponse,
  type EvidenceRecord,
  type InjectResponse,
  type Question,
  type QuestionResponse,
  type ResultEntry,
  type ResultResponse,
} from './responses';

const ReceivedQuestionSchema: z.ZodType<Question, unknown> = z.object({
  subject: z.string().optional(),
  object: ObjectValueSchema.optional(),
  objectType: z.string().optional(),
  objectMetadata: MetadataSchema.optional(),
  relationship: z.string(),
  dataType: DataTypeSchema.default('string'),
  type: QuestionTypeSchema.default('Second Form Object'),
  plural: z.boolean().default(false),
  allowCF: z.boolean().default(true),
  allowUnknown: z.boolean().default(false),
  canAdd: z.boolean().default(false),
  prompt: z.string().default(''),
  knownAnswers: z.array(KnownAnswerSchema).default([]),
  concepts: z.array(ConceptEntrySchema).default([]),
});

const ReceivedQuestionResponseSchema: z.ZodType<QuestionResponse, unknown> = z.object({
  question: ReceivedQuestionSchema,
  extraQuestions: z.array(ReceivedQuestionSchema).optional(),
  sid: z.string().default(''),
});

/** Older engines sent only `relationshipType` (api-wire.md §6), so either name fills the other. */
const ReceivedResultEntrySchema: z.ZodType<ResultEntry, unknown> = z
  .object({
    subject: z.string(),
    relationship: z.string().optional(),
    relationshipType: z.string().optional(),
    object: ObjectValueSchema,
    certainty: z.number(),
    factID: z.string(),
    subjectMetadata: MetadataSchema.default({}),
    objectMetadata: MetadataSchema.default({}),
  })
  .refine((entry) => entry.relationship !== undefined || entry.relationshipType !== undefined, 'a result needs a relationship')
  .transform((entry) => {
    const relationship = entry.relationship ?? entry.relationshipType ?? '';
    return { ...entry, relationship, relationshipType: entry.relationshipType ?? relationship };
  });

const ReceivedResultResponseSchema: z.ZodType<ResultResponse, unknown> = z.object({
  result: z.array(ReceivedResultEntrySchema),
  queryProfile: z.array(z.unknown()).default([]),
  sid: z.string().default(''),
  stats: z.record(z.string(), z.unknown()).default({}),
});

/** The `/query`, `/response` and `/undo` union, told apart by `question` versus `result`. */
export const ReceivedConsultationResponseSchema: z.ZodType<ConsultationResponse, unknown> = z.union([
  ReceivedQuestionResponseSchema,
  ReceivedResultResponseSchema,
]);

const SOURCE_ALIASES: Readonly<Record<string, string>> = { km: 'knowledgemap', synthetic: 'synthesis' };

/** Evidence with the live platform's `km` and the analysis UI's `synthetic` read as the enum values. */
export const ReceivedEvidenceRecordSchema: z.ZodType<EvidenceRecord, unknown> = EvidenceRecordSchema.extend({
  source: z
    .string()
    .transform((source) => SOURCE_ALIASES[source] ?? source)
    .pipe(FactSourceSchema),
});

/** Inject replies: Redoc and the Power Platform connector show `{"result":"ok"}`, Lapwing sends `OK`. */
export const ReceivedInjectResponseSchema: z.ZodType<InjectResponse, unknown> = z.object({
  result: z
    .string()
    .refine((result) => result.toUpperCase() === 'OK', 'inject did not answer OK')
    .transform((): 'OK' => 'OK'),
  warningLog: z.array(z.string()).optional(),
});
