/**
 * Decision API response shapes (shared/seed/decision-api.md, shared/spec/api-wire.md).
 *
 * One zod schema per record: the engine produces these, the server serialises them, the client
 * parses them, and the OpenAPI document is generated from them. Field names follow the wire exactly.
 */
import { z } from 'zod';

export const DataTypeSchema = z.enum(['string', 'number', 'truth', 'date']);

export const ObjectValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ObjectValue = z.infer<typeof ObjectValueSchema>;

/** `{ en: [{dataType, data}] }`, or `{}` when an instance has no metadata. */
export const MetadataSchema = z.record(z.string(), z.array(z.object({ dataType: z.string(), data: z.string() })));
export type Metadata = z.infer<typeof MetadataSchema>;

export const QuestionTypeSchema = z.enum(['First Form', 'Second Form Object', 'Second Form Subject']);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

export const ConceptEntrySchema = z.object({
  conceptType: z.string(),
  name: z.string(),
  type: z.string(),
  value: ObjectValueSchema,
  invalidResponse: z.boolean().optional(),
});
export type ConceptEntry = z.infer<typeof ConceptEntrySchema>;

/** A fact already known for the asked subject and relationship (platform shape). */
export const KnownAnswerSchema = z.object({
  subject: z.string(),
  relationship: z.object({ name: z.string() }).passthrough(),
  object: ObjectValueSchema,
  cf: z.number(),
});
export type KnownAnswer = z.infer<typeof KnownAnswerSchema>;

