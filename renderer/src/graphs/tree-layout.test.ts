import { describe, expect, it } from 'vitest';
import { layoutTree } from './tree-layout';

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
