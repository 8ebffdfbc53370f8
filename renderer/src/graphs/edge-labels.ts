/**
 * Which edge labels (weight, certainty, impact) are drawn on the canvas: a label is drawn only where
 * its box clears every node and every label already placed; the rest appear on hover or focus, and
 * always in the side panel. Boxes are computed from the layout, where cytoscape puts a straight
 * edge's label: the middle of the segment between the two nodes' borders.
 */
import type { Point, Size } from './tree-layout';

export interface Box {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export function boxOf(centre: Point, size: Size, pad = 0): Box {
  return {
    x1: centre.x - size.w / 2 - pad,
    y1: centre.y - size.h / 2 - pad,
    x2: centre.x + size.w / 2 + pad,
    y2: centre.y + size.h / 2 + pad,
  };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
}

/** Where the line from `centre` towards `toward` leaves a `size` box centred on `centre`. */
function borderPoint(centre: Point, size: Size, toward: Point): Point {
  const dx = toward.x - centre.x;
  const dy = toward.y - centre.y;
  if (dx === 0 && dy === 0) return centre;
  const scale = Math.min(dx === 0 ? Infinity : size.w / 2 / Math.abs(dx), dy === 0 ? Infinity : size.h / 2 / Math.abs(dy));
  return { x: centre.x + dx * Math.min(1, scale), y: centre.y + dy * Math.min(1, scale) };
}

/** The midpoint of the visible part of a straight edge (cytoscape's label position). */
function edgeMidpoint(source: Point, sourceSize: Size, target: Point, targetSize: Size): Point {
  const from = borderPoint(source, sourceSize, target);
  const to = borderPoint(target, targetSize, source);
  return { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
}

/** A uniform grid of boxes, so each check looks at its neighbourhood only (thousands of nodes). */
class BoxGrid {
  private readonly cells = new Map<string, Box[]>();
  constructor(private readonly cell: number) {}

  private keys(box: Box): string[] {
    const keys: string[] = [];
    for (let x = Math.floor(box.x1 / this.cell); x <= Math.floor(box.x2 / this.cell); x += 1)
      for (let y = Math.floor(box.y1 / this.cell); y <= Math.floor(box.y2 / this.cell); y += 1) keys.push(`${x},${y}`);
    return keys;
  }

  add(box: Box): void {
    for (const key of this.keys(box)) {
      const list = this.cells.get(key);
      if (list) list.push(box);
      else this.cells.set(key, [box]);
    }
  }

  hits(box: Box): boolean {
    return this.keys(box).some((key) => (this.cells.get(key) ?? []).some((other) => overlaps(box, other)));
  }
}

interface LabelledEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
}

interface EdgeLabelPlacement {
  /** Edges whose label is drawn, with the box it takes. */
  readonly shown: Map<string, Box>;
  /** Edges whose label waits for hover, focus or the side panel. */
  readonly hidden: Set<string>;
}

/**
 * Greedy, in the given order (breadth first reads the top of the tree first): each label is kept
 * if its box, grown by `gap`, touches no node and no kept label.
 */
export function placeEdgeLabels(
  edges: Iterable<LabelledEdge>,
  positions: ReadonlyMap<string, Point>,
  sizeOf: (id: string) => Size,
  labelSizeOf: (edgeId: string) => Size | undefined,
  gap = 3,
): EdgeLabelPlacement {
  const grid = new BoxGrid(160);
  for (const [id, point] of positions) grid.add(boxOf(point, sizeOf(id)));
  const shown = new Map<string, Box>();
  const hidden = new Set<string>();
  for (const edge of edges) {
    const size = labelSizeOf(edge.id);
    const source = positions.get(edge.source);
    const target = positions.get(edge.target);
    if (!size || !source || !target) continue;
    const box = boxOf(edgeMidpoint(source, sizeOf(edge.source), target, sizeOf(edge.target)), size);
    if (grid.hits(boxOf({ x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 }, size, gap))) hidden.add(edge.id);
    else {
      shown.set(edge.id, box);
      grid.add(box);
    }
  }
  return { shown, hidden };
}
