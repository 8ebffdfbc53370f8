import { describe, expect, it } from 'vitest';
import type { EvidenceRecord } from '../api/wire';
import { initialCollapse, treeOf } from './collapse';
import { boxOf, overlaps } from './edge-labels';
import { EvidenceGraphModel } from './evidence-model';
import { LabelSizer, buildScene } from './evidence-scene';
import type { Scene } from './evidence-scene';
import { LABEL_PADDING, textMeasurer } from './label-metrics';
import { syntheticEvidence } from './synthetic-evidence';
import { fitZoom } from './tree-layout';

function graphOf(nodes: number): EvidenceGraphModel {
  const { rootId, records } = syntheticEvidence(nodes);
  const graph = new EvidenceGraphModel(records.get(rootId) as EvidenceRecord);
  graph.expandFrom(records);
  return graph;
}

const sizer = () => new LabelSizer(textMeasurer(), textMeasurer({ size: 10, family: 'sans-serif', lineHeight: 1 }));

function sceneOf(graph: EvidenceGraphModel, direction: 'down' | 'right' | 'auto', collapsed = new Set<string>()): Scene {
  return buildScene(graph, { collapsed, direction, view: { width: 1100, height: 750 }, sizer: sizer(), canExpand: () => false });
}

/** Boxes of every drawn node, from the layout's positions and sizes. */
function nodeBoxes(scene: Scene) {
  return [...scene.positions].map(([id, point]) => ({ id, box: boxOf(point, scene.sizes.get(id) ?? { w: 0, h: 0 }) }));
}

describe('the evidence scene', () => {
  for (const direction of ['down', 'right'] as const)
    it(`never overlaps two nodes, or an edge label with a node or another label (${direction})`, () => {
      const scene = sceneOf(graphOf(60), direction);
      const nodes = nodeBoxes(scene);
      expect(nodes.length).toBe(57);
      for (let index = 0; index < nodes.length; index += 1)
        for (const other of nodes.slice(index + 1))
          expect(overlaps(nodes[index].box, other.box), `${nodes[index].id} / ${other.id}`).toBe(false);
      const labels = [...scene.labelBoxes];
      expect(labels.length).toBeGreaterThan(0);
      for (let index = 0; index < labels.length; index += 1) {
        for (const other of labels.slice(index + 1)) expect(overlaps(labels[index][1], other[1])).toBe(false);
        for (const node of nodes) expect(overlaps(labels[index][1], node.box), `${labels[index][0]} over ${node.id}`).toBe(false);
      }
      // Every condition edge's label is either drawn or waits for hover: none is lost.
      const conditions = [...graphOf(60).edges.values()].filter((edge) => edge.kind === 'condition').length;
      expect(scene.labelBoxes.size + scene.quiet.size).toBe(conditions);
    });

  it('makes each node as large as its measured label plus padding', () => {
    const graph = graphOf(60);
    const measuring = sizer();
    const scene = buildScene(graph, {
      collapsed: new Set(),
      direction: 'down',
      view: { width: 1100, height: 750 },
      sizer: measuring,
      canExpand: () => false,
    });
    for (const [id, size] of scene.sizes) {
      const label = measuring.node(graph.nodes.get(id)?.label ?? '');
      expect(size.w).toBeGreaterThanOrEqual(label.textWidth + 2 * LABEL_PADDING.x);
      expect(size.h).toBeGreaterThanOrEqual(label.textHeight + 2 * LABEL_PADDING.y);
    }
  });

  it('left to right leaves room between layers for the edge labels, so more of them are drawn', () => {
    const graph = graphOf(60);
    const down = sceneOf(graph, 'down');
    const right = sceneOf(graph, 'right');
    expect(right.labelBoxes.size).toBeGreaterThanOrEqual(down.labelBoxes.size);
    expect(down.quiet.size).toBeGreaterThan(0);
  });

  it('picks the direction in which the tree reads larger in the view', () => {
    const graph = graphOf(60);
    const auto = sceneOf(graph, 'auto');
    const other = sceneOf(graph, auto.direction === 'down' ? 'right' : 'down');
    expect(fitZoom(auto.bounds, 1100, 750)).toBeGreaterThanOrEqual(fitZoom(other.bounds, 1100, 750));
  });

  it('draws a collapsed tree with one "+N" stub per collapsed node, counting the hidden nodes', () => {
    const graph = graphOf(2000);
    const collapsed = initialCollapse(treeOf(graph.rootId, graph.edges.values()));
    const scene = sceneOf(graph, 'auto', collapsed);
    const stubs = scene.elements.filter((element) => element.group === 'nodes' && element.data.kind === 'more');
    expect(stubs.length).toBe(collapsed.size);
    expect(scene.drawn.size).toBeLessThanOrEqual(60);
    const hidden = [...scene.hidden.values()].reduce((sum, count) => sum + count, 0);
    expect(scene.drawn.size - stubs.length + hidden).toBe(graph.nodes.size);
    for (const stub of stubs) expect(String(stub.data.label)).toBe(`+${scene.hidden.get(String(stub.data.of))}`);
    // Every edge drawn joins two drawn nodes.
    for (const element of scene.elements.filter((entry) => entry.group === 'edges')) {
      expect(scene.drawn.has(String(element.data.source))).toBe(true);
      expect(scene.drawn.has(String(element.data.target))).toBe(true);
    }
  });
});
