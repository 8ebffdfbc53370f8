/**
 * The Decision API records the renderer shows, re-exported from `electron/common` so the rest of the
 * renderer has one import path for them (and the lint fence has one place to check).
 */
export type {
  AnswerInput,
  ConceptEntry,
  ConditionEvidence,
  ConsultationResponse,
  EvidenceRecord,
  ExpressionConditionEvidence,
  FactInput,
  FactSource,
  InputValue,
  InteractionEntry,
  KnownAnswer,
  ObjectValue,
  QueryInput,
  Question,
  QuestionResponse,
  RelationshipConditionEvidence,
  ResultEntry,
  ResultResponse,
} from '../../../electron/common/decision-api';
export {
  FactInputSchema,
  INJECT_BATCH_SIZE,
  describePolicy,
  injectBatches,
  isQuestionResponse,
  isSyntheticFactId,
} from '../../../electron/common/decision-api';
