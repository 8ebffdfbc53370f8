/**
 * What the evidence canvas shows, computed without cytoscape: the visible part of the tree
 * (collapse.ts), each node sized from its measured label (label-metrics.ts), placed by the tree
 * layout in the form that fits the view best, and which edge labels have room to be drawn
 * (edge-labels.ts). EvidenceGraph.vue hands the result to cytoscape, which then only draws.
 *
 * "Fits best": a few forms of the same tree are laid out (each takes well under a millisecond at
 * 60 nodes) and the first, in order of preference, that "Fit" can show whole at a legible size
 * wins; failing that, the one it shows largest (then "Fit" stops at a legible size). The forms
 * trade what is drawn for room: the roomy form spaces layers for the edge labels, tighter forms
 * leave those to hover and the side panel, wrap node labels narrower or wider, and stack a
 * parent's leaves along the tree. Direction is part of the choice when it is "Best fit".
 */
import { treeOf, visibleTree } from './collapse';
import type { Tree } from './collapse';
import { placeEdgeLabels } from './edge-labels';
import type { Box } from './edge-labels';
import type { EvidenceEdge, EvidenceGraphModel } from './evidence-model';
import { EDGE_LABEL_FONT, EDGE_LABEL_PADDING, edgeData, nodeData, stubData, stubId } from './evidence-style';
import type { DrawnNode } from './evidence-style';
import { LABEL_FONT, LABEL_MAX_WIDTH, LABEL_PADDING, LEGIBLE_FONT_PX, TIGHT_LABEL_PADDING, measureLabel } from './label-metrics';
import type { MeasureText, MeasuredLabel } from './label-metrics';
import { fitZoom, layoutTree } from './tree-layout';
import type { Bounds, Point, Size, TreeDirection, TreeLayout } from './tree-layout';

/** Above this many drawn nodes, edges are plain (no arrowhead or label): unreadable at that scale, and costly. */
export const COMPACT_NODES = 300;

/** The zoom below which node labels would be drawn under LEGIBLE_FONT_PX. */
export const LEGIBLE_ZOOM = LEGIBLE_FONT_PX / LABEL_FONT.size;

/** Space "Fit" leaves between the graph and the canvas's edges, on screen. */
export const FIT_PADDING = 12;

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
  /** The zoom at which the whole scene fits the view it was laid out for. */
  readonly fitZoom: number;
  /** Widest line of a node label in this scene's form (graph units). */
  readonly wrap: number;
}

/** Measures labels once per text: layouts run on every change, labels rarely change. */
export class LabelSizer {
  private readonly nodes = new Map<string, MeasuredLabel>();
  private readonly edges = new Map<string, Size>();

  constructor(
    private readonly measureNode: MeasureText,
    private readonly measureEdge: MeasureText,
  ) {}

