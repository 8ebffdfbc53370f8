import { describe, expect, it } from 'vitest';
import { formatJsonPath, locateJsonPath, parseJsonText } from './json-text';

describe('JSON text with places', () => {
  it('formats JSON paths', () => {
    expect(formatJsonPath([])).toBe('$');
    expect(formatJsonPath(['steps', 2, 'then', 'odd key'])).toBe('$.steps[2].then["odd key"]');
  });

  it('places syntax errors Node does not place', () => {
    const parsed = parseJsonText('{\n  "a": 1,\n  "b": }\n');
    expect(parsed).toMatchObject({ ok: false, place: { line: 3, column: 8 } });
    expect(parseJsonText('[1, 2')).toMatchObject({ ok: false, place: { line: 1 } });
    expect(parseJsonText('"open')).toMatchObject({ ok: false, message: 'unterminated string' });
  });

  it('accepts a byte-order mark', () => {
    expect(parseJsonText('\uFEFF{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
  });

  it('finds where the value at a path starts, or its nearest parent', () => {
    const text = '{\n  "steps": [\n    {"then": {"type": "Query"}},\n    {"then": {"type": 3}}\n  ]\n}';
    expect(locateJsonPath(text, ['steps', 1, 'then', 'type'])).toEqual({ line: 4, column: 23 });
    expect(locateJsonPath(text, ['steps', 1, 'then', 'missing'])).toEqual({ line: 4, column: 14 });
  });
});
