import { describe, expect, it } from 'vitest';
import { layoutTree } from './tree-layout';
import { boxOf, overlaps } from './edge-labels';

const size = () => ({ w: 100, h: 40 });

describe('layoutTree', () => {
  it('centres parents over their children, in edge order, one row per depth', () => {
    const { positions } = layoutTree(
      'r',
      [
        { source: 'r', target: 'a' },
        { source: 'r', target: 'b' },
        { source: 'a', target: 'a1' },
        { source: 'a', target: 'a2' },
      ],
      size,
      { gapX: 20, gapY: 60 },
    );
    const a1 = positions.get('a1')!;
    const a2 = positions.get('a2')!;
    const a = positions.get('a')!;
    const b = positions.get('b')!;
    expect(a1.x).toBeLessThan(a2.x);
    expect(a.x).toBe((a1.x + a2.x) / 2);
    expect(a2.x).toBeLessThan(b.x);
    expect(positions.get('r')!.x).toBe((a.x + b.x) / 2);
    expect(positions.get('r')!.y).toBeLessThan(a.y);
    expect(a.y).toBe(b.y);
    expect(a1.y - a.y).toBe(100);
  });

  it('never overlaps nodes of a row', () => {
    const edges = [];
    for (let index = 0; index < 50; index += 1) edges.push({ source: `p${index % 5}`, target: `c${index}` });
    for (let index = 0; index < 5; index += 1) edges.push({ source: 'r', target: `p${index}` });
    const { positions } = layoutTree('r', edges, (id) => ({ w: id.startsWith('p') ? 400 : 60, h: 30 }));
    const rows = new Map<number, { x: number; w: number }[]>();
    for (const [id, point] of positions) {
      const list = rows.get(point.y) ?? [];
      list.push({ x: point.x, w: id.startsWith('p') ? 400 : 60 });
      rows.set(point.y, list);
    }
    for (const row of rows.values()) {
      row.sort((a, b) => a.x - b.x);
      for (let index = 1; index < row.length; index += 1)
        expect(row[index].x - row[index - 1].x).toBeGreaterThanOrEqual((row[index].w + row[index - 1].w) / 2);
    }
  });

  it('places a node reached twice once, under its first parent, and survives cycles', () => {
    const { positions } = layoutTree(
      'r',
      [
        { source: 'r', target: 'a' },
        { source: 'r', target: 'b' },
        { source: 'a', target: 'shared' },
        { source: 'b', target: 'shared' },
        { source: 'shared', target: 'r' },
      ],
      size,
    );
    expect(positions.size).toBe(4);
    expect(positions.get('shared')!.x).toBe(positions.get('a')!.x);
  });

  // Its speed is `npm run bench -- graphs`'s business; here, that a large tree is placed whole.
  it('places every node of a 2,000-node tree', () => {
    const edges = [];
    for (let index = 1; index < 2000; index += 1) edges.push({ source: `n${Math.floor((index - 1) / 3)}`, target: `n${index}` });
    const { positions, bounds } = layoutTree('n0', edges, size);
    expect(positions.size).toBe(2000);
    expect(bounds.x2).toBeGreaterThan(bounds.x1);
  });

  it('left to right: layers become columns, siblings stack by their heights', () => {
    const edges = [
      { source: 'r', target: 'a' },
      { source: 'r', target: 'b' },
    ];
    const { positions } = layoutTree('r', edges, (id) => (id === 'a' ? { w: 100, h: 60 } : { w: 100, h: 40 }), {
      direction: 'right',
      gapX: 10,
      gapY: 50,
    });
    const [r, a, b] = ['r', 'a', 'b'].map((id) => positions.get(id)!);
    expect(a.x).toBe(b.x);
    expect(a.x - r.x).toBe(150);
    expect(b.y - a.y).toBe(30 + 10 + 20);
    expect(r.y).toBe((a.y + b.y) / 2);
  });

  it('tucks a leaf in beside a deep neighbour rather than giving it a slot of its own', () => {
    // r has a deep child `a` (with two children) and a leaf `b`: `b` only meets `a`'s layer.
    const edges = [
      { source: 'r', target: 'a' },
      { source: 'r', target: 'b' },
      { source: 'a', target: 'a1' },
      { source: 'a', target: 'a2' },
    ];
    const { positions } = layoutTree('r', edges, size, { gapX: 20 });
    expect(positions.get('b')!.x - positions.get('a')!.x).toBe(120);
    expect(positions.get('b')!.x).toBeLessThan(positions.get('a2')!.x + 120);
  });

  it('widens the gap before a layer to hold the edge labels into it', () => {
    const edges = [{ source: 'r', target: 'a' }];
    const plain = layoutTree('r', edges, size, { direction: 'right', gapY: 40 });
    const labelled = layoutTree('r', edges, size, {
      direction: 'right',
      gapY: 40,
      edgeLabelOf: () => ({ w: 150, h: 14 }),
      labelMargin: 8,
    });
    expect(plain.positions.get('a')!.x - plain.positions.get('r')!.x).toBe(140);
    expect(labelled.positions.get('a')!.x - labelled.positions.get('r')!.x).toBe(100 + 166);
  });
});

