/**
 * "Why no result?": when a query ends without a result, each rule that could have concluded the
 * queried relationship and the first thing that stopped it. Produced by the engine from a
 * session's state after the query (`ConsultationSession.whyNoResult`), carried over IPC
 * (`consultation.whyNoResult`) and shown in the runner.
 */
import { z } from 'zod';

/** A value as the engine holds it (dates as epoch ms). */
const ValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The condition that stopped a rule: its place among the rule's conditions and in the file. */
export const StoppingConditionSchema = z.object({
  /** 0-based, in written order. */
  index: z.number().int().min(0),
  /** As written: `%S lives in %COUNTRY`, or the expression's text. */
  text: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  optional: z.boolean(),
});
export type StoppingCondition = z.infer<typeof StoppingConditionSchema>;

/** A variable bound when the rule stopped (name without `%`). */
const BindingSchema = z.object({ variable: z.string(), value: ValueSchema });

/** The rule (of another relationship) whose conclusion fell under its own minimum certainty. */
const WeakRuleSchema = z.object({
  relationship: z.string(),
  name: z.string().optional(),
  line: z.number().int(),
});

/**
 * Why a rule concluded nothing, the first reason on its way:
 * - `no-fact`: no fact of the condition's relationship fits (nothing known, none inferable, none asked);
 * - `below-threshold`: the fact the condition needs was inferred under its rule's minimum certainty, so it does not exist;
 * - `expression-false`: the expression is false for every binding that reached it;
 * - `question-skipped`: the question that would give the fact was skipped or answered "no";
 * - `unbound-variable`: the condition reads a variable no earlier condition binds;
 * - `under-minimum`: every condition was met but the rule's certainty is under its minimum;
 * - `conditions-hold`: the rule's conditions hold now (facts came after the query): query again.
 */
export const StopReasonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('no-fact'),
    condition: StoppingConditionSchema,
    /** The fact looked for, with `?` for an end not known: `Ann lives in ?`. */
    wanted: z.string(),
    /** Whether the relationship could be asked, and has rules of its own. */
    askable: z.boolean(),
    inferable: z.boolean(),
  }),
  z.object({
    kind: z.literal('below-threshold'),
    condition: StoppingConditionSchema,
    wanted: z.string(),
    /** The best certainty the fact reached, and the minimum it needed. */
    certainty: z.number(),
    minimum: z.number(),
    rule: WeakRuleSchema,
  }),
  z.object({ kind: z.literal('expression-false'), condition: StoppingConditionSchema }),
  z.object({
    kind: z.literal('question-skipped'),
    condition: StoppingConditionSchema,
    wanted: z.string(),
    /** `skipped`: answered with "unanswered"; `no`: a yes/no question answered no. */
    answer: z.enum(['skipped', 'no']),
  }),
  /** No condition when it is the rule's own `%S` or `%O` that nothing binds. */
  z.object({ kind: z.literal('unbound-variable'), condition: StoppingConditionSchema.optional(), variable: z.string() }),
  z.object({
    kind: z.literal('under-minimum'),
    /** Unrounded, as the minimum is compared with it. */
    certainty: z.number(),
    minimum: z.number(),
    /** Optional conditions that were not met (they count as 0 in the certainty). */
    unmetOptional: z.array(StoppingConditionSchema),
  }),
  z.object({ kind: z.literal('conditions-hold'), certainty: z.number() }),
]);
export type StopReason = z.infer<typeof StopReasonSchema>;
export type StopKind = StopReason['kind'];

export const RuleDiagnosisSchema = z.object({
  /** Position among the map's rules, in document order. */
  ruleIndex: z.number().int().min(0),
  relationship: z.string(),
  name: z.string().optional(),
  alt: z.string().optional(),
  /** The rule's maximum certainty (`cf`) and minimum (`minimum-rule-certainty`). */
  certainty: z.number(),
  minimumCertainty: z.number(),
  /** Each condition's relationship, or expression text, in written order (to find the rule in an edited draft). */
  conditions: z.array(z.string()),
  line: z.number().int(),
  column: z.number().int(),
  stop: StopReasonSchema,
  /** Variables bound when it stopped (the binding that got furthest). */
  bindings: z.array(BindingSchema),
  /** The rule's join was too large to try every binding: the furthest among those tried is shown. */
  searchCut: z.boolean().optional(),
  /** One sentence for people: `stopped at condition 2 (%COUNTRY national language %O): no such fact`. */
  message: z.string(),
});
export type RuleDiagnosis = z.infer<typeof RuleDiagnosisSchema>;

export const WhyNoResultSchema = z.object({
  query: z.object({ relationship: z.string(), subject: z.string().optional(), object: ValueSchema.optional() }),
  /** Whether the query's last answer had results (an explanation is still given, rule by rule). */
  concluded: z.boolean(),
  /** One line: `No rule could conclude "speaks" for Ann: 2 rules, each stopped (below).` */
  summary: z.string(),
  /** The rules of the queried relationship whose header fits the query, in document order. */
  rules: z.array(RuleDiagnosisSchema),
});
export type WhyNoResult = z.infer<typeof WhyNoResultSchema>;
