import { describe, expect, it } from 'vitest';
import type { ExprNode } from './ast';
import { parseExpression } from './parser';
import { parse, value } from './test-support/harness';

/** Render a tree with explicit parentheses, to assert its shape compactly. */
function shape(node: ExprNode): string {
  switch (node.kind) {
    case 'literal':
      return node.value.type === 'string' ? `'${String(node.value.value)}'` : String(node.value.value);
    case 'variable':
      return `%${node.name}`;
    case 'wildcard':
      return '*';
    case 'relationship':
      return `<${node.name}>`;
    case 'call':
      return `${node.name}(${node.args.map(shape).join(', ')})`;
    case 'negate':
      return `-${shape(node.operand)}`;
    default:
      return `(${shape(node.left)} ${node.op} ${shape(node.right)})`;
  }
}

function tree(text: string): string {
  return shape(parse(text).root);
}

function failure(text: string): { message: string; offset: number } {
  const result = parseExpression(text);
  if (result.ok) throw new Error(`expected a parse error for ${text}`);
  return { message: result.message, offset: result.offset };
}

describe('parser: evaluation order', () => {
  it('has no arithmetic precedence: strictly left to right', () => {
    expect(tree('%A + %B * 2')).toBe('((%A + %B) * 2)');
    expect(tree('%A * %B + %C / 2 - 1')).toBe('((((%A * %B) + %C) / 2) - 1)');
  });

  it('evaluates the live-observed %B + (%B - 1) * 2 with B=5 to 18', () => {
    expect(tree('%B + (%B - 1) * 2')).toBe('((%B + (%B - 1)) * 2)');
    expect(value('%B + (%B - 1) * 2', { B: 5 })).toBe(18);
  });

  it('binds arithmetic tighter than comparison, and comparison tighter than and/or', () => {
    expect(tree('%A + 1 > %B * 2')).toBe('((%A + 1) > (%B * 2))');
    expect(tree('%A = 1 and %B = 2')).toBe('((%A = 1) and (%B = 2))');
  });

  it('gives and/or equal precedence, left to right', () => {
    expect(tree('%A or %B and %C')).toBe('((%A or %B) and %C)');
    expect(tree('%A and %B or %C')).toBe('((%A and %B) or %C)');
    // With conventional precedence this would be true or (false and false) = true.
    expect(value('true or false and false')).toBe(false);
  });

  it('parses the fully parenthesised logic of real maps', () => {
    expect(tree('((%T gt %O) and (%O gte 35)) or ((%T lte %O) and (%O lte 35))')).toBe(
      '(((%T > %O) and (%O >= 35)) or ((%T <= %O) and (%O <= 35)))',
    );
  });

  it('folds a minus before a number into a negative literal, and negates other operands', () => {
    expect(parse('-5').root).toMatchObject({ kind: 'literal', value: { type: 'number', value: -5 }, start: 0, end: 2 });
    expect(tree('%A - -1')).toBe('(%A - -1)');
    expect(tree('-%A * 2')).toBe('(-%A * 2)');
  });

  it('parses ISO date literals as date-typed literals', () => {
    expect(parse('(%LOWEST_DATE = 1990-01-01)').root).toMatchObject({
      kind: 'compare',
      right: { kind: 'literal', value: { type: 'date', value: 631152000000 } },
    });
  });
});

describe('parser: calls', () => {
  it('reads quoted, unquoted and multi-word unquoted relationship names', () => {
    expect(tree("countRelationshipInstances(%S,'has strong typology signal','Structuring')")).toBe(
      "countRelationshipInstances(%S, <has strong typology signal>, 'Structuring')",
    );
    expect(tree('countRelationshipInstances(%S,RelactionshipA,*)')).toBe('countRelationshipInstances(%S, <RelactionshipA>, *)');
    expect(tree('sumObjects(%S, has loan amount, *)')).toBe('sumObjects(%S, <has loan amount>, *)');
    expect(tree('countRelationshipInstances(%BOOK,has author,%S)')).toBe('countRelationshipInstances(%BOOK, <has author>, %S)');
  });

  it('reads both relationship names of isSubset', () => {
    expect(tree("isSubset(%A, 'needs', *, %B, has, *)")).toBe('isSubset(%A, <needs>, *, %B, <has>, *)');
  });

  it('accepts nested calls and arithmetic arguments (a deliberate leniency)', () => {
    expect(tree('yearsBetween(%DOB, today())')).toBe('yearsBetween(%DOB, today())');
    expect(tree('addDays(%DATE, 8 - dayOfWeek(%DATE))')).toBe('addDays(%DATE, (8 - dayOfWeek(%DATE)))');
  });

  it('resolves names case-insensitively to the canonical spelling, keeping what was written', () => {
    expect(parse('ROUND(%X)').root).toMatchObject({ kind: 'call', name: 'round', written: 'ROUND', known: true });
    expect(parse('sumary(%X)').root).toMatchObject({ kind: 'call', name: 'sumary', known: false });
  });

  it('treats a comma inside a quoted relationship name as part of the name', () => {
    expect(tree("countRelationshipInstances(%S, 'a, b', *)")).toBe('countRelationshipInstances(%S, <a, b>, *)');
  });
});

