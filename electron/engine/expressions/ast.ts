/**
 * Syntax tree of RBLang expressions. Every node carries its source span (`start` inclusive,
 * `end` exclusive, 0-based character offsets) so diagnostics can point into the text.
 */
import type { TypedValue } from './types';

/** Arithmetic operators; evaluated strictly left to right with no precedence. */
export type ArithmeticOp = '+' | '-' | '*' | '/';

/** Comparison operators after alias resolution (`is equal to` → `=` and so on). */
export type CompareOp = '=' | '!=' | '>' | '>=' | '<' | '<=';

/** Logical connectives; equal precedence, left to right. */
export type LogicOp = 'and' | 'or';

interface Span {
  readonly start: number;
  readonly end: number;
}

/** A number, string, truth or ISO date literal (negative number literals are folded in). */
export interface LiteralNode extends Span {
  readonly kind: 'literal';
  readonly value: Readonly<TypedValue>;
}

/** `%NAME`; `name` is stored without the `%`. */
export interface VariableNode extends Span {
  readonly kind: 'variable';
  readonly name: string;
}

/** `*`: "any value", only produced as a subject/object argument of a list function. */
export interface WildcardNode extends Span {
  readonly kind: 'wildcard';
}

/** The relationship argument of a list function: raw text, quotes stripped. */
export interface RelationshipNameNode extends Span {
  readonly kind: 'relationship';
  readonly name: string;
}

/** A function call. `name` is the canonical catalogue spelling when `known`, else as written. */
export interface CallNode extends Span {
  readonly kind: 'call';
  readonly name: string;
  readonly written: string;
  readonly known: boolean;
  readonly args: readonly ExprNode[];
}

/** Unary minus applied to a non-literal operand. */
export interface NegateNode extends Span {
  readonly kind: 'negate';
  readonly operand: ExprNode;
}

export interface ArithmeticNode extends Span {
  readonly kind: 'arithmetic';
  readonly op: ArithmeticOp;
  readonly left: ExprNode;
  readonly right: ExprNode;
}

export interface CompareNode extends Span {
  readonly kind: 'compare';
  readonly op: CompareOp;
  readonly left: ExprNode;
  readonly right: ExprNode;
}

export interface LogicNode extends Span {
  readonly kind: 'logic';
  readonly op: LogicOp;
  readonly left: ExprNode;
  readonly right: ExprNode;
}

/** Any expression node. */
export type ExprNode =
  LiteralNode | VariableNode | WildcardNode | RelationshipNameNode | CallNode | NegateNode | ArithmeticNode | CompareNode | LogicNode;

/**
 * Push the children of `node` onto `stack` last first, so a walker popping the stack meets them in
 * source order. Pushed one by one: an array of children per node was most of what a walk allocated.
 */
export function pushChildren(stack: ExprNode[], node: ExprNode): void {
  switch (node.kind) {
    case 'call':
      for (let i = node.args.length - 1; i >= 0; i--) stack.push(node.args[i]);
      break;
    case 'negate':
      stack.push(node.operand);
      break;
    case 'arithmetic':
    case 'compare':
    case 'logic':
      stack.push(node.right, node.left);
      break;
    default:
      break;
  }
}
