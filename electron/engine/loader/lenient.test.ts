import { describe, expect, it } from 'vitest';
import { loadMap } from './index';
import { loadFixture, loadInline, mapOf } from './test-support/maps';

describe('lenient XML (fixtures/lenient-xml.rbl)', () => {
  const result = loadFixture('lenient-xml.rbl');
  const map = mapOf(result);

  it('accepts bare ampersands and -- in comments without any diagnostic', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('keeps bare ampersands literally and decodes entities and character references', () => {
    expect([...map.concepts.keys()]).toEqual(['R&D Team', 'Code', 'Count']);
    expect([...(map.instances.get('R&D Team')?.keys() ?? [])]).toEqual(['Q&A']);
    expect(map.facts[0]).toMatchObject({ subject: 'Q&A', object: "O'Neil & Co!" });
    expect(map.rules[0].alt).toBe('R&D & friends: {{%CODE}}');
  });

  it('keeps regular-expression backslashes verbatim', () => {
    const condition = map.rules[0].conditions[1];
    expect(condition.kind === 'expression' && condition.expression.text).toBe("regexCount(%CODE, '/[\\s-]+\\w*/i')");
  });
});

describe('names resolve after the whole document is read (fixtures/out-of-order.rbl)', () => {
  it('loads a map whose rules and facts come before the declarations they use', () => {
    const result = loadFixture('out-of-order.rbl');
    expect(result.diagnostics).toEqual([]);
    const map = mapOf(result);
    expect(map.rules[0].conditions.map((c) => c.kind === 'relationship' && c.relationship)).toEqual(['lives in', 'national language']);
    expect(map.facts).toMatchObject([{ relationship: 'national language', subject: 'Wales', object: 'Welsh' }]);
    expect(map.relationships.get('speaks')?.subject).toBe('Person');
  });
});

describe('columns after a bare ampersand', () => {
  it('point at the original text, not at the escaped copy', () => {
    const line = '<concept name="R&D" colour="x" type="string"/>';
    const result = loadInline(line);
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toMatchObject([
      { line: 3, column: line.indexOf('colour') + 1, code: 'attribute/unknown' },
    ]);
  });
});

describe('an unprefixed or foreign root', () => {
  it('warns about the root and reads the content anyway', () => {
    const result = loadInlineRoot('<kb>\n<concept name="A" type="string"/>\n</kb>');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['structure/root-name']);
    expect(mapOf(result).concepts.has('A')).toBe(true);
  });

  it('warns about a missing or wrong namespace', () => {
    expect(loadInlineRoot('<rbl:kb xmlns:rbl="http://example.com/x"></rbl:kb>').diagnostics.map((d) => d.code)).toEqual([
      'structure/namespace',
    ]);
    expect(loadInlineRoot('<rbl:kb></rbl:kb>').diagnostics.map((d) => d.code)).toEqual(['structure/namespace']);
    expect(loadInlineRoot('<map><concept name="A" type="string"/></map>').diagnostics.map((d) => d.code)).toEqual(['structure/root-name']);
  });

  it('gives no map when there is no root element', () => {
    const result = loadInlineRoot('<?xml version="1.0"?>');
    expect(result.map).toBeUndefined();
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['xml/no-root']);
  });
});

/** Load a whole document (no wrapping root); notes (infos) are left out. */
function loadInlineRoot(xml: string) {
  const result = loadMap(xml);
  return { ...result, diagnostics: result.diagnostics.filter((d) => d.severity !== 'info') };
}
