import { describe, expect, it } from 'vitest';
import { value } from '../test-support/harness';

describe('includes / startsWith / endsWith', () => {
  it('are case-sensitive', () => {
    expect(value("includes(%T, 'Fire')", { T: 'House Fire damage' })).toBe(true);
    expect(value("includes(%T, 'fire')", { T: 'House Fire damage' })).toBe(false);
    expect(value("startsWith(%P, 'SW1')", { P: 'SW1A 1AA' })).toBe(true);
    expect(value("startsWith(%P, 'sw1')", { P: 'SW1A 1AA' })).toBe(false);
    expect(value("endsWith(%P, '1AA')", { P: 'SW1A 1AA' })).toBe(true);
    expect(value("endsWith(%P, '1aa')", { P: 'SW1A 1AA' })).toBe(false);
  });

  it('are whitespace-sensitive', () => {
    expect(value("startsWith(%P, ' SW1')", { P: 'SW1A' })).toBe(false);
    expect(value("endsWith(%P, 'A')", { P: 'SW1A ' })).toBe(false);
  });

  it('render non-strings as in concatenation', () => {
    expect(value("startsWith(%N, '12')", { N: 123 })).toBe(true);
    expect(value('includes(%N, 2.5)', { N: 'v2.5' })).toBe(true);
  });

  it('are false when the subject is null', () => {
    expect(value("includes(%M, 'null')", { M: null })).toBe(false);
  });

  it('accept the negation idiom = false', () => {
    expect(value("includes(%T, 'x') = false", { T: 'abc' })).toBe(true);
  });
});