describe('parser: summary fields', () => {
  it('lists variables in first-appearance order, deduplicated, without %', () => {
    expect(parse("'x' + %B + %A + %B + max(%C, %A)").variables).toEqual(['B', 'A', 'C']);
  });

  it('lists functions by canonical spelling and flags list functions', () => {
    const e = parse('round(MAX(%A, 1)) + countRelationshipInstances(%S, r, *) + max(2)');
    expect(e.functions).toEqual(['round', 'max', 'countRelationshipInstances']);
    expect(e.usesListFunctions).toBe(true);
    expect(parse('round(%A)').usesListFunctions).toBe(false);
  });

  it('keeps the source text', () => {
    expect(parse(' %A = 1 ').text).toBe(' %A = 1 ');
  });
});

describe('parser: errors with offsets', () => {
  it('reports a missing closing parenthesis at the unmatched opening one', () => {
    expect(failure('round((%AGE * 2), 0')).toEqual({ message: "Unbalanced parentheses in expression: missing ')'", offset: 5 });
    expect(failure('(%A + 1')).toEqual({ message: "Unbalanced parentheses in expression: missing ')'", offset: 0 });
  });

  it('reports a stray closing parenthesis where it stands', () => {
    expect(failure('%A + 1)')).toEqual({ message: "Unbalanced parentheses in expression: unexpected ')'", offset: 6 });
  });

  it('rejects the wildcard outside list-function arguments', () => {
    expect(failure('%A + *')).toEqual({ message: "The '*' wildcard is only allowed as a list-function argument", offset: 5 });
    expect(failure('round(*)').offset).toBe(6);
    expect(failure('countRelationshipInstances(%S, r, * 2)')).toEqual({
      message: "The '*' wildcard must stand alone as an argument",
      offset: 34,
    });
  });

  it('rejects chained comparisons', () => {
    expect(failure('%A = 1 = true')).toEqual({ message: "Comparisons cannot be chained: use parentheses before '='", offset: 7 });
  });

  it('rejects bare words (unquoted strings) and trailing junk', () => {
    expect(failure('%A = Retired')).toEqual({ message: "Unknown word 'Retired' (strings need single quotes)", offset: 5 });
    expect(failure('%A 5')).toEqual({ message: "Unexpected '5'", offset: 3 });
  });

  it('rejects empty input, dangling operators and missing commas', () => {
    expect(failure('')).toEqual({ message: 'Unexpected end of expression', offset: 0 });
    expect(failure('%A +')).toEqual({ message: 'Unexpected end of expression', offset: 4 });
    expect(failure('max(%A %B)')).toEqual({ message: "Expected ',' or ')' but found '%B'", offset: 7 });
  });

  it('bounds nesting depth instead of overflowing the stack', () => {
    const deep = '('.repeat(5000) + '1' + ')'.repeat(5000);
    expect(failure(deep).message).toBe('Expression is nested too deeply');
    const long = Array.from({ length: 3000 }, () => '1').join(' + ');
    expect(failure(long).message).toBe('Expression is nested too deeply');
  });
});

describe('parser: unquoted instance names in list functions', () => {
  it('reads a bare (multi-word) subject or object as a string literal', () => {
    expect(tree('countRelationshipInstances(Tom, speaks, *)')).toBe("countRelationshipInstances('Tom', <speaks>, *)");
    expect(tree('countRelationshipInstances(F. Scott, wrote, *)')).toBe("countRelationshipInstances('F. Scott', <wrote>, *)");
    expect(tree('countRelationshipInstances(%S, speaks, French)')).toBe("countRelationshipInstances(%S, <speaks>, 'French')");
  });

  it('still parses calls in those positions', () => {
    expect(tree('countRelationshipInstances(%S, speaks, max(1, 2))')).toBe('countRelationshipInstances(%S, <speaks>, max(1, 2))');
  });
});
