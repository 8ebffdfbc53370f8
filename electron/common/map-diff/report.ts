/**
 * The semantic diff of two RBLang maps: what changed in meaning, not in lines. Produced by the
 * engine's diff (`electron/engine/diff`), carried over IPC (`maps.diff`) and printed by
 * `lapwing map diff` (`--json` prints this object as is).
 *
 * Entries are keyed by identity: a concept or relationship by name, an instance by concept and
 * name, a rule by what it concludes and from what (its name when both sides name it alike), a
 * stored fact by relationship, subject and object. Every entry carries the line on each side it
 * exists on, so a viewer can jump to it.
 */
import { z } from 'zod';

export const MapDiffKindSchema = z.enum(['concept', 'instance', 'relationship', 'rule', 'fact']);
export type MapDiffKind = z.infer<typeof MapDiffKindSchema>;

/** `renamed`: a rule whose name changed (it may also have other changes). */
const MapDiffStatusSchema = z.enum(['added', 'removed', 'changed', 'renamed']);

/** A compared value, written as the map means it (expressions as text, certainty as a number). */
export const MapDiffValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type MapDiffValue = z.infer<typeof MapDiffValueSchema>;

/** Where an entry (or attribute) sits on one side. */
const MapDiffPlaceSchema = z.object({
  line: z.number().int(),
  /** Rules only: the id coverage and evidence give the rule on this side (`name`, or `speaks #2`). */
  ruleId: z.string().optional(),
});

/** One changed attribute. A value missing on a side means the attribute (or condition) is absent there. */
export const MapDiffChangeSchema = z.object({
  /** Stable path: `certainty`, `questions.firstForm`, `conditions[2].weight`, `conditions.order`. */
  path: z.string(),
  /** The same in words: `condition 2 (lives in) weight`. */
  label: z.string(),
  before: MapDiffValueSchema.optional(),
  after: MapDiffValueSchema.optional(),
  beforeLine: z.number().int().optional(),
  afterLine: z.number().int().optional(),
});
export type MapDiffChange = z.infer<typeof MapDiffChangeSchema>;

export const MapDiffEntrySchema = z.object({
  kind: MapDiffKindSchema,
  status: MapDiffStatusSchema,
  /** Unique within a report: `rule:speaks<-lives in;e:...`, `relationship:speaks`, `instance:country/France`. */
  key: z.string(),
  /** For people: `rule "speaks #2" (speaks)`, `relationship speaks`. */
  label: z.string(),
  /** The relationship a rule concludes, a fact states, or the relationship itself (impact uses it). */
  relationship: z.string().optional(),
  before: MapDiffPlaceSchema.optional(),
  after: MapDiffPlaceSchema.optional(),
  changes: z.array(MapDiffChangeSchema),
});
export type MapDiffEntry = z.infer<typeof MapDiffEntrySchema>;

const CountsSchema = z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() });

export const MapDiffReportSchema = z.object({
  /** True when the two maps mean the same (no entries); the CLI's exit code 0. */
  same: z.boolean(),
  /** Entries in kind order (concepts, instances, relationships, rules, facts), then by line. */
  entries: z.array(MapDiffEntrySchema),
  /** Per kind; `renamed` counts as changed. */
  summary: z.record(MapDiffKindSchema, CountsSchema),
  /** Error diagnostics of each side. A side with errors is compared as far as it loaded; one that did not load at all makes `same` false. */
  problems: z.array(z.object({ side: z.enum(['before', 'after']), line: z.number().int(), column: z.number().int(), message: z.string() })),
});
export type MapDiffReport = z.infer<typeof MapDiffReportSchema>;
