/**
 * A layered layout for map graphs in O(V + E log V): one row per level, each row ordered by the
 * mean x of its already placed neighbours (one barycentre pass, top down), rows too long for the
 * view wrapped into several. Computed from sizes we already know, so cytoscape only draws: dagre
 * takes minutes on maps with hundreds of rules and cross edges (see the stack notes), this takes
 * milliseconds.
 */
import type { Point, Size, TreeLayout } from './tree-layout';

interface LayeredLayoutOptions {
  readonly gapX?: number;
  readonly gapY?: number;
  /** Most nodes in one row before it wraps (default grows with the square root of the node count). */
  readonly maxPerRow?: number;
}

export function layoutLayers(
  levels: ReadonlyMap<string, number>,
  edges: Iterable<{ readonly source: string; readonly target: string }>,
  sizeOf: (id: string) => Size,
  options: LayeredLayoutOptions = {},
): TreeLayout {
  const gapX = options.gapX ?? 24;
  const gapY = options.gapY ?? 60;
  const maxPerRow = options.maxPerRow ?? Math.max(8, Math.ceil(Math.sqrt(levels.size) * 1.5));
  const neighbours = new Map<string, string[]>();
  const link = (from: string, to: string) => {
    const list = neighbours.get(from);
    if (list) list.push(to);
    else neighbours.set(from, [to]);
  };
  for (const edge of edges) {
    link(edge.source, edge.target);
    link(edge.target, edge.source);
  }

  const rows = new Map<number, string[]>();
  for (const [id, level] of levels) {
    const row = rows.get(level);
    if (row) row.push(id);
    else rows.set(level, [id]);
  }

  const positions = new Map<string, Point>();
  const bounds = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  let y = 0;
  for (const level of [...rows.keys()].sort((a, b) => a - b)) {
    const ids = rows.get(level) as string[];
    // Barycentre of placed neighbours; nodes with none keep their given order after the others.
    const keyed = ids.map((id, index) => {
      const xs = (neighbours.get(id) ?? []).flatMap((other) => {
        const point = positions.get(other);
        return point ? [point.x] : [];
      });
      return { id, index, key: xs.length > 0 ? xs.reduce((sum, x) => sum + x, 0) / xs.length : Infinity };
    });
    keyed.sort((a, b) => a.key - b.key || a.index - b.index);
    for (let start = 0; start < keyed.length; start += maxPerRow) {
      const chunk = keyed.slice(start, start + maxPerRow);
      const sizes = chunk.map(({ id }) => sizeOf(id));
      const width = sizes.reduce((sum, size) => sum + size.w, 0) + gapX * (chunk.length - 1);
      const height = Math.max(...sizes.map((size) => size.h));
      let x = -width / 2;
      chunk.forEach(({ id }, index) => {
        const { w, h } = sizes[index];
        const point = { x: x + w / 2, y: y + height / 2 };
        positions.set(id, point);
        bounds.x1 = Math.min(bounds.x1, point.x - w / 2);
        bounds.x2 = Math.max(bounds.x2, point.x + w / 2);
        bounds.y1 = Math.min(bounds.y1, point.y - h / 2);
        bounds.y2 = Math.max(bounds.y2, point.y + h / 2);
        x += w + gapX;
      });
      y += height + gapY;
    }
  }
  return { positions, bounds, stacked: new Map() };
}
