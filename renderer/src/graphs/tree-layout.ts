/**
 * A tidy tree layout for evidence graphs: children in condition order, each parent centred over its
 * children, one layer per depth, top-down or left-to-right, subtrees packed by their contours. Evidence is a
 * tree (a fact reached twice keeps the place of its first parent, the other edge just points to
 * it), so this reads better than breadthfirst, which spreads every level across the whole width;
 * and it is computed from sizes we already know, so cytoscape only draws (no layout run, no text
 * measuring): a 2,000-node graph is placed in a few milliseconds. dagre and elk were measured on
 * the same graphs (stack notes: 2.3 s and 9 s at 2,000 nodes) and bring nothing a tree needs.
 *
 * Spacing follows the labels: neighbours are spaced by their measured boxes, and the gap between
 * two layers is wide enough for the widest (left-to-right) or tallest (top-down) edge label that
 * crosses it.
 */
export interface Size {
  readonly w: number;
  readonly h: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface TreeLayout {
  readonly positions: Map<string, Point>;
  /** Bounding box of the nodes (not their labels' overflow), for fitting the view. */
  readonly bounds: Bounds;
  /**
   * Nodes placed in a stack by their parent (`stackLeaves`), and on which side of it: `after` (right
   * top-down, below left to right) or `before`. Their edges end on the stack's near side.
   */
  readonly stacked: ReadonlyMap<string, StackSide>;
  /** Nodes on the mirrored side of a two-sided layout (`twoSided`): their tree grows right to left. */
  readonly mirrored?: ReadonlySet<string>;
  /** Leaves placed in a column under their parent, in its layer (`twoSided`): their edges run down its near side. */
  readonly columned?: ReadonlySet<string>;
}

export type StackSide = 'after' | 'before';

/** `down`: root at the top, layers as rows. `right`: root at the left, layers as columns (deep chains). */
export type TreeDirection = 'down' | 'right';

interface TreeLayoutOptions {
  /** Gap between neighbouring subtrees, across the layers. */
  readonly gapX?: number;
  /** Least gap between layers, along the tree. */
  readonly gapY?: number;
  readonly direction?: TreeDirection;
  /**
   * Size of the label of the edge into a node, if it has one: the gap before that node's layer
   * grows to hold it (plus `labelMargin` each side).
   */
  readonly edgeLabelOf?: (target: string) => Size | undefined;
  readonly labelMargin?: number;
  /**
   * A parent with at least this many children, two or more of them leaves, stacks its leaves along
   * the tree (a column top-down, a row left to right) instead of spreading them across it: a wide
   * shallow tree folds into the view. The stack starts at least `stackIndent` past the parent's
   * centre, after its other children, so an edge from the parent to a leaf's near side never
   * crosses the leaves before it.
   */
  readonly stackLeaves?: number;
  readonly stackGap?: number;
  readonly stackIndent?: number;
  /** Stacks start beside their parent, in its layer, rather than under it (deep chains take fewer layers). */
  readonly stackBeside?: boolean;
  /**
   * Whether a stack may go on the parent's near side when that side is closer (default yes): in a
   * chain, the stacks of successive parents then alternate sides instead of each pushing the next out.
   */
  readonly stackBefore?: boolean;
  /**
   * Children placed beside their parent, in its layer, instead of a layer below (a rule beside the
   * fact it derived): a deep chain takes half the layers. Only an only child is placed so.
   */
  readonly besideParent?: (child: string) => boolean;
  readonly besideGap?: number;
  /**
   * Left to right only: the subtrees of the first node with several children are shared between
   * both sides of it, half growing right and half mirrored to grow left (a mind map). A deep tree
   * then takes half the layers in width, at the cost of no height: it suits views wider than tall.
   */
  readonly twoSided?: boolean;
  /** How far a column of leaves is indented from its parent's near side (`twoSided`). */
  readonly columnIndent?: number;
  /** Pairs a child beside its parent (`besideParent`) even when it has no children of its own. */
  readonly pairLeaves?: boolean;
}

/** The first-parent spanning tree, depth first in edge order (explicit stack: no recursion limit on deep maps). */
export function spanningTree(
  rootId: string,
  edges: Iterable<{ readonly source: string; readonly target: string }>,
): { children: Map<string, string[]>; depth: Map<string, number>; order: string[] } {
  const all = new Map<string, string[]>();
  for (const edge of edges) {
    const list = all.get(edge.source);
    if (list) list.push(edge.target);
    else all.set(edge.source, [edge.target]);
  }
  const depth = new Map<string, number>([[rootId, 0]]);
  const children = new Map<string, string[]>();
  const order: string[] = [];
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    order.push(id);
    const kept: string[] = [];
    for (const child of all.get(id) ?? []) {
      if (depth.has(child)) continue;
      depth.set(child, (depth.get(id) ?? 0) + 1);
      kept.push(child);
    }
    children.set(id, kept);
    for (let index = kept.length - 1; index >= 0; index -= 1) stack.push(kept[index]);
  }
  return { children, depth, order };
}

