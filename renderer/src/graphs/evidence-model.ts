/**
 * The evidence graph as data: evidence records (`/analysis/evidence`) → nodes and edges.
 *
 * Kept free of cytoscape so it can be unit-tested and reused by the JSON export. Shape, after
 * `shared/spec/api-wire.md` §4:
 * - fact nodes (the result fact is the root), one per (factID, triple) since a factID may stand for
 *   several values of a plural answer;
 * - a rule node under each rule-derived fact, carrying the rule's bindings and certainty cap;
 * - one edge per condition from the rule to the condition's fact (or expression) node, labelled with
 *   salience, certainty and impact (against the maximum possible impact);
 * - expression nodes with the expression text, its bound value and function results;
 * - unmet optional conditions (`WA:XX` synthetic IDs) as "not met" nodes that are never fetched.
 */
import type {
  ConditionEvidence,
  EvidenceRecord,
  ExpressionConditionEvidence,
  ObjectValue,
  RelationshipConditionEvidence,
} from '../api/wire';
import { isSyntheticFactId } from '../api/wire';

export type EvidenceNodeKind = 'fact' | 'rule' | 'expression' | 'unmet';

export interface EvidenceNode {
  readonly id: string;
  readonly kind: EvidenceNodeKind;
  /** One-line text drawn on the node. */
  readonly label: string;
  /** Longer text for the details panel and screen readers. */
  readonly description: string;
  readonly factID?: string;
  readonly certainty?: number;
  /** How the fact arose, once its evidence is loaded (`rule`, `answer`, …). */
  readonly source?: string;
  /** `RF`, `KF`, `AF`, `IF`, `DF` or `XX`, read from the factID. */
  readonly factKind?: string;
  readonly alt?: string;
  readonly bindings?: Readonly<Record<string, string>>;
  readonly ruleMaxCertainty?: number;
  readonly value?: string;
  readonly wasMet?: boolean;
  /** Depth from the root (0), for ordering the accessible outline. */
  readonly depth: number;
}

export interface EvidenceEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly kind: 'derived' | 'condition';
  readonly label: string;
  readonly salience?: number;
  readonly certainty?: number;
  readonly impact?: number;
  readonly maxImpact?: number;
  readonly met?: boolean;
}

/** How long the graph took to lay out and draw (reported after every layout). */
export interface GraphTiming {
  /** Nodes in the graph, drawn or behind a collapsed node's stub. */
  readonly nodes: number;
  /** Nodes on the canvas (stubs included). */
  readonly drawn: number;
  readonly edges: number;
  /** Adding elements and running the layout. */
  readonly layoutMs: number;
  /** Until the frame after the layout has been drawn. */
  readonly totalMs: number;
}

// Synthetic placeholders (`WA:XX`, `WA:XX:<hash>`) stand for unmet optional conditions; fetching them 404s.
export { isSyntheticFactId };

/** The two-letter kind inside `WA:<kind>:<hash>`, if the ID has that shape. */
export function factKindOf(factID: string): string | undefined {
  const match = /^[^:\s]+:([A-Z]{2})(?::|$)/.exec(factID);
  return match?.[1];
}

