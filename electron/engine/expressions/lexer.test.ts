import { describe, expect, it } from 'vitest';
import { ExpressionSyntaxError, Lexer } from './lexer';
import type { Token } from './lexer';
import { ms } from './test-support/harness';

function tokens(text: string): Token[] {
  const lexer = new Lexer(text);
  const out: Token[] = [];
  for (let t = lexer.next(); t.kind !== 'end'; t = lexer.next()) out.push(t);
  return out;
}

function lexError(text: string): { message: string; offset: number } {
  try {
    tokens(text);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return { message: error.message, offset: error.offset };
    throw error;
  }
  throw new Error(`no error for ${text}`);
}

describe('lexer: comparison operators', () => {
  const aliases: [string, string][] = [
    ['=', '='],
    ['==', '='],
    ['equals', '='],
    ['is equal to', '='],
    ['!=', '!='],
    ['<>', '!='],
    ['does not equal', '!='],
    ['is not equal to', '!='],
    ['>', '>'],
    ['gt', '>'],
    ['greater than', '>'],
    ['is greater than', '>'],
    ['>=', '>='],
    ['gte', '>='],
    ['greater than or equal to', '>='],
    ['is greater than or equal to', '>='],
    ['<', '<'],
    ['lt', '<'],
    ['less than', '<'],
    ['is less than', '<'],
    ['<=', '<='],
    ['lte', '<='],
    ['less than or equal to', '<='],
    ['is less than or equal to', '<='],
  ];
  it.each(aliases)('reads %j as %s (one token spanning the whole alias)', (alias, op) => {
    const text = `%A ${alias} 1`;
    const [, cmp, one] = tokens(text);
    expect(cmp).toMatchObject({ kind: 'compare', op, start: 3, end: 3 + alias.length });
    expect(one).toMatchObject({ kind: 'number', value: 1 });
  });

  it('matches word operators case-insensitively and across any whitespace', () => {
    expect(tokens('%A IS  Greater\tThan OR EQUAL to 2')[1]).toMatchObject({ kind: 'compare', op: '>=' });
    expect(tokens('%A GTE 2')[1]).toMatchObject({ kind: 'compare', op: '>=' });
  });

  it('needs whole words: isSubset and gteX are not operators', () => {
    expect(tokens('isSubset(')[0]).toMatchObject({ kind: 'word', word: 'isSubset' });
    expect(tokens('gteX')[0]).toMatchObject({ kind: 'word', word: 'gteX' });
    // "is" without a full phrase after it is just a word (the parser rejects it)
    expect(tokens('%A is 3')[1]).toMatchObject({ kind: 'word', word: 'is' });
  });

  it('reads and/or/true/false case-insensitively', () => {
    expect(tokens('AND Or TRUE false').map((t) => t.kind)).toEqual(['logic', 'logic', 'truth', 'truth']);
    expect(tokens('TRUE')[0]).toMatchObject({ value: true });
  });
});

describe('lexer: literals', () => {
  it('reads integers, decimals and exponents', () => {
    expect(tokens('18 2.5 .5 1e3').map((t) => (t.kind === 'number' ? t.value : null))).toEqual([18, 2.5, 0.5, 1000]);
  });

  it('rejects numbers glued to letters', () => {
    expect(lexError('5abc')).toEqual({ message: 'Malformed number', offset: 0 });
  });

  it("reads single-quoted strings; only \\' is an escape, other backslashes are kept for regexes", () => {
    expect(tokens("'it\\'s'")[0]).toMatchObject({ kind: 'string', value: "it's" });
    expect(tokens("'/\\bAUD\\b/i'")[0]).toMatchObject({ kind: 'string', value: '/\\bAUD\\b/i' });
  });

  it('reports an unterminated string at its opening quote', () => {
    expect(lexError("includes(%PC, 'SW1)")).toEqual({ message: 'Unbalanced single quote in expression', offset: 14 });
  });

  it('reads ISO date literals as epoch ms UTC, with optional time', () => {
    expect(tokens('1990-01-01')[0]).toMatchObject({ kind: 'date', value: 631152000000, start: 0, end: 10 });
    expect(tokens('2026-07-01T10:30Z')[0]).toMatchObject({ kind: 'date', value: ms('2026-07-01T10:30:00Z') });
  });

  it('rejects impossible date literals', () => {
    expect(lexError('%D = 2023-02-29')).toEqual({ message: "Invalid date literal '2023-02-29'", offset: 5 });
  });

  it('keeps spaced subtraction of numbers as arithmetic, not a date', () => {
    expect(tokens('2020 - 01 - 01').map((t) => t.kind)).toEqual(['number', 'symbol', 'number', 'symbol', 'number']);
  });
});

describe('lexer: variables and symbols', () => {
  it('reads %NAME without the percent sign', () => {
    expect(tokens('%DATE_OF_BIRTH %B_CI %c1')).toMatchObject([
      { kind: 'variable', name: 'DATE_OF_BIRTH', start: 0, end: 14 },
      { kind: 'variable', name: 'B_CI' },
      { kind: 'variable', name: 'c1' },
    ]);
  });

  it('rejects a bare percent sign', () => {
    expect(lexError('%A + % 1')).toEqual({ message: "'%' must be followed by a variable name", offset: 5 });
  });

  it('rejects unknown characters and double-quoted strings with offsets', () => {
    expect(lexError('%A # 1')).toEqual({ message: "Unexpected character '#'", offset: 3 });
    expect(lexError('%A = "x"')).toEqual({ message: 'Strings must be in single quotes', offset: 5 });
  });
});

describe('lexer: raw relationship names', () => {
  it('reads an unquoted multi-word name up to the next top-level comma', () => {
    const lexer = new Lexer('(%S, has loan amount , *)');
    lexer.next();
    lexer.next();
    lexer.next();
    expect(lexer.readRawArgument()).toEqual({ name: 'has loan amount', start: 5, end: 20 });
    expect(lexer.next()).toMatchObject({ kind: 'symbol', symbol: ',' });
  });

  it('rewinds over a peeked token and strips quotes', () => {
    const lexer = new Lexer("'a, b' , x");
    lexer.peek();
    expect(lexer.readRawArgument()).toEqual({ name: 'a, b', start: 0, end: 6 });
  });

  it('keeps apostrophes and parentheses inside unquoted names', () => {
    const lexer = new Lexer("driver's licence (UK), *");
    expect(lexer.readRawArgument().name).toBe("driver's licence (UK)");
  });

  it('rejects an empty name', () => {
    expect(() => new Lexer(' , *').readRawArgument()).toThrow('Missing relationship name');
  });
});
