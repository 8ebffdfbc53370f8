/**
 * The test-case document: ONE zod schema for what a regression case is, on disk and in memory.
 *
 * A case names a target (map and version policy), the facts injected first, the query, the
 * answers to give (keyed by question, never by order, so a map that asks in another order still
 * replays), and what is expected: results within a certainty tolerance, which questions may,
 * must or must not be asked, and optionally evidence (a result derived by a named rule, a fact
 * that came from a given source). Keys are never part of a case.
 */
import { z } from 'zod';
import type { VersionPolicy } from '../../../common/decision-api';

/** The format this version of Lapwing writes. Older documents are upgraded on read (`upgrade.ts`). */
export const CASE_FORMAT_VERSION = 1;

/** Object values as the Decision API carries them (dates travel as epoch ms or ISO strings). */
export const CaseValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type CaseValue = z.infer<typeof CaseValueSchema>;

const Certainty = z.number().min(1).max(100);
/** Expected and observed certainties may be 0 (a result ruled out) in expectations of evidence. */
const Tolerance = z.number().min(0).max(100);

/** The three question forms, in file-friendly spelling. */
export const QuestionFormSchema = z.enum(['first-form', 'second-form-object', 'second-form-subject']);
export type QuestionForm = z.infer<typeof QuestionFormSchema>;

/**
 * Identifies a question: its relationship, and when given its subject, object and form. A field
 * left out matches anything, so `{ relationship: "lives in" }` answers that question whoever it
 * is about. Relationship and values match case-insensitively.
 */
export const QuestionKeySchema = z.strictObject({
  relationship: z.string().min(1),
  subject: z.string().optional(),
  object: CaseValueSchema.optional(),
  form: QuestionFormSchema.optional(),
});
export type QuestionKey = z.infer<typeof QuestionKeySchema>;

/** A fact injected before the query. */
export const CaseFactSchema = z.strictObject({
  subject: z.string().min(1),
  relationship: z.string().min(1),
  object: CaseValueSchema,
  certainty: Certainty.default(100),
});
export type CaseFact = z.infer<typeof CaseFactSchema>;

/** The goal: a relationship with a subject, an object or both. */
export const CaseQuerySchema = z
  .strictObject({
    subject: z.string().min(1).optional(),
    relationship: z.string().min(1),
    object: CaseValueSchema.optional(),
  })
  .refine((query) => query.subject !== undefined || query.object !== undefined, { message: 'a query needs a subject, an object or both' });
export type CaseQuery = z.infer<typeof CaseQuerySchema>;

/** What to reply to a question: values (second form; one per value of a plural answer), yes/no (first form), or skip. */
export const CaseReplySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('values'),
    values: z.array(z.strictObject({ value: CaseValueSchema, certainty: Certainty.optional() })).min(1),
  }),
  z.strictObject({ kind: z.literal('yes-no'), answer: z.enum(['yes', 'no']), certainty: Certainty.optional() }),
  z.strictObject({ kind: z.literal('skip') }),
]);
export type CaseReply = z.infer<typeof CaseReplySchema>;

/** One answer, found by the question it answers. */
export const CaseAnswerSchema = z.strictObject({
  question: QuestionKeySchema,
  reply: CaseReplySchema,
});
export type CaseAnswer = z.infer<typeof CaseAnswerSchema>;

/** Which version of the map: the live one, the draft, or a numbered version. */
export const CaseVersionSchema = z.discriminatedUnion('policy', [
  z.strictObject({ policy: z.literal('live') }),
  z.strictObject({ policy: z.literal('draft') }),
  z.strictObject({ policy: z.literal('version'), number: z.number().int().min(1) }),
]);
export type CaseVersion = z.infer<typeof CaseVersionSchema>;

/** A case file's `{ policy, number }` as the Decision API's version policy (`{ kind, version }`). */
export function policyOfCase(version: CaseVersion): VersionPolicy {
  return version.policy === 'version' ? { kind: 'version', version: version.number } : { kind: version.policy };
}

/** The Decision API's version policy in the case files' spelling. */
export function caseVersionOf(policy: VersionPolicy): CaseVersion {
  return policy.kind === 'version' ? { policy: 'version', number: policy.version } : { policy: policy.kind };
}

const CaseTargetSchema = z.strictObject({
  mapId: z.string().min(1),
  version: CaseVersionSchema.default({ policy: 'live' }),
});