function formatValue(value: ObjectValue | undefined, dataType?: string): string {
  if (value === null || value === undefined) return '?';
  if (dataType === 'date' && typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  return String(value);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function bindingText(binding: unknown): string {
  if (binding !== null && typeof binding === 'object' && 'value' in binding) {
    return formatValue((binding as { value: ObjectValue }).value, (binding as { type?: string }).type);
  }
  return formatValue(binding as ObjectValue);
}

/** Replaces `%VAR` in an expression with the rule's bound values, as the official viewer does. */
export function substituteBindings(text: string, bindings: Readonly<Record<string, string>>): string {
  return text.replace(/%([A-Za-z][A-Za-z0-9_]*)/g, (whole, name: string) => bindings[name] ?? whole);
}

function isExpression(condition: ConditionEvidence): condition is ExpressionConditionEvidence {
  return 'expression' in condition;
}

/** Node id of a fact: factIDs are not unique per triple (plural answers share one). */
function factNodeId(factID: string, subject: unknown, relationship: string, object: unknown): string {
  return `fact|${factID}|${String(subject)}|${relationship}|${String(object)}`;
}

function tripleLabel(subject: unknown, relationship: string, object: unknown): string {
  return `${String(subject)} · ${relationship} · ${String(object)}`;
}

const sourceNames: Record<string, string> = {
  rule: 'derived from a rule',
  answer: 'answered by the user',
  injection: 'injected',
  knowledgemap: 'stored in the knowledge map',
  km: 'stored in the knowledge map',
  datasource: 'retrieved from a data source',
  synthesis: 'condition not met',
};

export function describeSource(source: string | undefined): string {
  return source ? (sourceNames[source] ?? source) : 'not loaded yet';
}

/**
 * The growing graph: records are added as the user expands nodes, and the graph is recomputed from
 * the records (cheap, and keeps the graph a pure function of what was fetched).
 */
export class EvidenceGraphModel {
  readonly nodes = new Map<string, EvidenceNode>();
  readonly edges = new Map<string, EvidenceEdge>();
  /** Evidence records by factID, as fetched. */
  readonly records = new Map<string, EvidenceRecord>();
  readonly rootId: string;
  /** Node ids in insertion order (breadth-first when expanded level by level). */
  private readonly order: string[] = [];

  constructor(root: EvidenceRecord) {
    const fact = root.fact;
    this.rootId = factNodeId(root.factID, fact.subject.value, fact.relationship.type, fact.object.value);
    this.addFactNode(this.rootId, root.factID, fact.subject.value, fact.relationship.type, fact.object.value, fact.certainty, 0);
    this.addRecord(this.rootId, root);
  }

  /** True when the fact node can still be expanded (a real factID whose evidence is not loaded). */
  canExpand(nodeId: string): boolean {
    const node = this.nodes.get(nodeId);
    return node?.kind === 'fact' && node.factID !== undefined && !isSyntheticFactId(node.factID) && node.source === undefined;
  }

  /** Adds the evidence of one fact node (fetched for its factID) and the nodes of its rule, if any. */
  addRecord(nodeId: string, record: EvidenceRecord): void {
    const node = this.nodes.get(nodeId);
    if (!node) throw new Error(`No evidence node ${nodeId}`);
    this.records.set(record.factID, record);
    this.nodes.set(nodeId, {
      ...node,
      source: record.source,
      certainty: record.fact.certainty,
      description: `${tripleLabel(
        formatValue(record.fact.subject.value, record.fact.subject.dataType),
        record.fact.relationship.type,
        formatValue(record.fact.object.value, record.fact.object.dataType),
      )}, ${record.fact.certainty}% certain, ${describeSource(record.source)}`,
    });
    const rule = record.rule;
    if (!rule) return;
    const bindings: Record<string, string> = {};
    for (const [name, value] of Object.entries(rule.bindings)) bindings[name] = bindingText(value);
    const ruleId = `rule|${nodeId}`;
    const bindingList = Object.entries(bindings)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ');
    const ruleTitle = rule.alt ?? rule.name ?? 'Rule';
    this.putNode({
      id: ruleId,
      kind: 'rule',
      // No break between "cap" and its number (labelMetrics binds them when wrapping).
      label: `${ruleTitle} (cap ${rule.ruleMaxCertainty}%)${bindingList ? `\n${bindingList}` : ''}`,
      description: `${ruleTitle}, certainty cap ${rule.ruleMaxCertainty}%${bindingList ? `, bindings ${bindingList}` : ''}`,
      bindings,
      ruleMaxCertainty: rule.ruleMaxCertainty,
      ...(rule.alt ? { alt: rule.alt } : {}),
      depth: node.depth + 1,
    });
    this.addEdge({ id: `derived|${nodeId}`, source: nodeId, target: ruleId, kind: 'derived', label: 'derived by' });
    const salienceTotal = rule.conditions.reduce((sum, condition) => sum + condition.salience, 0);
    rule.conditions.forEach((condition, index) => {
      const maxImpact = salienceTotal > 0 ? round2((rule.ruleMaxCertainty * condition.salience) / salienceTotal) : 0;
      if (isExpression(condition)) this.addExpression(ruleId, index, condition, bindings, maxImpact, node.depth + 2);
      else this.addCondition(ruleId, index, condition, maxImpact, node.depth + 2);
    });
  }

  private addCondition(ruleId: string, index: number, condition: RelationshipConditionEvidence, maxImpact: number, depth: number): void {
    const synthetic = isSyntheticFactId(condition.factID);
    const met = !synthetic && condition.wasMet !== false && condition.certainty > 0;
    let targetId: string;
    if (synthetic) {
      // Never fetched: the condition itself is all there is to show.
      targetId = `unmet|${ruleId}|${index}`;
      const text =
        condition.alt ?? tripleLabel(condition.subject, condition.relationship, formatValue(condition.object, condition.objectType));
      this.putNode({
        id: targetId,
        kind: 'unmet',
        label: `Not met: ${text}`,
        description: `Optional condition not met: ${text}`,
        factID: condition.factID,
        factKind: 'XX',
        certainty: 0,
        ...(condition.alt ? { alt: condition.alt } : {}),
        depth,
      });
    } else {
      targetId = factNodeId(condition.factID, condition.subject, condition.relationship, condition.object);
      this.addFactNode(
        targetId,
        condition.factID,
        condition.subject,
        condition.relationship,
        condition.object,
        condition.certainty,
        depth,
        condition.objectType,
        condition.alt,
      );
    }
    this.addEdge({
      id: `cond|${ruleId}|${index}`,
      source: ruleId,
      target: targetId,
      kind: 'condition',
      label: `w ${condition.salience} · ${condition.certainty}% · impact ${condition.impact}/${maxImpact}`,
      salience: condition.salience,
      certainty: condition.certainty,
      impact: condition.impact,
      maxImpact,
      met,
    });
  }

  private addExpression(
    ruleId: string,
    index: number,
    condition: ExpressionConditionEvidence,
    bindings: Readonly<Record<string, string>>,
    maxImpact: number,
    depth: number,
  ): void {
    const expression = condition.expression;
    const text = condition.alt ?? substituteBindings(expression.text, bindings);
    // `expression.value` names the variable the result went to (e.g. `%O`), so look the value up.
    const variable = expression.value?.replace(/^%/, '');
    const boundValue = variable !== undefined ? bindings[variable] : undefined;
    const results = Object.entries(expression.functions ?? {}).map(
      ([call, detail]) => `${call} = ${formatValue(detail.result.value, detail.result.type)}`,
    );
    const valueText = boundValue !== undefined ? `${expression.value} = ${boundValue}` : condition.wasMet ? 'true' : 'false';
    const id = `expr|${ruleId}|${index}`;
    this.putNode({
      id,
      kind: 'expression',
      label: `${text}\n→ ${valueText}`,
      description: `Expression ${expression.text}, ${valueText}${results.length ? `; ${results.join('; ')}` : ''}${condition.wasMet ? '' : ' (not met)'}`,
      value: valueText,
      wasMet: condition.wasMet,
      ...(condition.alt ? { alt: condition.alt } : {}),
      depth,
    });
    const certainty = condition.wasMet ? 100 : 0;
    this.addEdge({
      id: `cond|${ruleId}|${index}`,
      source: ruleId,
      target: id,
      kind: 'condition',
      label: `w ${condition.salience} · ${certainty}% · impact ${condition.impact}/${maxImpact}`,
      salience: condition.salience,
      certainty,
      impact: condition.impact,
      maxImpact,
      met: condition.wasMet,
    });
  }

  private addFactNode(
    id: string,
    factID: string,
    subject: unknown,
    relationship: string,
    object: unknown,
    certainty: number,
    depth: number,
    objectType?: string,
    alt?: string,
  ): void {
    if (this.nodes.has(id)) return; // Reached again through another rule: one node, several edges.
    const objectText = formatValue(object as ObjectValue, objectType);
    const triple = tripleLabel(subject, relationship, objectText);
    const factKind = factKindOf(factID);
    this.putNode({
      id,
      kind: 'fact',
      label: `${alt ?? triple}\n${certainty}%`,
      description: `${triple}, ${certainty}% certain`,
      factID,
      certainty,
      ...(factKind ? { factKind } : {}),
      ...(alt ? { alt } : {}),
      depth,
    });
  }

  private addEdge(edge: EvidenceEdge): void {
    this.edges.set(edge.id, edge);
  }

  /**
   * Expands every reachable fact whose record is in `records` (breadth-first, at most `limit` nodes):
   * used for graphs loaded all at once (saved evidence, the 2,000-node benchmark).
   */
  expandFrom(records: ReadonlyMap<string, EvidenceRecord>, limit = Number.POSITIVE_INFINITY): void {
    // New nodes are appended to `order`, so walking it while it grows is a breadth-first traversal.
    for (let index = 0; index < this.order.length && this.nodes.size < limit; index += 1) {
      const id = this.order[index];
      const node = this.nodes.get(id);
      const record = node?.factID ? records.get(node.factID) : undefined;
      if (record && this.canExpand(id)) this.addRecord(id, record);
    }
  }

  private putNode(node: EvidenceNode): void {
    if (!this.nodes.has(node.id)) this.order.push(node.id);
    this.nodes.set(node.id, node);
  }

  /** Nodes in the order of the accessible outline: breadth-first from the root, edges in condition order. */
  outline(): EvidenceNode[] {
    const ordered: EvidenceNode[] = [];
    const seen = new Set<string>();
    const children = new Map<string, string[]>();
    for (const edge of this.edges.values()) {
      const list = children.get(edge.source) ?? [];
      list.push(edge.target);
      children.set(edge.source, list);
    }
    const visit = (id: string): void => {
      if (seen.has(id)) return;
      seen.add(id);
      const node = this.nodes.get(id);
      if (node) ordered.push(node);
      for (const child of children.get(id) ?? []) visit(child);
    };
    visit(this.rootId);
    return ordered;
  }

  /** Plain data for the JSON export: the records as fetched plus the drawn graph. */
  toJSON(): { root: string; records: EvidenceRecord[]; nodes: EvidenceNode[]; edges: EvidenceEdge[] } {
    return {
      root: this.rootId,
      records: [...this.records.values()],
      nodes: [...this.nodes.values()],
      edges: [...this.edges.values()],
    };
  }
}