export function layoutTree(
  rootId: string,
  edges: Iterable<{ readonly source: string; readonly target: string }>,
  sizeOf: (id: string) => Size,
  options: TreeLayoutOptions = {},
): TreeLayout {
  if (options.twoSided && options.direction === 'right') return twoSidedTree(rootId, [...edges], sizeOf, options);
  const beside = options.besideParent;
  if (!beside) return placeTree(rootId, edges, sizeOf, options);
  // A child beside its parent: the two laid out as one node, the child's children as the pair's.
  const list = [...edges];
  const { children } = spanningTree(rootId, list);
  /** Parent → the child beside it. */
  const pairOf = new Map<string, string>();
  const pairedTo = new Map<string, string>();
  for (const [id, kids] of children)
    if (
      kids.length === 1 &&
      ((children.get(kids[0])?.length ?? 0) > 0 || options.pairLeaves === true) &&
      beside(kids[0]) &&
      !pairedTo.has(id)
    ) {
      pairOf.set(id, kids[0]);
      pairedTo.set(kids[0], id);
    }
  if (pairOf.size === 0) return placeTree(rootId, list, sizeOf, options);
  const right = options.direction === 'right';
  const gap = options.besideGap ?? 12;
  const pairSize = (id: string): Size => {
    const own = sizeOf(id);
    const other = pairOf.get(id);
    if (other === undefined) return own;
    const next = sizeOf(other);
    return right ? { w: Math.max(own.w, next.w), h: own.h + gap + next.h } : { w: own.w + gap + next.w, h: Math.max(own.h, next.h) };
  };
  const contracted = list.flatMap((edge) => {
    if (pairOf.get(edge.source) === edge.target) return [];
    const source = pairedTo.get(edge.source) ?? edge.source;
    return pairedTo.has(edge.target) ? [] : [{ source, target: edge.target }];
  });
  // A stack beside a pair on its near side would sit by the parent, not the child its edges leave from.
  const laid = placeTree(rootId, contracted, pairSize, options.stackBeside ? { ...options, stackBefore: false } : options);
  const positions = new Map(laid.positions);
  for (const [id, other] of pairOf) {
    const centre = laid.positions.get(id);
    if (!centre) continue;
    const whole = pairSize(id);
    const own = sizeOf(id);
    const next = sizeOf(other);
    if (right) {
      positions.set(id, { x: centre.x, y: centre.y - whole.h / 2 + own.h / 2 });
      positions.set(other, { x: centre.x, y: centre.y + whole.h / 2 - next.h / 2 });
    } else {
      positions.set(id, { x: centre.x - whole.w / 2 + own.w / 2, y: centre.y });
      positions.set(other, { x: centre.x + whole.w / 2 - next.w / 2, y: centre.y });
    }
  }
  return { positions, bounds: laid.bounds, stacked: laid.stacked };
}

/**
 * Two-sided, left to right: every parent keeps its leaves in a column under it, in its own layer,
 * indented so the edges that run down its near side to each leaf pass clear of the leaves before
 * it (a chain then takes one layer per link, each about as tall as the next). What is left is split
 * at its first node with several children (the fork): the fork's subtrees shared between the two
 * sides by node count, each side laid out with the chain from the root to the fork, the first side
 * then mirrored. That chain lies the same in both (an only child sits level with its parent), so
 * the two sides meet on it.
 */