export const QuestionSchema = z.object({
  subject: z.string().optional(),
  object: ObjectValueSchema.optional(),
  objectType: z.string().optional(),
  objectMetadata: MetadataSchema.optional(),
  relationship: z.string(),
  dataType: DataTypeSchema,
  type: QuestionTypeSchema,
  plural: z.boolean(),
  allowCF: z.boolean(),
  allowUnknown: z.boolean(),
  canAdd: z.boolean(),
  prompt: z.string(),
  knownAnswers: z.array(KnownAnswerSchema),
  concepts: z.array(ConceptEntrySchema),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionResponseSchema = z.object({
  question: QuestionSchema,
  extraQuestions: z.array(QuestionSchema).optional(),
  sid: z.string(),
});
export type QuestionResponse = z.infer<typeof QuestionResponseSchema>;

export const ResultEntrySchema = z.object({
  subject: z.string(),
  relationship: z.string(),
  relationshipType: z.string(),
  object: ObjectValueSchema,
  certainty: z.number(),
  factID: z.string(),
  subjectMetadata: MetadataSchema,
  objectMetadata: MetadataSchema,
});
export type ResultEntry = z.infer<typeof ResultEntrySchema>;

export const ResultResponseSchema = z.object({
  result: z.array(ResultEntrySchema),
  queryProfile: z.array(z.unknown()),
  sid: z.string(),
  stats: z.record(z.string(), z.unknown()),
});
export type ResultResponse = z.infer<typeof ResultResponseSchema>;

/** What `/query`, `/response` and `/undo` return. */
export const ConsultationResponseSchema = z.union([QuestionResponseSchema, ResultResponseSchema]);
export type ConsultationResponse = QuestionResponse | ResultResponse;

export function isQuestionResponse(response: ConsultationResponse): response is QuestionResponse {
  return 'question' in response;
}

export const StartResponseSchema = z.object({
  id: z.string(),
  kmVersion: z.object({ id: z.string() }),
});
export type StartResponse = z.infer<typeof StartResponseSchema>;

export const InjectResponseSchema = z.object({
  result: z.literal('OK'),
  warningLog: z.array(z.string()).optional(),
});
export type InjectResponse = z.infer<typeof InjectResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Evidence

export const FactSourceSchema = z.enum(['knowledgemap', 'rule', 'answer', 'injection', 'datasource', 'synthesis']);
export type FactSource = z.infer<typeof FactSourceSchema>;

const EvidenceEndSchema = z.object({ type: z.string(), value: ObjectValueSchema, dataType: z.string() });

const ListFactSchema = z.object({
  subject: z.string(),
  relationship: z.string(),
  object: ObjectValueSchema,
  certainty: z.number(),
  factID: z.string(),
  objectType: z.string(),
  factKey: z.string().optional(),
});

export const RelationshipConditionEvidenceSchema = z.object({
  subject: z.string(),
  relationship: z.string(),
  object: ObjectValueSchema,
  salience: z.number(),
  certainty: z.number(),
  impact: z.number(),
  factID: z.string(),
  objectType: z.string(),
  alt: z.string().optional(),
  factKey: z.string().optional(),
  /** Lapwing extension: true when an optional condition was not met (certainty 0, `WA:XX`). */
  wasMet: z.boolean().optional(),
});
export type RelationshipConditionEvidence = z.infer<typeof RelationshipConditionEvidenceSchema>;

export const ExpressionConditionEvidenceSchema = z.object({
  expression: z.object({
    functions: z
      .record(z.string(), z.object({ facts: z.array(ListFactSchema), result: z.object({ type: z.string(), value: ObjectValueSchema }) }))
      .optional(),
    text: z.string(),
    /** The variable the result was assigned to (e.g. `%O`), not a value. */
    value: z.string().optional(),
  }),
  impact: z.number(),
  salience: z.number(),
  wasMet: z.boolean(),
  alt: z.string().optional(),
});
export type ExpressionConditionEvidence = z.infer<typeof ExpressionConditionEvidenceSchema>;

const ConditionEvidenceSchema = z.union([RelationshipConditionEvidenceSchema, ExpressionConditionEvidenceSchema]);
export type ConditionEvidence = RelationshipConditionEvidence | ExpressionConditionEvidence;

const BindingValueSchema = z.union([ObjectValueSchema, z.object({ value: ObjectValueSchema, type: z.string() })]);

export const EvidenceRecordSchema = z.object({
  factID: z.string(),
  source: FactSourceSchema,
  fact: z.object({
    subject: EvidenceEndSchema,
    relationship: z.object({ type: z.string() }),
    object: EvidenceEndSchema,
    certainty: z.number(),
  }),
  time: z.number(),
  rule: z
    .object({
      name: z.string().optional(),
      alt: z.string().optional(),
      bindings: z.record(z.string(), BindingValueSchema),
      conditions: z.array(ConditionEvidenceSchema),
      ruleMaxCertainty: z.number(),
    })
    .optional(),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Interaction log and session information

/** Event names as the platform's clients expect them (the Go SDK rejects any other). */
export const InteractionEventSchema = z.enum(['start', 'inject', 'query', 'question', 'answer', 'result', 'datasource']);
export type InteractionEvent = z.infer<typeof InteractionEventSchema>;

export const InteractionEntrySchema = z.object({
  event: InteractionEventSchema,
  created: z.string(),
  values: z.record(z.string(), z.unknown()),
});
export type InteractionEntry = z.infer<typeof InteractionEntrySchema>;

const SessionFactEndSchema = z.object({ concept: z.string(), value: ObjectValueSchema, dataType: z.string() });

export const SessionFactSchema = z.object({
  id: z.string(),
  subject: SessionFactEndSchema,
  relationship: z.string(),
  object: SessionFactEndSchema,
  certainty: z.number(),
  source: FactSourceSchema,
});
export type SessionFact = z.infer<typeof SessionFactSchema>;

export const SessionFactsSchema = z.object({
  global: z.array(SessionFactSchema),
  local: z.array(SessionFactSchema),
  context: z.array(SessionFactSchema),
});
export type SessionFacts = z.infer<typeof SessionFactsSchema>;

export const SessionInfoSchema = z.object({
  km: z
    .object({
      id: z.string(),
      name: z.string(),
      versionID: z.string(),
      versionNumber: z.number().int().optional(),
      versionCreated: z.string(),
      versionStatus: z.string(),
    })
    .optional(),
  facts: SessionFactsSchema.optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