/** A triple pattern: omitted subject or relationship default to the query's. */
export const ResultKeySchema = z.strictObject({
  subject: z.string().optional(),
  relationship: z.string().optional(),
  object: CaseValueSchema,
});
export type ResultKey = z.infer<typeof ResultKeySchema>;

export const ExpectedResultSchema = z.strictObject({
  subject: z.string().optional(),
  relationship: z.string().optional(),
  object: CaseValueSchema,
  certainty: Certainty,
  /** Overrides the results' tolerance for this result. */
  tolerance: Tolerance.optional(),
});
export type ExpectedResult = z.infer<typeof ExpectedResultSchema>;

/**
 * `exact`: the result set is exactly the expected one (no extra, none missing);
 * `includes`: every expected result is present, others may be too.
 * An `exact` expectation with no items expects "no result".
 */
export const ResultsExpectationSchema = z.strictObject({
  match: z.enum(['exact', 'includes']).default('exact'),
  /** Certainty points either way still counted equal (Studio: 0, the VS Code extension: 2). */
  tolerance: Tolerance.default(0),
  /** Compare subject and object text with case (Studio's exports differ in case from the map). */
  caseSensitive: z.boolean().default(true),
  items: z.array(ExpectedResultSchema).default([]),
});
export type ResultsExpectation = z.infer<typeof ResultsExpectationSchema>;

/**
 * Questions: each actual question is `asked` (required), `mayAsk` (allowed) or unexpected.
 * `order: strict` requires the `asked` ones in the listed order; `any` in any order.
 * Unexpected questions fail unless `allowOthers`; `mustNotAsk` always fails; `maxQuestions` caps the count.
 */
export const QuestionsExpectationSchema = z.strictObject({
  order: z.enum(['strict', 'any']).default('any'),
  asked: z.array(QuestionKeySchema).default([]),
  mayAsk: z.array(QuestionKeySchema).default([]),
  mustNotAsk: z.array(QuestionKeySchema).default([]),
  allowOthers: z.boolean().default(false),
  maxQuestions: z.number().int().min(0).optional(),
});
export type QuestionsExpectation = z.infer<typeof QuestionsExpectationSchema>;

/** Evidence sources as the Decision API names them. */
const EvidenceSourceSchema = z.enum(['knowledgemap', 'rule', 'answer', 'injection', 'datasource', 'synthesis']);

/** A fact pattern inside an evidence tree: every given field must match. */
export const FactPatternSchema = z.strictObject({
  subject: z.string().optional(),
  relationship: z.string().min(1),
  object: CaseValueSchema.optional(),
});
export type FactPattern = z.infer<typeof FactPatternSchema>;

export const EvidenceExpectationSchema = z.discriminatedUnion('kind', [
  /** The result was concluded by the rule with this name. */
  z.strictObject({ kind: z.literal('derived-by-rule'), result: ResultKeySchema, rule: z.string().min(1) }),
  /** A fact in the evidence (of one result, or of any) came from this source. */
  z.strictObject({
    kind: z.literal('fact-source'),
    fact: FactPatternSchema,
    source: EvidenceSourceSchema,
    result: ResultKeySchema.optional(),
  }),
]);
export type EvidenceExpectation = z.infer<typeof EvidenceExpectationSchema>;

export const CaseExpectationsSchema = z.strictObject({
  results: ResultsExpectationSchema.optional(),
  questions: QuestionsExpectationSchema.optional(),
  evidence: z.array(EvidenceExpectationSchema).default([]),
});
export type CaseExpectations = z.infer<typeof CaseExpectationsSchema>;

/** A regression case. */
export const TestCaseSchema = z.strictObject({
  /** Editors' schema hint; ignored. */
  $schema: z.string().optional(),
  formatVersion: z.literal(CASE_FORMAT_VERSION),
  /** Stable identity for history; assigned when first stored if absent. */
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string().min(1)).default([]),
  suite: z.string().min(1).optional(),
  target: CaseTargetSchema,
  facts: z.array(CaseFactSchema).default([]),
  query: CaseQuerySchema,
  answers: z.array(CaseAnswerSchema).default([]),
  expect: CaseExpectationsSchema.default({ evidence: [] }),
});
/** A parsed case: defaults applied. */
export type TestCase = z.infer<typeof TestCaseSchema>;
/** A case as written by hand (defaults optional). */
export type TestCaseInput = z.input<typeof TestCaseSchema>;
