/**
 * Recursive-descent parser for RBLang expressions.
 *
 *   logic   := cmp (('and' | 'or') cmp)*           equal precedence, left to right
 *   cmp     := arith (CMPOP arith)?
 *   arith   := unary (('+' | '-' | '*' | '/') unary)*   NO precedence: strictly left to right
 *   unary   := '-' unary | primary
 *   primary := number | string | date | true | false | %VAR | call | '(' logic ')'
 *   call    := NAME '(' [arg (',' arg)*] ')'
 *
 * List functions read their relationship argument(s) as raw text and accept `*` for subject/object.
 * Nesting is bounded so hostile input cannot overflow the JS stack.
 */
import type { ArithmeticOp, CallNode, ExprNode } from './ast';
import { NodeStack } from './ast';
import { lookupFunction } from './functions/catalogue';
import { ExpressionSyntaxError, Lexer } from './lexer';
import type { Token } from './lexer';
import type { Expression, ParseResult } from './types';

/** Bound on the syntax tree's depth (nesting plus operator-chain length), far above any real map's. */
const MAX_DEPTH = 1000;

/** Human-readable description of a token for error messages. */
function describe(token: Token, text: string): string {
  if (token.kind === 'end') return 'end of expression';
  return `'${text.slice(token.start, token.end)}'`;
}

class Parser {
  private readonly lexer: Lexer;
  private depth = 0;

  constructor(private readonly text: string) {
    this.lexer = new Lexer(text);
  }

  parse(): ExprNode {
    const root = this.parseLogic();
    const token = this.lexer.peek();
    if (token.kind !== 'end') {
      if (token.kind === 'symbol' && token.symbol === ')') {
        throw new ExpressionSyntaxError("Unbalanced parentheses in expression: unexpected ')'", token.start);
      }
      if (token.kind === 'compare') {
        throw new ExpressionSyntaxError(`Comparisons cannot be chained: use parentheses before ${describe(token, this.text)}`, token.start);
      }
      throw new ExpressionSyntaxError(`Unexpected ${describe(token, this.text)}`, token.start);
    }
    return root;
  }

  private enter(offset: number): void {
    if (++this.depth > MAX_DEPTH) throw new ExpressionSyntaxError('Expression is nested too deeply', offset);
  }

  private parseLogic(): ExprNode {
    const depth = this.depth;
    let left = this.parseCompare();
    for (let token = this.lexer.peek(); token.kind === 'logic'; token = this.lexer.peek()) {
      this.lexer.next();
      this.enter(token.start); // each link of a chain deepens the left-leaning tree
      const right = this.parseCompare();
      left = { kind: 'logic', op: token.op, left, right, start: left.start, end: right.end };
    }
    this.depth = depth;
    return left;
  }

  private parseCompare(): ExprNode {
    const left = this.parseArithmetic();
    const token = this.lexer.peek();
    if (token.kind !== 'compare') return left;
    this.lexer.next();
    const right = this.parseArithmetic();
    return { kind: 'compare', op: token.op, left, right, start: left.start, end: right.end };
  }

  private parseArithmetic(): ExprNode {
    const depth = this.depth;
    let left = this.parseUnary();
    for (let token = this.lexer.peek(); isArithmetic(token); token = this.lexer.peek()) {
      this.lexer.next();
      this.enter(token.start);
      const right = this.parseUnary();
      left = { kind: 'arithmetic', op: token.symbol as ArithmeticOp, left, right, start: left.start, end: right.end };
    }
    this.depth = depth;
    return left;
  }

  private parseUnary(): ExprNode {
    const token = this.lexer.peek();
    if (token.kind !== 'symbol' || token.symbol !== '-') return this.parsePrimary();
    this.lexer.next();
    this.enter(token.start);
    const operand = this.parseUnary();
    this.depth--;
    // Fold `-5` into a literal so it prints as written in evidence call keys.
    if (operand.kind === 'literal' && operand.value.type === 'number') {
      const value = Object.freeze({ type: 'number' as const, value: -(operand.value.value as number) });
      return { kind: 'literal', value, start: token.start, end: operand.end };
    }
    return { kind: 'negate', operand, start: token.start, end: operand.end };
  }

