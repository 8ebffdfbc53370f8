import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_LIMITS, loadMap } from './index';
import { inlineMap } from './test-support/maps';

describe('load limits', () => {
  it('an element with more attributes than the limit is refused at the first attribute over it', () => {
    const attributes = Array.from({ length: DEFAULT_LOAD_LIMITS.attributesPerElement + 50 }, (_, i) => `a${i}="v"`);
    const text = inlineMap(`<concept name="x" type="string"/>`, `<concept ${attributes.join(' ')}/>`);
    const result = loadMap(text);
    expect(result.map).toBeUndefined();
    expect(result.ok).toBe(false);
    const limit = result.diagnostics.filter((d) => d.code === 'limit/attributes');
    expect(limit).toHaveLength(1);
    const over = text.split('\n')[3].indexOf(` a${DEFAULT_LOAD_LIMITS.attributesPerElement}=`) + 2;
    expect(limit[0]).toMatchObject({ severity: 'error', line: 4, column: over });
    expect(limit[0].message).toContain(`more than ${DEFAULT_LOAD_LIMITS.attributesPerElement} attributes`);
    // Reading stopped there: nothing after it is reported.
    expect(result.diagnostics.filter((d) => d.code === 'attribute/unknown').length).toBeLessThanOrEqual(
      DEFAULT_LOAD_LIMITS.attributesPerElement,
    );
  });

  it('nesting deeper than the limit is refused at the element that crosses it', () => {
    const depth = DEFAULT_LOAD_LIMITS.depth;
    const text = inlineMap(...Array.from({ length: depth + 10 }, () => '<concept>'));
    const result = loadMap(text);
    expect(result.map).toBeUndefined();
    const limit = result.diagnostics.filter((d) => d.code === 'limit/depth');
    expect(limit).toHaveLength(1);
    // The root is line 2 at depth 1, so the element at depth + 1 is on line depth + 2.
    expect(limit[0]).toMatchObject({ severity: 'error', line: depth + 2, column: 1 });
    // No flood of "never closed" errors for the elements left open.
    expect(result.diagnostics.some((d) => d.code === 'xml/unclosed-element')).toBe(false);
  });

  it('20,000 mismatched closing tags stop at the depth limit with one error per tag up to it', () => {
    const result = loadMap(inlineMap(...Array.from({ length: 20_000 }, () => '<concept></rel>')));
    expect(result.map).toBeUndefined();
    expect(result.diagnostics.filter((d) => d.code === 'limit/depth')).toHaveLength(1);
    expect(result.diagnostics.length).toBeLessThan(2 * DEFAULT_LOAD_LIMITS.depth + 5);
  });

  it('more elements than the limit are refused at the first one over it', () => {
    const text = inlineMap(...Array.from({ length: 30 }, (_, i) => `<concept name="c${i}" type="string"/>`));
    const result = loadMap(text, { limits: { elements: 20 } });
    expect(result.map).toBeUndefined();
    const limit = result.diagnostics.filter((d) => d.code === 'limit/elements');
    expect(limit).toHaveLength(1);
    // The root is element 1, so element 21 is the 20th concept, on line 22.
    expect(limit[0]).toMatchObject({ severity: 'error', line: 22, column: 1 });
  });

  it('a map inside every limit loads as before', () => {
    const result = loadMap(inlineMap('<concept name="Person" type="string"/>'), {
      limits: { elements: 2, depth: 2, attributesPerElement: 2 },
    });
    expect(result.map?.concepts.size ?? result.map).toBeTruthy();
    expect(result.diagnostics.filter((d) => d.code.startsWith('limit/'))).toEqual([]);
  });
});