function twoSidedTree(
  rootId: string,
  edges: readonly { readonly source: string; readonly target: string }[],
  sizeOf: (id: string) => Size,
  options: TreeLayoutOptions,
): TreeLayout {
  const oneSided = { ...options, twoSided: false, pairLeaves: true };
  const { children } = spanningTree(rootId, edges);
  const isLeaf = (id: string) => (children.get(id)?.length ?? 0) === 0;
  /** Parent → the leaves in its column. */
  const columns = new Map<string, string[]>();
  for (const [id, list] of children) {
    const leaves = list.filter(isLeaf);
    // An only child is paired with its parent (besideParent) or follows it in the next layer.
    if (list.length >= 2 && leaves.length >= 1) columns.set(id, leaves);
  }
  const inColumn = new Set([...columns.values()].flat());
  const indent = options.columnIndent ?? 16;
  const columnGap = options.stackGap ?? 8;
  const columnSize = (id: string): Size => {
    const own = sizeOf(id);
    let { w, h } = own;
    for (const leaf of columns.get(id) ?? []) {
      const size = sizeOf(leaf);
      w = Math.max(w, indent + size.w);
      h += columnGap + size.h;
    }
    return { w, h };
  };
  const spread = (id: string) => (children.get(id) ?? []).filter((kid) => !inColumn.has(kid));
  let fork = rootId;
  while (spread(fork).length === 1) fork = spread(fork)[0];
  const kids = spread(fork);
  const subtreeOf = (top: string): string[] => {
    const ids: string[] = [];
    const visit = [top];
    while (visit.length > 0) {
      const id = visit.pop() as string;
      ids.push(id);
      visit.push(...(children.get(id) ?? []));
    }
    return ids;
  };
  // The first kids (in condition order) go left until that side holds about half the nodes past the fork.
  const subtrees = kids.map(subtreeOf);
  const past = subtrees.reduce((sum, ids) => sum + ids.length, 0);
  let split = 0;
  let taken = 0;
  while (split < kids.length - 1 && taken + subtrees[split].length / 2 < past / 2) taken += subtrees[split++].length;
  if (kids.length >= 2 && split === 0) split = 1;
  const leftIds = new Set(subtrees.slice(0, split).flat());
  const rightIds = new Set(subtrees.slice(split).flat());
  // Each side keeps the edges among its own nodes (a second edge into a node of the other side is not laid out by).
  const sideEdges = (keep: (id: string) => boolean) =>
    edges.filter((edge) => keep(edge.source) && keep(edge.target) && !inColumn.has(edge.target));
  const right = layoutTree(
    rootId,
    sideEdges((id) => !leftIds.has(id)),
    columnSize,
    oneSided,
  );
  const left = layoutTree(
    rootId,
    sideEdges((id) => !rightIds.has(id)),
    columnSize,
    oneSided,
  );
  for (const laid of [right, left])
    for (const [id, leaves] of columns) {
      const centre = laid.positions.get(id);
      if (!centre) continue;
      const whole = columnSize(id);
      const own = sizeOf(id);
      const x1 = centre.x - whole.w / 2;
      let y = centre.y - whole.h / 2;
      laid.positions.set(id, { x: x1 + own.w / 2, y: y + own.h / 2 });
      y += own.h + columnGap;
      for (const leaf of leaves) {
        const size = sizeOf(leaf);
        laid.positions.set(leaf, { x: x1 + indent + size.w / 2, y: y + size.h / 2 });
        y += size.h + columnGap;
      }
    }
  const root = right.positions.get(rootId) ?? { x: 0, y: 0 };
  const positions = new Map(right.positions);
  for (const id of leftIds) {
    const point = left.positions.get(id);
    if (point) positions.set(id, { x: 2 * root.x - point.x, y: point.y });
  }
  const bounds: Bounds = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const [id, point] of positions) {
    const { w, h } = sizeOf(id);
    bounds.x1 = Math.min(bounds.x1, point.x - w / 2);
    bounds.x2 = Math.max(bounds.x2, point.x + w / 2);
    bounds.y1 = Math.min(bounds.y1, point.y - h / 2);
    bounds.y2 = Math.max(bounds.y2, point.y + h / 2);
  }
  return { positions, bounds, stacked: new Map(), mirrored: leftIds, columned: inColumn };
}

