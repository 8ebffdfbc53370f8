/**
 * The in-memory model of a loaded RBLang knowledge map.
 *
 * The loader (`engine/loader`) builds it from XML, resolving every name after the whole file is read;
 * the solver (`engine/solver`) only reads it. Everything here is plain data so a loaded map can be
 * shared by any number of sessions.
 */
import type { Expression } from '../expressions';

/** The four value types of RBLang concepts (`boolean` in legacy maps is read as `truth`). */
export type DataType = 'string' | 'number' | 'date' | 'truth';

/** A value as the engine stores it: strings, numbers, booleans; dates are epoch milliseconds (UTC). */
export type Value = string | number | boolean | null;

/** 1-based line and column of an element or attribute in the source file. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

export interface Concept {
  readonly name: string;
  readonly type: DataType;
  /** `behaviour="mutually-exclusive"` (also `mutex`, `mx`): a two-instance custom yes/no. */
  readonly mutuallyExclusive: boolean;
  /** `scope="context"`: facts shared between sessions started with the same context id. */
  readonly contextScoped: boolean;
  readonly datasources: readonly Datasource[];
  readonly position: SourcePosition;
}

/** One `<meta>` entry of a concept instance, shown to clients as `{dataType, data}`. */
export interface MetadataEntry {
  readonly dataType: string;
  readonly data: string;
}

export interface Instance {
  readonly name: string;
  readonly concept: string;
  readonly metadata: readonly MetadataEntry[];
  readonly position: SourcePosition;
}

/** How a relationship may be asked: which question forms are allowed. */
export type Askable = 'all' | 'none' | 'secondFormObject' | 'secondFormSubject';

export interface QuestionForms {
  readonly firstForm?: string;
  readonly secondFormObject?: string;
  readonly secondFormSubject?: string;
}

export interface Relationship {
  readonly name: string;
  /** Subject concept name (always a string concept). */
  readonly subject: string;
  /** Object concept name. */
  readonly object: string;
  readonly plural: boolean;
  readonly askable: Askable;
  readonly allowCF: boolean;
  readonly allowUnknown: boolean;
  /** Whether an answerer may add a value not among the instances, per side (`canAdd`). */
  readonly canAdd: { readonly subject: boolean; readonly object: boolean };
  readonly groups: readonly string[];
  readonly contextScoped: boolean;
  readonly questions: QuestionForms;
  readonly position: SourcePosition;
}

/** A `<relinst>` without conditions: a fact stored in the map. */
export interface MapFact {
  readonly relationship: string;
  readonly subject: string;
  /** Typed by the relationship's object concept (dates as epoch ms). */
  readonly object: Value;
  readonly certainty: number;
  readonly position: SourcePosition;
}

/** A rule header or condition end: a variable (name without `%`) or a literal. */
export type Term = { readonly kind: 'variable'; readonly name: string } | { readonly kind: 'literal'; readonly value: Value };

/** Condition ordering modes of a rule (`behaviour` on `<relinst>`). */
export type OrderingMode = 'default' | 'top-down' | 'top-down-strict';

interface ConditionBase {
  /** Relative weight in the certainty average (`weight`, alias `salience`); default 100. */
  readonly weight: number;
  /** `behaviour="optional"`: an unmet condition contributes certainty 0 instead of failing the rule. */
  readonly optional: boolean;
  /** Evidence text with `{{%VAR}}` interpolation. */
  readonly alt?: string | undefined;
  readonly position: SourcePosition;
}

export interface RelationshipCondition extends ConditionBase {
  readonly kind: 'relationship';
  readonly relationship: string;
  readonly subject: Term;
  readonly object: Term;
}

export interface ExpressionCondition extends ConditionBase {
  readonly kind: 'expression';
  readonly expression: Expression;
  /** `value="%X"`: the result is bound to X (name without `%`) and the condition is always met. */
  readonly assignTo?: string | undefined;
}

export type Condition = RelationshipCondition | ExpressionCondition;

/** A `<relinst>` with conditions. */
export interface Rule {
  /** Position among the map's rules, in document order. */
  readonly index: number;
  readonly name?: string | undefined;
  readonly relationship: string;
  /** Header subject: a literal (subject-specific rule) or the `S` variable. */
  readonly subject: Term;
  /** Header object: a literal (object-specific rule) or the `O` variable. */
  readonly object: Term;
  /** Maximum certainty of the rule (`cf`, default 100). */
  readonly certainty: number;
  /** Inferred facts below this certainty are not created (default 20). */
  readonly minimumCertainty: number;
  readonly ordering: OrderingMode;
  readonly alt?: string | undefined;
  readonly conditions: readonly Condition[];
  readonly position: SourcePosition;
}

export interface DatasourceAction {
  /** Relationship the mapped value becomes a fact of. */
  readonly relationship: string;
  /** Slash-separated path into the response (may contain `{{%VAR}}`). */
  readonly path: string;
  readonly children: readonly DatasourceAction[];
}

export interface DatasourceInput {
  readonly relationship?: string | undefined;
  readonly subject?: Term | undefined;
  readonly object?: Term | undefined;
  readonly value?: string | undefined;
  readonly expression?: Expression | undefined;
}

/** `<datasource>` under a string concept: an HTTP call made lazily during Match. */
export interface Datasource {
  readonly name?: string | undefined;
  readonly concept: string;
  readonly hostname: string;
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly body?: string | undefined;
  readonly headers: readonly { readonly key: string; readonly value: string }[];
  readonly actions: readonly DatasourceAction[];
  readonly inputs: readonly DatasourceInput[];
  readonly position: SourcePosition;
}

export interface MapImport {
  readonly km: string;
  readonly versionNumber?: number | undefined;
  readonly position: SourcePosition;
}

/** A fully loaded, name-resolved knowledge map. */
export interface KnowledgeMap {
  readonly concepts: ReadonlyMap<string, Concept>;
  /** Instances per concept name, then per instance name. */
  readonly instances: ReadonlyMap<string, ReadonlyMap<string, Instance>>;
  readonly relationships: ReadonlyMap<string, Relationship>;
  readonly facts: readonly MapFact[];
  readonly rules: readonly Rule[];
  /** Rules per inferred relationship, in document order. */
  readonly rulesByRelationship: ReadonlyMap<string, readonly Rule[]>;
  readonly imports: readonly MapImport[];
}

/**
 * `error`: the map cannot be used as written; `warning`: it loads but part of it cannot take effect or
 * looks wrong; `info`: a remark on a valid map (e.g. a relationship only injection can satisfy).
 */
export type Severity = 'error' | 'warning' | 'info';

/** A problem found while loading a map, with its place in the file. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  /** Stable machine-readable code, e.g. `xml/malformed`, `name/undeclared-relationship`. */
  readonly code: string;
}

export interface LoadResult {
  /** Present unless an error made the map unusable (malformed XML or a missing root). */
  readonly map?: KnowledgeMap;
  readonly diagnostics: readonly Diagnostic[];
  /** True when there is no error-severity diagnostic. */
  readonly ok: boolean;
}
