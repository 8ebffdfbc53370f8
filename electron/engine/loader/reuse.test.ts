import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../model/types';
import { readSample, samplesPresent } from '../test-support/shared-samples';
import { loadMap, LoadReuse } from './index';
import { inlineMap } from './test-support/maps';

const declarations = [
  '<concept name="Person" type="string"/>',
  '<concept name="Amount" type="number"/>',
  '<rel name="has amount" subject="Person" object="Amount"/>',
  '<rel name="is large" subject="Person" object="Amount"/>',
];

/** A map whose rule's expressions are `expressions`, one condition each. */
function mapWith(...expressions: string[]): string {
  return inlineMap(
    ...declarations,
    '<relinst type="is large" subject="%S" object="%O">',
    '  <condition rel="has amount" subject="%S" object="%A"/>',
    ...expressions.map((expression) => `  <condition expression="${expression}" value="%O"/>`),
    '</relinst>',
  );
}

/** The first expression of the map's first rule. */
function firstExpression(result: LoadResult): unknown {
  const condition = result.map?.rules[0]?.conditions.find((candidate) => candidate.kind === 'expression');
  return condition?.kind === 'expression' ? condition.expression : undefined;
}

describe('loading with the previous load reused (the editor after each edit)', () => {
  it('gives exactly what a fresh load gives, edit after edit', () => {
    const edits = [
      mapWith('%A + 1 * 2', "countRelationshipInstances(%S, 'has debts', *)"),
      // An expression broken, then one calling an unknown function, then both repaired.
      mapWith('%A + (1 * 2', "countRelationshipInstances(%S, 'has debts', *)"),
      mapWith('%A + (1 * 2)', "countRelationshipInstance(%S, 'has debts', *)"),
      mapWith('%A + (1 * 2)', "countRelationshipInstances(%S, 'has amount', *)"),
      mapWith('%A + (1 * 2)', "countRelationshipInstances(%S, 'has amount', *)"),
      mapWith('%A + 1 * 2', "countRelationshipInstances(%S, 'has debts', *)"),
    ];
    const reuse = new LoadReuse();
    for (const text of edits) {
      const fresh = loadMap(text);
      const reused = loadMap(text, { reuse });
      expect(reused.diagnostics).toEqual(fresh.diagnostics);
      expect(reused.map).toEqual(fresh.map);
      expect(reused.ok).toBe(fresh.ok);
    }
    // The reports move with the edits, so the comparison above compared something.
    const first = loadMap(edits[0]).diagnostics.map((diagnostic) => diagnostic.code);
    expect(first).toContain('expression/left-to-right');
    expect(first).toContain('name/undeclared-relationship');
    expect(loadMap(edits[1]).diagnostics.map((diagnostic) => diagnostic.code)).toContain('expression/syntax');
    expect(loadMap(edits[2]).diagnostics.map((diagnostic) => diagnostic.code)).toContain('expression/function');
  });

  it('reuses the expressions of the text before the edit, and only with a LoadReuse', () => {
    const before = mapWith('%A * 2', '%A + 3');
    const after = mapWith('%A * 2', '%A + 4');
    const reuse = new LoadReuse();
    const first = loadMap(before, { reuse });
    const second = loadMap(after, { reuse });
    expect(firstExpression(second)).toBe(firstExpression(first));
    expect(firstExpression(loadMap(after))).not.toBe(firstExpression(first));
    expect(firstExpression(loadMap(after))).toEqual(firstExpression(first));
  });

  it.runIf(samplesPresent)('gives what a fresh load gives after one-line edits of the largest sample', () => {
    const lines = readSample('large/gcs--meridian-medicaid-medicare-eligibility.xml').split('\n');
    const reuse = new LoadReuse();
    loadMap(lines.join('\n'), { reuse });
    const expressionLines = lines.flatMap((line, index) => (line.includes('expression="') ? [index] : [])).slice(0, 40);
    for (const index of expressionLines.filter((_, i) => i % 8 === 0)) {
      const copy = [...lines];
      // Each edit changes one expression's text, as typing would.
      copy[index] = copy[index].replace('expression="', 'expression="1 = 1 and ');
      const text = copy.join('\n');
      const fresh = loadMap(text);
      const reused = loadMap(text, { reuse });
      expect(reused.diagnostics).toEqual(fresh.diagnostics);
      expect(reused.map).toEqual(fresh.map);
    }
  });
});
