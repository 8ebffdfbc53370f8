/**
 * Static checks for the loader: unknown function names and wrong argument counts, with offsets.
 * Syntax errors are already reported by parseExpression; this looks at well-formed trees only.
 */
import { NodeStack } from './ast';
import { describeArity, lookupFunction } from './functions/catalogue';
import type { Expression } from './types';

/** One static finding; `offset` is a 0-based index into the expression text. */
interface ExpressionIssue {
  message: string;
  offset: number;
}

/**
 * No issues: one array for every expression that has none (nearly all). Read-only by its type, not
 * frozen: loops over a frozen array leave V8's fast path and allocate an iterator result per step.
 */
const NO_ISSUES: readonly ExpressionIssue[] = [];

const stack = new NodeStack();

/** Static check used by the loader: unknown function names and wrong arity, with offsets. */
export function checkExpression(expression: Expression): readonly ExpressionIssue[] {
  let issues: ExpressionIssue[] | undefined;
  stack.start(expression.root);
  while (!stack.empty) {
    const node = stack.pop();
    if (node.kind === 'call') {
      const definition = lookupFunction(node.name);
      if (definition === undefined) {
        (issues ??= []).push({ message: `Unknown expression function: ${node.written}`, offset: node.start });
      } else if (node.args.length < definition.minArgs || node.args.length > definition.maxArgs) {
        (issues ??= []).push({
          message: `${definition.name} expects ${describeArity(definition)} but got ${node.args.length}`,
          offset: node.start,
        });
      }
    }
    stack.pushChildren(node);
  }
  return issues ?? NO_ISSUES;
}
