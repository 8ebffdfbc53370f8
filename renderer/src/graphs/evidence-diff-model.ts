/**
 * An evidence diff (from a comparison of two runs) as graph elements: one node per fact of either
 * run's tree and one edge per condition, each carrying its change status so the graph can colour
 * it. Pure, so it is tested without a canvas.
 */
import type { EvidenceDiff, NodeDiff } from '../../../electron/cases/core';

export type DiffStatus = EvidenceDiff['status'];

interface DiffGraphNode {
  readonly id: string;
  readonly label: string;
  readonly status: DiffStatus;
  /** `80% rule → 60% rule`, what moved in words. */
  readonly detail: string;
}

interface DiffGraphEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly status: DiffStatus;
}

interface DiffGraph {
  readonly rootId: string;
  readonly nodes: readonly DiffGraphNode[];
  readonly edges: readonly DiffGraphEdge[];
  readonly counts: Readonly<Record<DiffStatus, number>>;
}

/** Status colours: unchanged grey, changed amber, added green, removed red. */
export const DIFF_COLOURS: Readonly<Record<DiffStatus, string>> = {
  same: '#868e96',
  changed: '#e8590c',
  added: '#2b8a3e',
  removed: '#c92a2a',
};

function side(snapshot: NodeDiff['before']): string {
  if (!snapshot) return '—';
  const rule = snapshot.rule
    ? ` (${snapshot.rule}${snapshot.ruleMaxCertainty === undefined ? '' : `, max ${snapshot.ruleMaxCertainty}%`})`
    : '';
  return `${snapshot.certainty}% ${snapshot.source}${rule}`;
}

export function diffGraphOf(diff: EvidenceDiff): DiffGraph {
  const nodes: DiffGraphNode[] = diff.nodes.map((node) => ({
    id: node.key,
    label: node.label,
    status: node.status,
    detail: node.status === 'same' ? side(node.after) : `${side(node.before)} → ${side(node.after)}`,
  }));
  const known = new Set(nodes.map((node) => node.id));
  // Conditions whose fact was not fetched (unmet, or evidence locked) still show as small nodes.
  for (const node of diff.nodes) {
    for (const condition of node.conditions) {
      if (condition.factKey && !known.has(condition.factKey)) {
        known.add(condition.factKey);
        nodes.push({
          id: condition.factKey,
          label: condition.label,
          status: condition.status,
          detail: 'condition without fetched evidence',
        });
      }
    }
  }
  const seen = new Set<string>();
  const edges = diff.edges.flatMap((edge) => {
    const id = `${edge.from}->${edge.to}`;
    // A tree: a fact reached twice keeps its first parent (the layout needs one).
    if (seen.has(id) || edge.from === edge.to) return [];
    seen.add(id);
    return [{ id, source: edge.from, target: edge.to, status: edge.status }];
  });
  const counts: Record<DiffStatus, number> = { same: 0, changed: 0, added: 0, removed: 0 };
  for (const node of nodes) counts[node.status] += 1;
  return { rootId: diff.root, nodes, edges, counts };
}
