import { describe, expect, it } from 'vitest';
import { asResult, rbl, rows, sessionOf, value } from '../test-support/harness';

/** r1(a, b) as a fact, and r<k+1>(S, O) :- r<k>(S, O) up to r<depth>. */
function chainMap(depth: number): string {
  const lines = ['<concept name="Node" type="string"/>', '<concinst name="a" type="Node"/>', '<concinst name="b" type="Node"/>'];
  for (let k = 1; k <= depth; k++) lines.push(`<rel name="r${k}" subject="Node" object="Node" plural="true" askable="none"/>`);
  lines.push('<relinst type="r1" subject="a" object="b" cf="100"/>');
  for (let k = 1; k < depth; k++) {
    lines.push(`<relinst type="r${k + 1}" subject="%S" object="%O" cf="100"><condition rel="r${k}" subject="%S" object="%O"/></relinst>`);
  }
  return rbl(lines.join('\n'));
}

/**
 * A list of `length` nodes n0 -> n1 -> ..., whose last node leads back to the first (a cycle through
 * every node), with an exit to `end` from the node at `exitAt` (none when negative). A node reaches
 * the end when one of its successors does.
 */
function ringMap(length: number, exitAt: number): string {
  const lines = [
    '<concept name="Node" type="string"/>',
    '<concept name="Answer" type="string"/>',
    '<concinst name="yes" type="Answer"/>',
    '<concinst name="end" type="Node"/>',
    '<rel name="next" subject="Node" object="Node" plural="true" askable="none"/>',
    '<rel name="reaches end" subject="Node" object="Answer" askable="none"/>',
    '<relinst type="reaches end" subject="end" object="yes" cf="100"/>',
    '<relinst type="reaches end" subject="%S" object="yes" cf="100"><condition rel="next" subject="%S" object="%X"/><condition rel="reaches end" subject="%X" object="yes"/></relinst>',
  ];
  for (let i = 0; i < length; i++) lines.push(`<concinst name="n${i}" type="Node"/>`);
  for (let i = 0; i < length; i++) lines.push(`<relinst type="next" subject="n${i}" object="n${(i + 1) % length}" cf="100"/>`);
  if (exitAt >= 0) lines.push(`<relinst type="next" subject="n${exitAt}" object="end" cf="100"/>`);
  return rbl(lines.join('\n'));
}

describe('the explicit machine: depth is bounded by memory, not by the JavaScript stack', () => {
  it('answers a 10,000-deep rule chain in one query, with evidence for every link', async () => {
    const depth = 10_000;
    const session = sessionOf(chainMap(depth));
    const result = asResult(value(await session.query({ subject: 'a', relationship: `r${depth}` })));
    expect(result.result.map((entry) => [entry.subject, entry.object, entry.certainty])).toEqual([['a', 'b', 100]]);
    // Walk the evidence from r<depth> down to the fact r1(a, b), one record per rule of the chain.
    let factID = result.result[0].factID;
    let links = 0;
    for (;;) {
      const evidence = session.evidence(factID);
      if (!evidence) throw new Error(`no evidence for ${factID} after ${links} links`);
      if (!evidence.rule) {
        expect(evidence.source).toBe('knowledgemap');
        expect(evidence.fact.relationship.type).toBe('r1');
        break;
      }
      expect(evidence.fact.relationship.type).toBe(`r${depth - links}`);
      const condition = evidence.rule.conditions[0];
      if (!('factID' in condition)) throw new Error('a chain link should be met by a relationship fact');
      factID = condition.factID;
      links++;
    }
    expect(links).toBe(depth - 1);
  });

  it('solves a 10,000-node cycle of recursive goals to its fixpoint', async () => {
    const length = 10_000;
    const session = sessionOf(ringMap(length, length / 2));
    expect(rows(value(await session.query({ subject: 'n0', relationship: 'reaches end' })))).toEqual([['n0', 'yes', 100]]);
    // Behind the exit: through the cycle and back round to it.
    expect(rows(value(await session.query({ subject: `n${length - 1}`, relationship: 'reaches end' })))).toEqual([
      [`n${length - 1}`, 'yes', 100],
    ]);
  });

  it('ends a 10,000-node cycle with no way out with no answer', async () => {
    const session = sessionOf(ringMap(10_000, -1));
    expect(rows(value(await session.query({ subject: 'n0', relationship: 'reaches end' })))).toEqual([]);
  });
});
