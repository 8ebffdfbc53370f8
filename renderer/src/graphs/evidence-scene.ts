/**
 * What the evidence canvas shows, computed without cytoscape: the visible part of the tree
 * (collapse.ts), each node sized from its measured label (label-metrics.ts), placed by the tree
 * layout in the direction that fits the view best, and which edge labels have room to be drawn
 * (edge-labels.ts). EvidenceGraph.vue hands the result to cytoscape, which then only draws.
 */
import { treeOf, visibleTree } from './collapse';
import type { Tree } from './collapse';
import { placeEdgeLabels } from './edge-labels';
import type { Box } from './edge-labels';
import type { EvidenceEdge, EvidenceGraphModel } from './evidence-model';
import { EDGE_LABEL_FONT, EDGE_LABEL_PADDING, edgeData, nodeData, stubData, stubId } from './evidence-style';
import type { DrawnNode } from './evidence-style';
import { LABEL_FONT, LEGIBLE_FONT_PX, measureLabel } from './label-metrics';
import type { MeasureText, MeasuredLabel } from './label-metrics';
import { fitZoom, layoutTree } from './tree-layout';
import type { Bounds, Point, Size, TreeDirection } from './tree-layout';

/** Above this many drawn nodes, edges are plain (no arrowhead or label): unreadable at that scale, and costly. */
export const COMPACT_NODES = 300;

/** The zoom below which node labels would be drawn under LEGIBLE_FONT_PX. */
export const LEGIBLE_ZOOM = LEGIBLE_FONT_PX / LABEL_FONT.size;

export type DirectionChoice = TreeDirection | 'auto';

export interface SceneElement {
  readonly group: 'nodes' | 'edges';
  readonly data: Record<string, unknown>;
  readonly position?: Point;
  readonly classes: string;
}

export interface Scene {
  readonly elements: SceneElement[];
  readonly positions: Map<string, Point>;
  readonly sizes: Map<string, Size>;
  readonly bounds: Bounds;
  readonly direction: TreeDirection;
  /** Collapsed node id → how many nodes its stub stands for. */
  readonly hidden: Map<string, number>;
  /** Drawn node ids (stubs included). */
  readonly drawn: Set<string>;
  /** Edge labels drawn on the canvas, with their boxes in graph units. */
  readonly labelBoxes: Map<string, Box>;
  /** Edge labels that wait for hover, focus or the side panel. */
  readonly quiet: Set<string>;
  readonly compact: boolean;
}

/** Measures labels once per text: layouts run on every change, labels rarely change. */
export class LabelSizer {
  private readonly nodes = new Map<string, MeasuredLabel>();
  private readonly edges = new Map<string, Size>();

  constructor(
    private readonly measureNode: MeasureText,
    private readonly measureEdge: MeasureText,
  ) {}

  node(label: string): MeasuredLabel {
    let measured = this.nodes.get(label);
    if (!measured) this.nodes.set(label, (measured = measureLabel(label, this.measureNode)));
    return measured;
  }

  /** The box of an edge label as cytoscape draws it (one line, with its background padding). */
  edge(label: string): Size {
    let size = this.edges.get(label);
    if (!size) {
      size = {
        w: this.measureEdge(label) + 2 * EDGE_LABEL_PADDING,
        h: EDGE_LABEL_FONT.size * EDGE_LABEL_FONT.lineHeight + 2 * EDGE_LABEL_PADDING,
      };
      this.edges.set(label, size);
    }
    return size;
  }
}

interface SceneOptions {
  readonly collapsed: ReadonlySet<string>;
  readonly direction: DirectionChoice;
  /** The canvas, for choosing the direction that fits it best. */
  readonly view: { readonly width: number; readonly height: number };
  readonly sizer: LabelSizer;
  readonly canExpand: (id: string) => boolean;
}

const GAP_ACROSS = 16;
/** How far the point of cytoscape's `round-tag` shape reaches into the node, at our node heights. */
const TAG_POINT = 14;
const GAP_ALONG: Record<TreeDirection, number> = { down: 56, right: 40 };

function stubLabel(count: number): string {
  return `+${count}`;
}

