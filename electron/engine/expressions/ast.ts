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
 * The stack of a walk over a tree (no recursion: nesting is the author's choice), kept by its module
 * and reused by each walk. Parsing and checking walk every expression four times, and a fresh array
 * per walk, grown on its first pushes, was about a tenth of what reading a large map's expressions
 * allocated. Walks must not nest; `start` empties it, so a walk cut short by an exception leaves nothing behind.
 */
export class NodeStack {
  private readonly nodes: (ExprNode | undefined)[] = [];
  private size = 0;

  /** Empty the stack and push `root`. */
  start(root: ExprNode): void {
    for (let i = 0; i < this.size; i++) this.nodes[i] = undefined;
    this.size = 0;
    this.push(root);
  }

  get empty(): boolean {
    return this.size === 0;
  }

  push(node: ExprNode): void {
    this.nodes[this.size++] = node;
  }

  /** The top node, removed. Its slot is cleared (the array is never shortened, so it keeps its room) so no tree outlives its walk. */
  pop(): ExprNode {
    const node = this.nodes[--this.size] as ExprNode;
    this.nodes[this.size] = undefined;
    return node;
  }

  /** Push the children of `node` last first, so that popping meets them in source order. */
  pushChildren(node: ExprNode): void {
    switch (node.kind) {
      case 'call':
        for (let i = node.args.length - 1; i >= 0; i--) this.push(node.args[i]);
        break;
      case 'negate':
        this.push(node.operand);
        break;
      case 'arithmetic':
      case 'compare':
      case 'logic':
        this.push(node.right);
        this.push(node.left);
        break;
      default:
        break;
    }
  }

  /** Push the children of `node` first first, so that popping meets them last first. */
  pushChildrenReversed(node: ExprNode): void {
    switch (node.kind) {
      case 'call':
        for (let i = 0; i < node.args.length; i++) this.push(node.args[i]);
        break;
      case 'negate':
        this.push(node.operand);
        break;
      case 'arithmetic':
      case 'compare':
      case 'logic':
        this.push(node.left);
        this.push(node.right);
        break;
      default:
        break;
    }
  }
}
