import { describe, expect, it } from 'vitest';
import type { EvidenceRecord } from '../api/wire';
import { initialCollapse, treeOf } from './collapse';
import { boxOf, overlaps } from './edge-labels';
import { EvidenceGraphModel } from './evidence-model';
import { LEGIBLE_ZOOM, LabelSizer, buildScene } from './evidence-scene';
import type { Scene } from './evidence-scene';
import { LABEL_PADDING, LEGIBLE_FONT_PX, TIGHT_LABEL_PADDING, textMeasurer } from './label-metrics';
import { syntheticEvidence } from './synthetic-evidence';
import type { SyntheticShape } from './synthetic-evidence';
import { fitZoom } from './tree-layout';

function graphOf(nodes: number, shape: SyntheticShape = 'balanced'): EvidenceGraphModel {
  const { rootId, records } = syntheticEvidence(nodes, shape);
  const graph = new EvidenceGraphModel(records.get(rootId) as EvidenceRecord);
  graph.expandFrom(records);
  return graph;
}

const sizer = () => new LabelSizer(textMeasurer(), textMeasurer({ size: 10, family: 'sans-serif', lineHeight: 1 }));

/** A view large enough for the roomy form, with its edge labels, at 60 nodes. */
const ROOMY_VIEW = { width: 4000, height: 3000 };

function sceneOf(graph: EvidenceGraphModel, direction: 'down' | 'right' | 'auto', collapsed = new Set<string>(), view = ROOMY_VIEW): Scene {
  return buildScene(graph, { collapsed, direction, view, sizer: sizer(), canExpand: () => false });
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

  for (const shape of ['balanced', 'wide', 'deep'] as const)
    it(`fits a 60-node ${shape} tree whole in a laptop-sized view at a legible size, nodes apart, edge labels left to hover`, () => {
      const graph = graphOf(60, shape);
      const scene = sceneOf(graph, 'auto', new Set(), { width: 1100, height: 790 });
      expect(scene.drawn.size).toBe(graph.nodes.size);
      expect(scene.fitZoom * 12).toBeGreaterThanOrEqual(LEGIBLE_FONT_PX);
      expect(fitZoom(scene.bounds, 1100, 790, 16)).toBeGreaterThanOrEqual(LEGIBLE_ZOOM);
      const nodes = nodeBoxes(scene);
      for (let index = 0; index < nodes.length; index += 1)
        for (const other of nodes.slice(index + 1))
          expect(overlaps(nodes[index].box, other.box), `${nodes[index].id} / ${other.id}`).toBe(false);
      // A tighter form than the roomy one draws no edge label without hover; none is lost.
      const conditions = [...graph.edges.values()].filter((edge) => edge.kind === 'condition').length;
      expect(scene.labelBoxes.size + scene.quiet.size).toBe(conditions);
    });

  it("folds a deep tree too big for the runner's Evidence tab at 1024 × 768 to both sides of its root, leaves in columns", () => {
    const graph = graphOf(60, 'deep');
    const scene = sceneOf(graph, 'auto', new Set(), { width: 984, height: 530 });
    expect(scene.direction).toBe('right');
    expect(scene.drawn.size).toBe(graph.nodes.size);
    const columned = scene.elements.filter((element) => element.group === 'edges' && / column-(after|before)/.test(element.classes));
    expect(columned.length).toBeGreaterThan(30);
    const root = scene.positions.get(graph.rootId)!;
    const xs = [...scene.positions.values()].map((point) => point.x);
    expect(Math.min(...xs)).toBeLessThan(root.x - 300);
    expect(Math.max(...xs)).toBeGreaterThan(root.x + 300);
    const nodes = nodeBoxes(scene);
    for (let index = 0; index < nodes.length; index += 1) {
      const { id, box } = nodes[index];
      expect(box.x1 >= scene.bounds.x1 && box.x2 <= scene.bounds.x2 && box.y1 >= scene.bounds.y1 && box.y2 <= scene.bounds.y2, id).toBe(
        true,
      );
      for (const other of nodes.slice(index + 1)) expect(overlaps(box, other.box), `${id} / ${other.id}`).toBe(false);
    }
    // Not drawn by default: every edge label waits for hover and the side panel.
    expect(scene.labelBoxes.size).toBe(0);
  });

  it('makes each node as large as its measured label plus padding, in the roomy form and in a tight one', () => {
    const graph = graphOf(60);
    for (const [view, padding] of [
      [ROOMY_VIEW, LABEL_PADDING],
      [{ width: 1100, height: 750 }, TIGHT_LABEL_PADDING],
    ] as const) {
      const measuring = sizer();
      const scene = buildScene(graph, { collapsed: new Set(), direction: 'down', view, sizer: measuring, canExpand: () => false });
      for (const [id, size] of scene.sizes) {
        const label = measuring.node(graph.nodes.get(id)?.label ?? '', scene.wrap, padding === TIGHT_LABEL_PADDING);
        expect(size.w).toBeGreaterThanOrEqual(label.textWidth + 2 * padding.x);
        expect(size.h).toBeGreaterThanOrEqual(label.textHeight + 2 * padding.y);
      }
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
    expect(fitZoom(auto.bounds, ROOMY_VIEW.width, ROOMY_VIEW.height)).toBeGreaterThanOrEqual(
      fitZoom(other.bounds, ROOMY_VIEW.width, ROOMY_VIEW.height),
    );
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
