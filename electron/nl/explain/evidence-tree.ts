/**
 * The evidence chain of a fact, fetched record by record: the fact, the facts behind each of its
 * rule's conditions, and so on down to answers, injections and map facts. Iterative, with limits,
 * so a deep or wide chain cannot exhaust the stack or the time budget.
 */
import {
  isSyntheticFactId,
  type ConditionEvidence,
  type EvidenceRecord,
  type RelationshipConditionEvidence,
} from '../../common/decision-api';

export interface EvidenceNode {
  readonly record: EvidenceRecord;
  /** Evidence of each met relationship condition, by the condition's fact ID. */
  readonly children: ReadonlyMap<string, EvidenceNode>;
}

/** Looks up one evidence record (a session's `evidence`), undefined for unknown and `WA:XX` IDs. */
export type EvidenceLookup = (factID: string) => EvidenceRecord | undefined;

interface TreeLimits {
  /** Levels below the fact (default 8). */
  readonly maxDepth: number;
  /** Records fetched in all (default 200). */
  readonly maxNodes: number;
}

const DEFAULT_LIMITS: TreeLimits = { maxDepth: 8, maxNodes: 200 };

/** Whether a condition item is a relationship condition (not an expression). */
export function isRelationshipCondition(condition: ConditionEvidence): condition is RelationshipConditionEvidence {
  return 'relationship' in condition;
}

/** Fetches the chain below `factID`; undefined when the fact itself is unknown. */
export function evidenceTree(factID: string, lookup: EvidenceLookup, limits: Partial<TreeLimits> = {}): EvidenceNode | undefined {
  const { maxDepth, maxNodes } = { ...DEFAULT_LIMITS, ...limits };
  const root = lookup(factID);
  if (!root) return undefined;
  const rootChildren = new Map<string, EvidenceNode>();
  const top: EvidenceNode = { record: root, children: rootChildren };
  const stack: { node: EvidenceNode; children: Map<string, EvidenceNode>; depth: number }[] = [
    { node: top, children: rootChildren, depth: 0 },
  ];
  // A fact reached twice is explained once; the path guard also stops cycles.
  const seen = new Set<string>([factID]);
  let fetched = 1;
  while (stack.length > 0) {
    const { node, children, depth } = stack.pop() as (typeof stack)[number];
    if (depth >= maxDepth) continue;
    for (const condition of node.record.rule?.conditions ?? []) {
      if (!isRelationshipCondition(condition) || condition.wasMet === false || isSyntheticFactId(condition.factID)) continue;
      if (seen.has(condition.factID) || fetched >= maxNodes) continue;
      const record = lookup(condition.factID);
      fetched++;
      seen.add(condition.factID);
      if (!record) continue;
      const grandchildren = new Map<string, EvidenceNode>();
      const child: EvidenceNode = { record, children: grandchildren };
      children.set(condition.factID, child);
      stack.push({ node: child, children: grandchildren, depth: depth + 1 });
    }
  }
  return top;
}