describe('layoutTree, two-sided', () => {
  /** Two chains under a fork, each rule with leaves of its own, sizes varied as labels' are. */
  function chains() {
    const edges: { source: string; target: string }[] = [
      { source: 'root', target: 'fork' },
      { source: 'fork', target: 'note' },
    ];
    for (const chain of ['a', 'b']) {
      edges.push({ source: 'fork', target: `${chain}0` });
      for (let level = 0; level < 4; level += 1) {
        const fact = `${chain}${level}`;
        edges.push({ source: fact, target: `${fact}r` });
        if (level < 3) edges.push({ source: `${fact}r`, target: `${chain}${level + 1}` });
        for (let leaf = 0; leaf < 5; leaf += 1) edges.push({ source: `${fact}r`, target: `${fact}l${leaf}` });
      }
    }
    const sizeOf = (id: string) => ({ w: 90 + ((id.length * 17) % 50), h: 40 + ((id.charCodeAt(id.length - 1) * 7) % 30) });
    const ids = new Set(['root', ...edges.map((edge) => edge.target)]);
    const layout = layoutTree('root', edges, sizeOf, {
      direction: 'right',
      twoSided: true,
      gapX: 8,
      gapY: 12,
      stackGap: 4,
      columnIndent: 12,
      besideGap: 4,
      besideParent: (id) => id.endsWith('r'),
    });
    return { edges, sizeOf, ids, layout };
  }

  it('places every node once, none overlapping another, all within the bounds', () => {
    const { sizeOf, ids, layout } = chains();
    expect(new Set(layout.positions.keys())).toEqual(ids);
    const boxes = [...layout.positions].map(([id, point]) => ({ id, box: boxOf(point, sizeOf(id)) }));
    for (let index = 0; index < boxes.length; index += 1) {
      const { id, box } = boxes[index];
      expect(box.x1, id).toBeGreaterThanOrEqual(layout.bounds.x1);
      expect(box.x2, id).toBeLessThanOrEqual(layout.bounds.x2);
      expect(box.y1, id).toBeGreaterThanOrEqual(layout.bounds.y1);
      expect(box.y2, id).toBeLessThanOrEqual(layout.bounds.y2);
      for (const other of boxes.slice(index + 1)) expect(overlaps(box, other.box), `${id} / ${other.id}`).toBe(false);
    }
  });

  it('grows one chain to the right of the root and the other to the left, one layer per link', () => {
    const { layout } = chains();
    const at = (id: string) => layout.positions.get(id)!;
    const root = at('root').x;
    for (let level = 0; level < 4; level += 1) {
      expect(at(`b${level}`).x).toBeGreaterThan(root);
      expect(at(`a${level}`).x).toBeLessThan(root);
      if (level > 0) {
        expect(at(`b${level}`).x).toBeGreaterThan(at(`b${level - 1}`).x);
        expect(at(`a${level}`).x).toBeLessThan(at(`a${level - 1}`).x);
      }
    }
    expect(layout.mirrored?.has('a2l3')).toBe(true);
    expect(layout.mirrored?.has('b2l3')).toBe(false);
  });

  it("keeps a parent's leaves in a column under it, indented, their edges clear of every other node", () => {
    const { edges, sizeOf, layout } = chains();
    const at = (id: string) => layout.positions.get(id)!;
    for (const chain of ['a', 'b'])
      for (let level = 0; level < 4; level += 1) {
        const rule = `${chain}${level}r`;
        const ruleBox = boxOf(at(rule), sizeOf(rule));
        const mirrored = chain === 'a';
        let above = ruleBox.y2;
        for (let leaf = 0; leaf < 5; leaf += 1) {
          const id = `${chain}${level}l${leaf}`;
          expect(layout.columned?.has(id)).toBe(true);
          const box = boxOf(at(id), sizeOf(id));
          expect(box.y1).toBeGreaterThan(above);
          above = box.y2;
          // Indented from the rule's near side, so the edge down that side meets the leaf's.
          if (mirrored) expect(box.x2).toBeCloseTo(ruleBox.x2 - 12);
          else expect(box.x1).toBeCloseTo(ruleBox.x1 + 12);
        }
      }
    // Each column edge runs from low on the parent's near side to the leaf's near side (evidence-style.ts).
    const boxes = [...layout.positions].map(([id, point]) => ({ id, box: boxOf(point, sizeOf(id)) }));
    for (const { source, target } of edges) {
      if (!layout.columned?.has(target)) continue;
      const side = layout.mirrored?.has(target) ? 1 : -1;
      const from = at(source);
      const to = at(target);
      const start = { x: from.x + (side * sizeOf(source).w) / 2, y: from.y + 0.4 * sizeOf(source).h };
      const end = { x: to.x + (side * sizeOf(target).w) / 2, y: to.y };
      for (let step = 1; step < 50; step += 1) {
        const x = start.x + ((end.x - start.x) * step) / 50;
        const y = start.y + ((end.y - start.y) * step) / 50;
        for (const { id, box } of boxes)
          if (id !== source && id !== target)
            expect(x > box.x1 && x < box.x2 && y > box.y1 && y < box.y2, `${source} → ${target} crosses ${id}`).toBe(false);
      }
    }
  });
});
