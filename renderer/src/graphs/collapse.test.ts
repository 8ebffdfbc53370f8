import { describe, expect, it } from 'vitest';
import { COLLAPSE_BUDGET, ancestorsOf, descendantCounts, initialCollapse, openCollapsed, treeOf, visibleTree } from './collapse';

/** A complete tree: every node has `branching` children, `size` nodes in all, ids n0 (root) … n{size-1}. */
function completeTree(size: number, branching = 3) {
  const edges = [];
  for (let index = 1; index < size; index += 1) edges.push({ source: `n${Math.floor((index - 1) / branching)}`, target: `n${index}` });
  return treeOf('n0', edges);
}

/** Nodes drawn: visible nodes plus one stub per collapsed node. */
const drawnCount = (visible: ReturnType<typeof visibleTree>) => visible.nodes.length + visible.hidden.size;

describe('collapsing a large evidence tree', () => {
  it('draws a tree of up to 60 nodes whole', () => {
    const tree = completeTree(COLLAPSE_BUDGET);
    const collapsed = initialCollapse(tree);
    expect(collapsed.size).toBe(0);
    expect(visibleTree(tree, collapsed).nodes).toHaveLength(COLLAPSE_BUDGET);
  });

  it('draws at most the budget and stands a "+N" stub for the rest, accounting for every node', () => {
    const tree = completeTree(2000);
    const collapsed = initialCollapse(tree);
    const visible = visibleTree(tree, collapsed);
    expect(drawnCount(visible)).toBeLessThanOrEqual(COLLAPSE_BUDGET);
    expect(drawnCount(visible)).toBeGreaterThan(COLLAPSE_BUDGET / 2);
    const hidden = [...visible.hidden.values()].reduce((sum, count) => sum + count, 0);
    expect(visible.nodes.length + hidden).toBe(2000);
    // Breadth first: the top of the tree is shown, whole levels at a time.
    expect(visible.nodes.slice(0, 4)).toEqual(['n0', 'n1', 'n2', 'n3']);
  });

  it('opens a collapsed node: its children appear, their subtrees collapse past the budget again', () => {
    const tree = completeTree(2000);
    const collapsed = initialCollapse(tree);
    const before = visibleTree(tree, collapsed);
    const [first, count] = [...before.hidden][0];
    const opened = openCollapsed(tree, first, collapsed);
    const after = visibleTree(tree, opened);
    expect(after.hidden.has(first)).toBe(false);
    for (const child of tree.children.get(first) ?? []) expect(after.nodes).toContain(child);
    const added = after.nodes.length - before.nodes.length;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(Math.min(count, COLLAPSE_BUDGET));
    // Nothing else changed: the other stubs stand for what they stood for.
    for (const [id, hidden] of before.hidden) if (id !== first) expect(after.hidden.get(id)).toBe(hidden);
  });

  it('counts descendants over the first-parent tree, a node reached twice counted once', () => {
    const tree = treeOf('r', [
      { source: 'r', target: 'a' },
      { source: 'r', target: 'b' },
      { source: 'a', target: 'shared' },
      { source: 'b', target: 'shared' },
    ]);
    expect(descendantCounts(tree).get('r')).toBe(3);
    expect(descendantCounts(tree).get('a')).toBe(1);
    expect(descendantCounts(tree).get('b')).toBe(0);
    expect(ancestorsOf(tree, 'shared')).toEqual(['r', 'a']);
  });
});
