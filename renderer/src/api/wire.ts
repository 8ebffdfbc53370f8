/**
 * The Decision API records the renderer shows, re-exported from `electron/common` so the rest of the
 * renderer has one import path for them (and the lint fence has one place to check).
 */
export type {
  AnswerInput,
  ConditionEvidence,
  ConsultationResponse,
  EvidenceRecord,
  ExpressionConditionEvidence,
  InputValue,
  InteractionEntry,
  ObjectValue,
  Question,
  RelationshipConditionEvidence,
  ResultEntry,
} from '../../../electron/common/decision-api';
export {
  FactInputSchema,
  describePolicy,
  injectBatches,
  isQuestionResponse,
  isSyntheticFactId,
} from '../../../electron/common/decision-api';