function placeTree(
  rootId: string,
  edges: Iterable<{ readonly source: string; readonly target: string }>,
  sizeOf: (id: string) => Size,
  options: TreeLayoutOptions,
): TreeLayout {
  const gapAcross = options.gapX ?? 24;
  const gapAlong = options.gapY ?? 70;
  const right = options.direction === 'right';
  const margin = options.labelMargin ?? 8;
  // `across`: the axis siblings share; `along`: the axis from parent to child.
  const acrossOf = (size: Size) => (right ? size.h : size.w);
  const alongOf = (size: Size) => (right ? size.w : size.h);
  const { children, depth, order } = spanningTree(rootId, edges);
  const stackGap = options.stackGap ?? 8;
  const stackIndent = options.stackIndent ?? 20;
  const stackFrom = options.stackLeaves ?? Infinity;
  const stackBeside = options.stackBeside === true;
  const isLeaf = (id: string) => (children.get(id)?.length ?? 0) === 0;
  /** Parent → its stacked leaves. */
  const stacks = new Map<string, string[]>();
  const stacked = new Map<string, StackSide>();
  for (const id of order) {
    const kids = children.get(id) ?? [];
    const leaves = kids.filter(isLeaf);
    if (kids.length >= stackFrom && leaves.length >= 2) {
      stacks.set(id, leaves);
      for (const kid of leaves) stacked.set(kid, 'after');
    }
  }
  /** The layer a parent's stack starts in: the parent's own (beside it) or the next (under it). */
  const stackLayerOf = (parent: string) => (depth.get(parent) ?? 0) + (stackBeside ? 0 : 1);

  // Layer extents: each layer as deep as its deepest node; each gap as wide as its widest edge label.
  // A stack counts its first leaf only; the rest reach on into the layers after it (its contour says how far).
  const layerSize: number[] = [];
  const layerGap: number[] = [];
  for (const id of order) {
    const layer = depth.get(id) ?? 0;
    if (!stacked.has(id)) layerSize[layer] = Math.max(layerSize[layer] ?? 0, alongOf(sizeOf(id)));
    const label = layer > 0 ? options.edgeLabelOf?.(id) : undefined;
    if (label) layerGap[layer] = Math.max(layerGap[layer] ?? 0, alongOf(label) + 2 * margin);
  }
  for (const [parent, leaves] of stacks) {
    const layer = stackLayerOf(parent);
    layerSize[layer] = Math.max(layerSize[layer] ?? 0, alongOf(sizeOf(leaves[0])));
  }
  const layerCentre: number[] = [];
  const layerStart: number[] = [];
  let along = 0;
  for (let layer = 0; layer < layerSize.length; layer += 1) {
    if (layer > 0) along += Math.max(gapAlong, layerGap[layer] ?? 0);
    layerStart[layer] = along;
    layerCentre[layer] = along + layerSize[layer] / 2;
    along += layerSize[layer];
  }

  // Stacks: each leaf after the one before, from the start of the stack's layer.
  /** Stacked leaf → its centre along the tree. */
  const stackAlong = new Map<string, number>();
  /** Parent → how many layers its stack reaches into, and its width across. */
  const stackReach = new Map<string, { layers: number; across: number }>();
  for (const [parent, leaves] of stacks) {
    const layer = stackLayerOf(parent);
    let at = layerStart[layer];
    let across = 0;
    for (const leaf of leaves) {
      const size = sizeOf(leaf);
      stackAlong.set(leaf, at + alongOf(size) / 2);
      at += alongOf(size) + stackGap;
      across = Math.max(across, acrossOf(size));
    }
    const end = at - stackGap;
    let layers = 1;
    while (layer + layers < layerStart.length && layerStart[layer + layers] < end + gapAcross) layers += 1;
    stackReach.set(parent, { layers, across });
  }

  // Contours (Reingold–Tilford): each subtree keeps, per depth below its root, the lowest and
  // highest point it takes across the layers, relative to its root. Siblings are pushed apart only
  // as far as their contours need, so a leaf tucks in beside a deep neighbour instead of taking a
  // slot of its own: in O(n · depth), a tree a third to a half narrower than one slot per leaf.
  const post: string[] = [];
  const visit = [rootId];
  while (visit.length > 0) {
    const id = visit.pop() as string;
    post.push(id);
    for (const child of children.get(id) ?? []) visit.push(child);
  }
  const contours = new Map<string, { lo: number[]; hi: number[] }>();
  /** Offset of each node from its parent, across the layers. */
  const offset = new Map<string, number>();
  /** Parent → where its stack's near side is, from the parent's centre (negative: before it). */
  const stackStart = new Map<string, number>();
  for (let index = post.length - 1; index >= 0; index -= 1) {
    const id = post[index];
    const half = acrossOf(sizeOf(id)) / 2;
    const reach = stackReach.get(id);
    const spread = (children.get(id) ?? []).filter((kid) => !stacked.has(kid));
    // Relative to this node, index 0 its own layer.
    const lo: number[] = [-half];
    const hi: number[] = [half];
    if (spread.length > 0) {
      const kidsLo: number[] = [];
      const kidsHi: number[] = [];
      const at: number[] = [];
      spread.forEach((kid, position) => {
        const contour = contours.get(kid) as { lo: number[]; hi: number[] };
        contours.delete(kid);
        let shift = 0;
        if (position > 0) {
          shift = -Infinity;
          for (let level = 0; level < Math.min(kidsHi.length, contour.lo.length); level += 1)
            shift = Math.max(shift, kidsHi[level] - contour.lo[level] + gapAcross);
        }
        at.push(shift);
        for (let level = 0; level < contour.lo.length; level += 1) {
          kidsLo[level] = Math.min(kidsLo[level] ?? Infinity, contour.lo[level] + shift);
          kidsHi[level] = Math.max(kidsHi[level] ?? -Infinity, contour.hi[level] + shift);
        }
      });
      const centre = (at[0] + at[at.length - 1]) / 2;
      spread.forEach((kid, position) => offset.set(kid, at[position] - centre));
      kidsLo.forEach((value, level) => (lo[level + 1] = value - centre));
      kidsHi.forEach((value, level) => (hi[level + 1] = value - centre));
    }
    if (reach) {
      // The leaves stack past the parent's centre (beside it: past the parent itself), after or
      // before its other children, whichever side is nearer, clear of them at every layer they share.
      const first = stackBeside ? 0 : 1;
      let after = stackBeside ? half + gapAcross : stackIndent;
      let before = -after;
      for (let level = first; level < first + reach.layers; level += 1) {
        if (level === 0) continue;
        if (hi[level] !== undefined) after = Math.max(after, hi[level] + gapAcross);
        if (lo[level] !== undefined) before = Math.min(before, lo[level] - gapAcross);
      }
      const side: StackSide = options.stackBefore !== false && -before < after ? 'before' : 'after';
      const near = side === 'after' ? after : before;
      stackStart.set(id, near);
      for (const leaf of stacks.get(id) ?? []) stacked.set(leaf, side);
      const [from, to] = side === 'after' ? [near, near + reach.across] : [near - reach.across, near];
      for (let level = first; level < first + reach.layers; level += 1) {
        lo[level] = Math.min(lo[level] ?? Infinity, from);
        hi[level] = Math.max(hi[level] ?? -Infinity, to);
      }
    }
    contours.set(id, { lo, hi });
  }
  const across = new Map<string, number>([[rootId, 0]]);
  for (const id of post)
    for (const kid of children.get(id) ?? []) {
      const from = across.get(id) ?? 0;
      // A stacked leaf lines its near side up with the stack's trunk side.
      const side = stacked.get(kid);
      const near = from + (stackStart.get(id) ?? 0);
      const half = acrossOf(sizeOf(kid)) / 2;
      across.set(kid, side === 'after' ? near + half : side === 'before' ? near - half : from + (offset.get(kid) ?? 0));
    }

  const positions = new Map<string, Point>();
  const bounds: Bounds = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const id of order) {
    const a = across.get(id) ?? 0;
    const b = stackAlong.get(id) ?? layerCentre[depth.get(id) ?? 0];
    const point = right ? { x: b, y: a } : { x: a, y: b };
    positions.set(id, point);
    const { w, h } = sizeOf(id);
    bounds.x1 = Math.min(bounds.x1, point.x - w / 2);
    bounds.x2 = Math.max(bounds.x2, point.x + w / 2);
    bounds.y1 = Math.min(bounds.y1, point.y - h / 2);
    bounds.y2 = Math.max(bounds.y2, point.y + h / 2);
  }
  return { positions, bounds, stacked };
}

/** The zoom at which `bounds` fits a `width` × `height` view with `padding` around it. */
export function fitZoom(bounds: Bounds, width: number, height: number, padding = 30): number {
  const w = Math.max(1, bounds.x2 - bounds.x1);
  const h = Math.max(1, bounds.y2 - bounds.y1);
  return Math.min((width - 2 * padding) / w, (height - 2 * padding) / h);
}
