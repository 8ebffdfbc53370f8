/**
 * The OpenAPI components, generated from the zod schemas the server validates with and the
 * client parses with (`electron/common/decision-api`), so the document cannot drift from them.
 */
import { z } from 'zod';
import * as api from '../../common/decision-api';

/** Component name -> schema. Request schemas are described by what they accept (`io: 'input'`). */
const COMPONENTS = {
  DataType: api.DataTypeSchema,
  FactSource: api.FactSourceSchema,
  Certainty: api.WireCertaintySchema,
  InjectFact: api.InjectFactRequestSchema,
  InjectRequest: api.InjectRequestSchema,
  QueryRequest: api.QueryRequestSchema,
  Answer: api.AnswerRequestSchema,
  ResponseRequest: api.ResponseRequestSchema,
  StartResponse: api.StartResponseSchema,
  InjectResponse: api.InjectResponseSchema,
  ConceptEntry: api.ConceptEntrySchema,
  KnownAnswer: api.KnownAnswerSchema,
  Question: api.QuestionSchema,
  QuestionResponse: api.QuestionResponseSchema,
  ResultEntry: api.ResultEntrySchema,
  ResultResponse: api.ResultResponseSchema,
  EvidenceRecord: api.EvidenceRecordSchema,
  InteractionEventStart: api.InteractionEventStartSchema,
  InteractionEventQuestions: api.InteractionEventQuestionsSchema,
  InteractionEventQuery: api.InteractionEventQuerySchema,
  InteractionEventAnswers: api.InteractionEventAnswersSchema,
  InteractionEventResults: api.InteractionEventResultsSchema,
  InteractionEventInject: api.InteractionEventInjectSchema,
  InteractionEventDatasource: api.InteractionEventDatasourceSchema,
  InteractionEntry: api.InteractionEntrySchema.extend({ values: api.InteractionValuesSchema }),
  SessionFact: api.SessionFactSchema,
  SessionInfo: api.SessionInfoSchema,
  NLInteractRequest: api.NLInteractRequestSchema,
  NLExplainRequest: api.NLExplainRequestSchema,
  NLError: api.NLErrorSchema,
  NLMetadata: api.NLMetadataSchema,
  NLInteractResponse: api.NLInteractResponseSchema,
  NLExplainResponse: api.NLExplainResponseSchema,
  CreateMapRequest: api.CreateMapRequestSchema,
  CreateMapResponse: api.CreateMapResponseSchema,
  MapDiagnostic: api.MapDiagnosticSchema,
  MapFileResponse: api.MapFileResponseSchema,
  ValidationError: api.ValidationErrorBodySchema,
  Error: api.ErrorBodySchema,
} as const satisfies Record<string, z.ZodType>;

export type ComponentName = keyof typeof COMPONENTS;

/** `{$ref}` to a component. */
export function ref(name: ComponentName): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of every component, referring to each other by `$ref`. */
export function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io: 'input', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      // Each component is embedded in the document, so its own `$schema` and `$id` are dropped.
      const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
}
