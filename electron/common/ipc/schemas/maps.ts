/**
 * Maps: the embedded registry's maps with their versions, and one map's source and vocabulary
 * (for the fact editor's completions). Remote Decision API deployments cannot list maps; for them
 * the renderer lets the user type a map id.
 */
import { z } from 'zod';
import { MapDiagnosticSchema } from '../../decision-api';
import { IdSchema, TimestampSchema, VersionPolicySchema } from './common';

export const MapVersionSchema = z.object({
  number: z.number().int().min(1),
  /** The version's id as `/start` reports it in `kmVersion.id`. */
  id: z.string(),
  createdAt: TimestampSchema,
  live: z.boolean(),
});
export type MapVersion = z.infer<typeof MapVersionSchema>;

export const MapSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** Published versions, oldest first. */
  versions: z.array(MapVersionSchema),
  /** Whether a draft exists (it always does in the local registry). */
  hasDraft: z.boolean(),
  updatedAt: TimestampSchema.optional(),
});
export type MapSummary = z.infer<typeof MapSummarySchema>;

export const VocabularyRelationshipSchema = z.object({
  name: z.string(),
  subjectConcept: z.string(),
  objectConcept: z.string(),
  /** The object concept's data type: `string`, `number`, `date` or `truth`. */
  objectType: z.string(),
  plural: z.boolean(),
  allowCF: z.boolean(),
  allowUnknown: z.boolean(),
  canAddSubject: z.boolean(),
  canAddObject: z.boolean(),
  /** Whether rules infer it (a query target rather than an input). */
  inferred: z.boolean(),
  questions: z.object({
    firstForm: z.string().optional(),
    secondFormObject: z.string().optional(),
    secondFormSubject: z.string().optional(),
  }),
});
export type VocabularyRelationship = z.infer<typeof VocabularyRelationshipSchema>;

export const VocabularyConceptSchema = z.object({
  name: z.string(),
  type: z.string(),
  instances: z.array(z.string()),
});
export type VocabularyConcept = z.infer<typeof VocabularyConceptSchema>;

export const MapVocabularySchema = z.object({
  relationships: z.array(VocabularyRelationshipSchema),
  concepts: z.array(VocabularyConceptSchema),
});
export type MapVocabulary = z.infer<typeof MapVocabularySchema>;

/** A rule as the map graph draws it: the relationship it concludes and those its conditions use. */
export const MapRuleSchema = z.object({
  /** The rule's name, or `speaks #2` (relationship and position among its rules), as coverage names it. */
  id: z.string(),
  relationship: z.string(),
  conditions: z.array(z.string()),
  line: z.number().int(),
});
export type MapRule = z.infer<typeof MapRuleSchema>;

export const mapsMethods = {
  /** The environment's maps (`listable: false` for remote deployments, which have no listing). */
  'maps.list': {
    input: z.object({ environmentId: IdSchema }),
    output: z.object({ listable: z.boolean(), maps: z.array(MapSummarySchema) }),
  },
  /** A map's RBLang source and vocabulary; local environments only (`maps/not-found` otherwise). */
  'maps.get': {
    input: z.object({
      environmentId: IdSchema,
      mapId: IdSchema,
      versionPolicy: VersionPolicySchema.default({ kind: 'draft' }),
    }),
    output: z.object({
      id: z.string(),
      name: z.string(),
      /** `Draft` or `Version<N>`, matching `km.versionStatus`. */
      versionStatus: z.string(),
      rblang: z.string(),
      vocabulary: MapVocabularySchema,
      /** The map's rules in source order (empty when the map does not load). */
      rules: z.array(MapRuleSchema),
      diagnostics: z.array(MapDiagnosticSchema),
    }),
  },
};
