/**
 * Which part of a large evidence tree is drawn. Rather than shrink 2,000 nodes to dots, the graph
 * opens with about `budget` nodes, breadth first from the root, and each node whose children did
 * not fit is drawn collapsed with a "+N" stub standing for everything under it; opening a stub
 * shows the next `budget` nodes of that subtree. Pure: the tree in, the visible part out.
 */
import { spanningTree } from './tree-layout';

/** Nodes shown at once before subtrees collapse: a tree this size is drawn whole. */
export const COLLAPSE_BUDGET = 60;

export interface Tree {
  readonly rootId: string;
  /** First-parent children, in condition order. */
  readonly children: ReadonlyMap<string, readonly string[]>;
}

export function treeOf(rootId: string, edges: Iterable<{ readonly source: string; readonly target: string }>): Tree {
  return { rootId, children: spanningTree(rootId, edges).children };
}

/** Number of nodes under each node (itself excluded), over the spanning tree. */
export function descendantCounts(tree: Tree): Map<string, number> {
  const counts = new Map<string, number>();
  const order: string[] = [];
  const stack = [tree.rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    order.push(id);
    for (const child of tree.children.get(id) ?? []) stack.push(child);
  }
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const id = order[index];
    let count = 0;
    for (const child of tree.children.get(id) ?? []) count += 1 + (counts.get(child) ?? 0);
    counts.set(id, count);
  }
  return counts;
}

/**
 * Adds to `collapsed` the nodes under `startId` (itself included) whose children would take the
 * subtree past `budget` drawn nodes, breadth first, so a whole level is shown or stubbed together.
 * A stub counts as a drawn node. Returns how many nodes of the subtree are drawn.
 */
export function collapseBeyond(tree: Tree, startId: string, budget: number, collapsed: Set<string>): number {
  const hasChildren = (id: string) => (tree.children.get(id)?.length ?? 0) > 0;
  let shown = 1;
  // Each drawn node with children not yet looked at keeps room for the stub it may become, so
  // `shown + reserved` never passes the budget.
  let reserved = hasChildren(startId) ? 1 : 0;
  const queue = [startId];
  for (let index = 0; index < queue.length; index += 1) {
    const id = queue[index];
    const kids = tree.children.get(id) ?? [];
    if (kids.length === 0) continue;
    reserved -= 1;
    if (collapsed.has(id)) {
      shown += 1;
      continue;
    }
    const kidsReserve = kids.filter(hasChildren).length;
    if (shown + kids.length + reserved + kidsReserve <= budget) {
      shown += kids.length;
      reserved += kidsReserve;
      queue.push(...kids);
    } else {
      collapsed.add(id);
      shown += 1;
    }
  }
  return shown;
}

/** The first collapse of a tree: nothing hidden if it has at most `budget` nodes. */
export function initialCollapse(tree: Tree, budget = COLLAPSE_BUDGET): Set<string> {
  const collapsed = new Set<string>();
  collapseBeyond(tree, tree.rootId, budget, collapsed);
  return collapsed;
}

/** Opens a collapsed node: its children are shown, and their subtrees collapse past `budget` nodes. */
export function openCollapsed(tree: Tree, id: string, collapsed: ReadonlySet<string>, budget = COLLAPSE_BUDGET): Set<string> {
  const next = new Set(collapsed);
  next.delete(id);
  // Anything under `id` that was collapsed before stays as the user left it; new limits only below.
  collapseBeyond(tree, id, budget, next);
  return next;
}

/** Ancestors of `id` on the spanning tree, root first (to reveal a search match). */
export function ancestorsOf(tree: Tree, id: string): string[] {
  const parent = new Map<string, string>();
  for (const [source, kids] of tree.children) for (const kid of kids) parent.set(kid, source);
  const path: string[] = [];
  for (let current = parent.get(id); current !== undefined; current = parent.get(current)) path.unshift(current);
  return path;
}

interface VisibleTree {
  /** Drawn node ids, breadth first. */
  readonly nodes: string[];
  /** Collapsed node id → how many nodes its stub stands for. */
  readonly hidden: Map<string, number>;
}

/** What is drawn: every node not under a collapsed one, and the hidden count of each collapsed node. */
export function visibleTree(tree: Tree, collapsed: ReadonlySet<string>): VisibleTree {
  const counts = descendantCounts(tree);
  const nodes: string[] = [];
  const hidden = new Map<string, number>();
  const queue = [tree.rootId];
  for (let index = 0; index < queue.length; index += 1) {
    const id = queue[index];
    nodes.push(id);
    const kids = tree.children.get(id) ?? [];
    if (kids.length === 0) continue;
    if (collapsed.has(id)) hidden.set(id, counts.get(id) ?? 0);
    else queue.push(...kids);
  }
  return { nodes, hidden };
}
