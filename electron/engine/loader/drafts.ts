/**
 * What the element handlers extract from the tree before names are resolved: attribute values are
 * read and checked, but references to concepts, relationships and instances are still plain text
 * (with the attribute they came from, for positions), because declarations may come in any order.
 */
import type { Expression } from '../expressions';
import type { Concept, Datasource, MapImport, MetadataEntry, Relationship, Rule } from '../model/types';
import type { ParsedExpression } from './elements/expression';
import type { XmlAttribute, XmlElement } from './xml-reader';

/**
 * A name or term as written, and where (the offset of the attribute holding it). Usually the
 * attribute itself, which has both: a wrapper object per reference was about 4% of what a large map's
 * load allocated, all of it alive until the end of the load.
 */
export interface Written {
  readonly value: string;
  readonly offset: number;
}

export interface ConceptDraft extends Omit<Concept, 'datasources' | 'position'> {
  readonly nameAttribute: XmlAttribute;
  readonly datasources: readonly DatasourceDraft[];
  readonly element: XmlElement;
}

export interface InstanceDraft {
  readonly name: string;
  readonly concept: Written;
  readonly metadata: readonly MetadataEntry[];
  readonly element: XmlElement;
}

/** A relationship as the model holds it, with its concepts' names as written. */
export interface RelationshipDraft extends Omit<Relationship, 'subject' | 'object' | 'position'> {
  readonly nameAttribute: XmlAttribute;
  readonly subject: Written;
  readonly object: Written;
  /** The question elements, for placeholder checks. */
  readonly questionElements: readonly XmlElement[];
  readonly element: XmlElement;
}

export interface FactDraft {
  readonly relationship: Written;
  readonly subject: Written;
  readonly object: Written;
  readonly certainty: number;
  /** Its certainty could not be read (reported): names are still checked, then it is left out. */
  readonly unusable: boolean;
  readonly element: XmlElement;
}

interface ConditionDraftBase {
  readonly weight: number;
  readonly optional: boolean;
  readonly alt?: string | undefined;
  readonly element: XmlElement;
}

export interface RelationshipConditionDraft extends ConditionDraftBase {
  readonly kind: 'relationship';
  readonly relationship: Written;
  readonly subject: Written;
  readonly object: Written;
}

export interface ExpressionConditionDraft extends ConditionDraftBase {
  readonly kind: 'expression';
  readonly expression: Expression;
  /** Relationships named by the expression's list functions (shared by conditions with the same text). */
  readonly references: ParsedExpression['references'];
  readonly expressionAttribute: XmlAttribute;
  readonly assignTo?: string | undefined;
}

export type ConditionDraft = RelationshipConditionDraft | ExpressionConditionDraft;

/** A rule as the model holds it, with its names as written and its conditions still drafts. */
export interface RuleDraft extends Omit<Rule, 'index' | 'relationship' | 'subject' | 'object' | 'conditions' | 'position'> {
  /** 1-based place among the map's rule elements, as a knowledge engineer counts them. */
  readonly ordinal: number;
  readonly relationship: Written;
  /** Absent: the `S` variable. */
  readonly subject?: Written | undefined;
  /** Absent: the `O` variable. */
  readonly object?: Written | undefined;
  readonly conditions: readonly ConditionDraft[];
  /** A condition could not be read (already reported): the rule is left out of the model. */
  readonly unusable: boolean;
  readonly element: XmlElement;
}

export interface ActionDraft {
  readonly relationship: Written;
  readonly path: string;
  readonly children: readonly ActionDraft[];
}

export interface InputDraft {
  readonly relationship?: Written | undefined;
  readonly subject?: Written | undefined;
  readonly object?: Written | undefined;
  readonly value?: string | undefined;
  readonly expression?: Expression | undefined;
  readonly element: XmlElement;
}

/** A datasource as the model holds it, with its actions' and inputs' names as written. */
export interface DatasourceDraft extends Omit<Datasource, 'actions' | 'inputs' | 'position'> {
  readonly actions: readonly ActionDraft[];
  readonly inputs: readonly InputDraft[];
  readonly element: XmlElement;
}

/** Everything read from the document, in document order per kind. */
export interface MapDraft {
  readonly concepts: ConceptDraft[];
  readonly instances: InstanceDraft[];
  readonly relationships: RelationshipDraft[];
  readonly facts: FactDraft[];
  readonly rules: RuleDraft[];
  readonly imports: MapImport[];
}
