/**
 * Reading an `expression="…"` attribute: parse it with the expression language's parser, then report
 * unknown functions, wrong argument counts and arithmetic whose left-to-right reading may surprise.
 */
import { NodeStack, checkExpression, parseExpression } from '../../expressions';
import type { ExprNode, Expression } from '../../expressions';
import { Code } from '../diagnostics';
import type { About } from './about';
import type { LoadContext } from '../context';
import { offsetInValue } from '../xml-reader';
import type { XmlAttribute } from '../xml-reader';

function quoteExpression(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `"${line.slice(0, 57)}..."` : `"${line}"`;
}

/** A relationship named by a list function's argument (`countRelationshipInstances(%S, 'rel', *)`). */
interface RelationshipReference {
  readonly name: string;
  /** Offset in the expression text. */
  readonly offset: number;
}

/** A parsed expression and the relationships its list functions name (found once per text). */
export interface ParsedExpression {
  readonly expression: Expression;
  readonly references: readonly RelationshipReference[];
}

/** What reading one expression text finds: the same for every attribute that holds the text. */
interface Reading {
  readonly result: ReturnType<typeof parseExpression>;
  readonly issues: ReturnType<typeof checkExpression>;
  readonly surprising: readonly ArithmeticNode[];
  /** Undefined when the text does not parse or calls a function wrongly (reported). */
  readonly parsed: ParsedExpression | undefined;
}

/**
 * The readings of one load by text: large maps repeat their expressions (the meridian sample writes
 * 760 with 340 texts), and parsed expressions are immutable, so conditions with the same text share
 * one. A load may start from the readings of the load before (the editor reloads a map after each
 * edit, and nearly every expression is unchanged): a reading depends on its text alone, so reusing
 * one changes no diagnostic. Only the texts a load reads are carried to the next, so what is kept is
 * one map's worth.
 */
export class ExpressionReadings {
  private readonly current = new Map<string, Reading>();
  private readonly previous: ReadonlyMap<string, Reading> | undefined;

  constructor(previous?: ExpressionReadings) {
    this.previous = previous?.current;
  }

  of(text: string): Reading {
    let reading = this.current.get(text);
    if (reading === undefined) {
      reading = this.previous?.get(text) ?? read(text);
      this.current.set(text, reading);
    }
    return reading;
  }
}

function read(text: string): Reading {
  const result = parseExpression(text);
  if (!result.ok) return { result, issues: [], surprising: [], parsed: undefined };
  const issues = checkExpression(result.expression);
  return {
    result,
    issues,
    surprising: surprisingArithmetic(result.expression),
    parsed: issues.length === 0 ? { expression: result.expression, references: findRelationshipReferences(result.expression) } : undefined,
  };
}

/** The parsed expression, or undefined when it does not parse (reported as an error). */
export function readExpression(context: LoadContext, attribute: XmlAttribute, about: About): ParsedExpression | undefined {
  const text = attribute.value;
  const original = context.source.original;
  if (text.trim() === '') {
    context.sink.error(Code.emptyAttribute, `${about}: the expression is empty`, attribute.offset);
    return undefined;
  }
  const { result, issues, surprising, parsed } = context.expressions.of(text);
  if (!result.ok) {
    context.sink.error(
      Code.expressionSyntax,
      `${about}: ${result.message} (in expression ${quoteExpression(text)})`,
      offsetInValue(original, attribute, result.offset),
    );
    return undefined;
  }
  for (const issue of issues) {
    context.sink.error(
      Code.expressionFunction,
      `${about}: ${issue.message} (in expression ${quoteExpression(text)})`,
      offsetInValue(original, attribute, issue.offset),
    );
  }
  for (const node of surprising) {
    const written = text.slice(node.start, node.end);
    context.sink.warning(
      Code.expressionLeftToRight,
      `${about}: expressions are evaluated strictly left to right, so "${written}" means (${text.slice(node.left.start, node.left.end)}) ${node.op} ${text.slice(node.right.start, node.right.end)}; add parentheses to make that explicit`,
      offsetInValue(original, attribute, node.start),
    );
  }
  return parsed;
}

type ArithmeticNode = Extract<ExprNode, { kind: 'arithmetic' }>;

/**
 * `a + b * c` without parentheses: the engine computes `(a + b) * c`, where ordinary precedence would
 * give `a + (b * c)`. The parser drops parentheses from the tree, so a parenthesised left operand is
 * recognised by the `)` that follows it in the text.
 */
function surprisingArithmetic(expression: Expression): readonly ArithmeticNode[] {
  let found: ArithmeticNode[] | undefined;
  const text = expression.text;
  const stack = walkStack;
  stack.start(expression.root);
  while (!stack.empty) {
    const node = stack.pop();
    if (node.kind === 'arithmetic' && (node.op === '*' || node.op === '/')) {
      const left = node.left;
      if (left.kind === 'arithmetic' && (left.op === '+' || left.op === '-') && !/^\s*\)/.test(text.slice(left.end))) {
        (found ??= []).push(node);
      }
    }
    stack.pushChildrenReversed(node);
  }
  return found ?? NOTHING;
}

/** Relationship names used by list functions, with their offsets in the expression text. */
function findRelationshipReferences(expression: Expression): readonly RelationshipReference[] {
  let found: RelationshipReference[] | undefined;
  const stack = walkStack;
  stack.start(expression.root);
  while (!stack.empty) {
    const node = stack.pop();
    if (node.kind === 'relationship') (found ??= []).push({ name: node.name, offset: node.start });
    else stack.pushChildrenReversed(node);
  }
  return found ?? NOTHING;
}

/** The stack of the walks above (they never nest). */
const walkStack = new NodeStack();

/**
 * An empty list, shared by the readings that find nothing (nearly all). Read-only by its type, not
 * frozen: loops over a frozen array leave V8's fast path and allocate an iterator result per step.
 */
const NOTHING: readonly never[] = [];