  /**
   * `wrap`: widest line; narrower wraps get more lines, so a label keeps about as much text.
   * `tight`: the least padding, for forms short of room.
   */
  node(label: string, wrap = LABEL_MAX_WIDTH, tight = false): MeasuredLabel {
    const key = `${wrap}|${tight ? 't' : ''}|${label}`;
    let measured = this.nodes.get(key);
    if (!measured) {
      const lines = Math.max(3, Math.round((4 * LABEL_MAX_WIDTH) / wrap));
      const padding = tight ? TIGHT_LABEL_PADDING : LABEL_PADDING;
      this.nodes.set(key, (measured = measureLabel(label, this.measureNode, LABEL_FONT, wrap, lines, padding)));
    }
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
const TIGHT_GAP_ALONG: Record<TreeDirection, number> = { down: 16, right: 18 };
const TIGHT_GAP_ACROSS = 8;
const TWO_SIDED_GAP_ALONG = 12;
/** A parent with this many leaves or more may stack them (tree-layout.ts). */
const STACK_FROM = 3;

/** One form of the tree, in order of preference: the first is how a graph with room is drawn. */
interface Form {
  /** Widest line of a node label. */
  readonly wrap: number;
  /** Layers spaced for the edge labels, roomier gaps and padding. */
  readonly roomy: boolean;
  /** Leaves stacked along the tree, under their parent (bushy trees) or beside it (deep chains). */
  readonly stack: 'under' | 'beside' | null;
  /** Each rule beside the fact it derived rather than a layer below it. */
  readonly pair: boolean;
  /** Left to right, leaves in columns, the subtrees shared between both sides of the root (tree-layout.ts `twoSided`). */
  readonly twoSided?: boolean;
}

const FORMS: readonly Form[] = [
  { wrap: LABEL_MAX_WIDTH, roomy: true, stack: null, pair: false },
  { wrap: LABEL_MAX_WIDTH, roomy: false, stack: null, pair: false },
  ...[LABEL_MAX_WIDTH, 120, 100, 140, 200, 260].flatMap((wrap) =>
    (['under', 'beside'] as const).flatMap((stack) => [
      { wrap, roomy: false, stack, pair: false },
      { wrap, roomy: false, stack, pair: true },
    ]),
  ),
  // Last, so a tree that fits in an earlier form keeps it: left to right, each parent's leaves in a
  // column under it and the chains shared between both sides of the root (tree-layout.ts
  // `twoSided`), for a deep tree too wide and too tall for a wide view in every other form.
  ...[LABEL_MAX_WIDTH, 140, 120, 115, 110, 105, 100, 90].map((wrap) => ({ wrap, roomy: false, stack: null, pair: true, twoSided: true })),
];

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

  const edges: { id: string; source: string; target: string; edge?: EvidenceEdge }[] = [];
  for (const edge of graph.edges.values()) if (drawn.has(edge.source) && drawn.has(edge.target)) edges.push({ ...edge, edge });
  for (const id of hidden.keys()) {
    drawn.add(stubId(id));
    edges.push({ id: `stub|${id}`, source: id, target: stubId(id) });
  }
  // The label of each condition edge, and of the edge into each node: roomy layers are spaced to hold them.
  const labelInto = new Map<string, Size>();
  const labelOf = new Map<string, Size>();
  if (!compact)
    for (const { id, target, edge } of edges) {
      if (edge?.kind !== 'condition') continue;
      const size = options.sizer.edge(edge.label);
      labelOf.set(id, size);
      if (!labelInto.has(target)) labelInto.set(target, size);
    }

  const directions: TreeDirection[] = options.direction === 'auto' ? ['down', 'right'] : [options.direction];
  // Past COMPACT_NODES nothing is labelled, so the first form is as good as any.
  const forms = compact ? FORMS.slice(0, 1) : FORMS;
  let legible: LaidOut | null = null;
  let largest: LaidOut | null = null;
  for (const form of forms) {
    const laid = (form.twoSided ? directions.filter((direction) => direction === 'right') : directions).map((direction) =>
      layOut(graph, visible, hidden, edges, form, direction, options, labelInto, compact),
    );
    // Best fit: wide views suit shallow bushy trees top-down, deep chains left to right; down unless right reads clearly larger.
    if (laid.length === 2 && laid[1].zoom > laid[0].zoom * 1.05) laid.reverse();
    for (const candidate of laid) {
      if (!legible && candidate.zoom >= LEGIBLE_ZOOM) legible = candidate;
      if (!largest || candidate.zoom > largest.zoom) largest = candidate;
    }
    if (legible) break;
  }
  const chosen = (legible ?? largest) as LaidOut;
  const { layout, direction, drawnOf, sizes } = chosen;
  const sizeOf = (id: string): Size => sizes.get(id) ?? { w: 44, h: 28 };

  // Only the roomy form spaces its layers for edge labels: the tighter ones leave every label to
  // hover and the side panel (as do edges into stacked leaves, which run along the stack's trunk).
  const intoStack = (target: string) => !chosen.form.roomy || layout.stacked.has(target);
  const placement = compact
    ? { shown: new Map<string, Box>(), hidden: new Set<string>() }
    : placeEdgeLabels(
        edges.filter(({ edge, target }) => edge?.kind === 'condition' && !intoStack(target)),
        layout.positions,
        sizeOf,
        (id) => labelOf.get(id),
      );
  if (!compact) for (const { id, edge, target } of edges) if (edge?.kind === 'condition' && intoStack(target)) placement.hidden.add(id);

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
    const side = layout.stacked.get(target);
    const column = layout.columned?.has(target) ? ` column-${layout.mirrored?.has(target) ? 'before' : 'after'}` : '';
    const stacked = side ? ` stacked-${direction}-${side}` : column;
    const classes = compact ? '' : `${placement.hidden.has(id) ? 'full quiet' : 'full'}${stacked}`;
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
    fitZoom: chosen.zoom,
    wrap: chosen.form.wrap,
  };
}

interface LaidOut {
  readonly form: Form;
  readonly direction: TreeDirection;
  readonly layout: TreeLayout;
  readonly drawnOf: Map<string, DrawnNode>;
  readonly sizes: Map<string, Size>;
  /** The zoom at which it fits the view whole. */
  readonly zoom: number;
}

/** Sizes every drawn node for one form and lays the tree out in it. */
function layOut(
  graph: EvidenceGraphModel,
  visible: readonly string[],
  hidden: ReadonlyMap<string, number>,
  edges: readonly { id: string; source: string; target: string }[],
  form: Form,
  direction: TreeDirection,
  options: SceneOptions,
  labelInto: ReadonlyMap<string, Size>,
  compact: boolean,
): LaidOut {
  const drawnOf = new Map<string, DrawnNode>();
  for (const id of visible) {
    const node = graph.nodes.get(id);
    const label = options.sizer.node(node?.label ?? '', form.wrap, !form.roomy);
    // An expression's tag shape narrows to a point on its right: widen it so the text clears the point.
    drawnOf.set(id, node?.kind === 'expression' ? { text: label.text, w: label.w + 2 * TAG_POINT, h: label.h } : label);
  }
  for (const [id, count] of hidden) {
    const label = options.sizer.node(stubLabel(count));
    drawnOf.set(stubId(id), { text: label.text, w: Math.max(44, label.w), h: label.h });
  }
  const sizes = new Map<string, Size>();
  for (const [id, node] of drawnOf) sizes.set(id, { w: node.w, h: node.h });
  const layout = layoutTree(graph.rootId, edges, (id) => sizes.get(id) ?? { w: 44, h: 28 }, {
    direction,
    gapX: form.roomy ? GAP_ACROSS : TIGHT_GAP_ACROSS,
    stackGap: 4,
    // Two-sided, the gaps between layers are the form's width: edges across them are short and straight.
    gapY: form.twoSided ? TWO_SIDED_GAP_ALONG : (form.roomy ? GAP_ALONG : TIGHT_GAP_ALONG)[direction],
    ...(form.roomy && !compact ? { edgeLabelOf: (target: string) => labelInto.get(target) } : {}),
    ...(form.stack ? { stackLeaves: STACK_FROM, stackBeside: form.stack === 'beside' } : {}),
    ...(form.twoSided ? { twoSided: true, besideGap: 4, columnIndent: 12 } : {}),
    ...(form.pair ? { besideParent: (id: string) => graph.nodes.get(id)?.kind === 'rule' } : {}),
  });
  return { form, direction, layout, drawnOf, sizes, zoom: fitZoom(layout.bounds, options.view.width, options.view.height, FIT_PADDING) };
}