export function buildScene(
  graph: EvidenceGraphModel,
  options: SceneOptions,
  tree: Tree = treeOf(graph.rootId, graph.edges.values()),
): Scene {
  const { nodes: visible, hidden } = visibleTree(tree, options.collapsed);
  const drawn = new Set<string>(visible);
  const compact = visible.length + hidden.size > COMPACT_NODES;

  const drawnOf = new Map<string, DrawnNode>();
  for (const id of visible) {
    const node = graph.nodes.get(id);
    const label = options.sizer.node(node?.label ?? '');
    // An expression's tag shape narrows to a point on its right: widen it so the text clears the point.
    drawnOf.set(id, node?.kind === 'expression' ? { text: label.text, w: label.w + 2 * TAG_POINT, h: label.h } : label);
  }
  const edges: { id: string; source: string; target: string; edge?: EvidenceEdge }[] = [];
  for (const edge of graph.edges.values()) if (drawn.has(edge.source) && drawn.has(edge.target)) edges.push({ ...edge, edge });
  for (const [id, count] of hidden) {
    const stub = stubId(id);
    drawn.add(stub);
    const label = options.sizer.node(stubLabel(count));
    drawnOf.set(stub, { text: label.text, w: Math.max(44, label.w), h: label.h });
    edges.push({ id: `stub|${id}`, source: id, target: stub });
  }
  const sizes = new Map<string, Size>();
  for (const [id, node] of drawnOf) sizes.set(id, { w: node.w, h: node.h });
  const sizeOf = (id: string): Size => sizes.get(id) ?? { w: 44, h: 28 };

  // The label of the edge into each node, when drawn: layers are spaced to hold them.
  const labelInto = new Map<string, Size>();
  const labelOf = new Map<string, Size>();
  if (!compact)
    for (const { id, target, edge } of edges) {
      if (edge?.kind !== 'condition') continue;
      const size = options.sizer.edge(edge.label);
      labelOf.set(id, size);
      if (!labelInto.has(target)) labelInto.set(target, size);
    }
  const layoutIn = (direction: TreeDirection) =>
    layoutTree(graph.rootId, edges, sizeOf, {
      direction,
      gapX: GAP_ACROSS,
      gapY: GAP_ALONG[direction],
      ...(compact ? {} : { edgeLabelOf: (target: string) => labelInto.get(target) }),
    });
  let direction: TreeDirection = options.direction === 'auto' ? 'down' : options.direction;
  let layout = layoutIn(direction);
  if (options.direction === 'auto') {
    // Whichever reads larger in this view: wide views suit shallow bushy trees top-down, deep chains left to right.
    const across = layoutIn('right');
    const { width, height } = options.view;
    if (fitZoom(across.bounds, width, height) > fitZoom(layout.bounds, width, height) * 1.05) {
      direction = 'right';
      layout = across;
    }
  }

  const placement = compact
    ? { shown: new Map<string, Box>(), hidden: new Set<string>() }
    : placeEdgeLabels(
        edges.filter(({ edge }) => edge?.kind === 'condition'),
        layout.positions,
        sizeOf,
        (id) => labelOf.get(id),
      );

  const elements: SceneElement[] = [];
  for (const id of visible) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    elements.push({
      group: 'nodes',
      data: nodeData(node, options.canExpand(id), drawnOf.get(id) as DrawnNode, hidden.get(id)),
      position: layout.positions.get(id) ?? { x: 0, y: 0 },
      classes: '',
    });
  }
  for (const [id, count] of hidden) {
    const stub = stubId(id);
    elements.push({
      group: 'nodes',
      data: stubData(id, count, drawnOf.get(stub) as DrawnNode),
      position: layout.positions.get(stub) ?? { x: 0, y: 0 },
      classes: '',
    });
  }
  for (const { id, source, target, edge } of edges) {
    const data = edge ? edgeData(edge) : { id, source, target, label: '', kind: 'stub', weight: 1, met: true };
    const classes = compact ? '' : placement.hidden.has(id) ? 'full quiet' : 'full';
    elements.push({ group: 'edges', data, classes });
  }
  return {
    elements,
    positions: layout.positions,
    sizes,
    bounds: layout.bounds,
    direction,
    hidden,
    drawn,
    labelBoxes: placement.shown,
    quiet: placement.hidden,
    compact,
  };
}