  private parsePrimary(): ExprNode {
    const token = this.lexer.next();
    const { start, end } = token;
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: Object.freeze({ type: 'number', value: token.value }), start, end };
      case 'string':
        return { kind: 'literal', value: Object.freeze({ type: 'string', value: token.value }), start, end };
      case 'date':
        return { kind: 'literal', value: Object.freeze({ type: 'date', value: token.value }), start, end };
      case 'truth':
        return { kind: 'literal', value: Object.freeze({ type: 'truth', value: token.value }), start, end };
      case 'variable':
        return { kind: 'variable', name: token.name, start, end };
      case 'word':
        return this.parseCall(token);
      case 'symbol':
        if (token.symbol === '(') return this.parseGroup(token);
        if (token.symbol === ')') {
          throw new ExpressionSyntaxError("Unbalanced parentheses in expression: unexpected ')'", start);
        }
        if (token.symbol === '*') {
          throw new ExpressionSyntaxError("The '*' wildcard is only allowed as a list-function argument", start);
        }
        break;
      case 'end':
        throw new ExpressionSyntaxError('Unexpected end of expression', start);
    }
    throw new ExpressionSyntaxError(`Unexpected ${describe(token, this.text)}`, start);
  }

  private parseGroup(open: Token): ExprNode {
    this.enter(open.start);
    const inner = this.parseLogic();
    this.depth--;
    const close = this.lexer.next();
    if (close.kind !== 'symbol' || close.symbol !== ')') {
      throw new ExpressionSyntaxError("Unbalanced parentheses in expression: missing ')'", open.start);
    }
    return inner;
  }

  private parseCall(name: Token & { kind: 'word' }): CallNode {
    const open = this.lexer.next();
    if (open.kind !== 'symbol' || open.symbol !== '(') {
      throw new ExpressionSyntaxError(`Unknown word '${name.word}' (strings need single quotes)`, name.start);
    }
    this.enter(name.start);
    const definition = lookupFunction(name.word);
    const relationshipArgs = definition?.kind === 'list' ? definition.relationshipArgs : [];
    const args: ExprNode[] = [];
    let close = this.lexer.peek();
    if (close.kind === 'symbol' && close.symbol === ')') {
      this.lexer.next();
    } else {
      for (;;) {
        // Unknown functions get the lenient list-argument reading too, so a misspelt
        // `countRelationshipInstance(%S, has x, *)` is reported as an unknown function, not a syntax error.
        args.push(this.parseArgument(args.length, relationshipArgs, definition === undefined || definition.kind === 'list'));
        close = this.lexer.next();
        if (close.kind === 'symbol' && close.symbol === ',') continue;
        if (close.kind === 'symbol' && close.symbol === ')') break;
        if (close.kind === 'end') {
          throw new ExpressionSyntaxError("Unbalanced parentheses in expression: missing ')'", open.start);
        }
        throw new ExpressionSyntaxError(`Expected ',' or ')' but found ${describe(close, this.text)}`, close.start);
      }
    }
    this.depth--;
    return {
      kind: 'call',
      name: definition?.name ?? name.word,
      written: name.word,
      known: definition !== undefined,
      args,
      start: name.start,
      end: close.end,
    };
  }

  private parseArgument(index: number, relationshipArgs: readonly number[], listLike: boolean): ExprNode {
    if (relationshipArgs.includes(index)) {
      const { name, start, end } = this.lexer.readRawArgument();
      return { kind: 'relationship', name, start, end };
    }
    const token = this.lexer.peek();
    if (listLike && token.kind === 'word' && !this.text.slice(token.end).trimStart().startsWith('(')) {
      // An unquoted instance name (`countRelationshipInstances(Tom, speaks, *)`, the evidence call
      // form) is read like an unquoted relationship name: raw text taken as a string literal.
      const { name, start, end } = this.lexer.readRawArgument('instance name');
      return { kind: 'literal', value: Object.freeze({ type: 'string', value: name }), start, end };
    }
    if (listLike && token.kind === 'symbol' && token.symbol === '*') {
      this.lexer.next();
      const after = this.lexer.peek();
      // Only a lone `*` is a wildcard; `* 2` would be a dangling multiplication.
      if (after.kind === 'symbol' && (after.symbol === ',' || after.symbol === ')')) {
        return { kind: 'wildcard', start: token.start, end: token.end };
      }
      throw new ExpressionSyntaxError("The '*' wildcard must stand alone as an argument", token.start);
    }
    return this.parseLogic();
  }
}

function isArithmetic(token: Token): token is Token & { kind: 'symbol' } {
  return token.kind === 'symbol' && (token.symbol === '+' || token.symbol === '-' || token.symbol === '*' || token.symbol === '/');
}

/** Collect variables and functions in first-appearance (source) order. */
function summarize(root: ExprNode): { variables: string[]; functions: string[]; usesListFunctions: boolean } {
  const variables: string[] = [];
  const functions: string[] = [];
  let usesListFunctions = false;
  // Explicit stack, children pushed in reverse so they pop in source order.
  const stack = summaryStack;
  stack.start(root);
  while (!stack.empty) {
    const node = stack.pop();
    if (node.kind === 'variable') addNew(variables, node.name);
    if (node.kind === 'call') {
      addNew(functions, node.name);
      if (lookupFunction(node.name)?.kind === 'list') usesListFunctions = true;
    }
    stack.pushChildren(node);
  }
  return { variables, functions, usesListFunctions };
}

const summaryStack = new NodeStack();

/**
 * Add `name` to `names` unless it is there. A list searched in place of a set: an expression names a
 * few variables and functions, and two sets per expression were a tenth of what parsing allocated.
 * Past a few dozen names a set answers instead, so a hostile expression still costs linear time.
 */
function addNew(names: string[], name: string): void {
  if (names.length < 32) {
    if (!names.includes(name)) names.push(name);
    return;
  }
  let seen = largeSets.get(names);
  if (seen === undefined) largeSets.set(names, (seen = new Set(names)));
  if (!seen.has(name)) {
    seen.add(name);
    names.push(name);
  }
}

/** The set of each long list of names {@link addNew} grows. */
const largeSets = new WeakMap<string[], Set<string>>();

/** Parse an expression once; evaluate the result many times with `evaluate`. */
export function parseExpression(text: string): ParseResult {
  let root: ExprNode;
  try {
    root = new Parser(text).parse();
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
  const { variables, functions, usesListFunctions } = summarize(root);
  const expression: Expression = Object.freeze({ text, root, variables, functions, usesListFunctions });
  return { ok: true, expression };
}
