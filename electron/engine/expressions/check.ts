/**
 * Static checks for the loader: unknown function names and wrong argument counts, with offsets.
 * Syntax errors are already reported by parseExpression; this looks at well-formed trees only.
 */
import { pushChildren } from './ast';
import type { ExprNode } from './ast';
import { describeArity, lookupFunction } from './functions/catalogue';
import type { Expression } from './types';

/** One static finding; `offset` is a 0-based index into the expression text. */
interface ExpressionIssue {
  message: string;
  offset: number;
}

/** Static check used by the loader: unknown function names and wrong arity, with offsets. */
export function checkExpression(expression: Expression): ExpressionIssue[] {
  const issues: ExpressionIssue[] = [];
  const stack: ExprNode[] = [expression.root];
  while (stack.length > 0) {
    const node = stack.pop() as ExprNode;
    if (node.kind === 'call') {
      const definition = lookupFunction(node.name);
      if (definition === undefined) {
        issues.push({ message: `Unknown expression function: ${node.written}`, offset: node.start });
      } else if (node.args.length < definition.minArgs || node.args.length > definition.maxArgs) {
        issues.push({
          message: `${definition.name} expects ${describeArity(definition)} but got ${node.args.length}`,
          offset: node.start,
        });
      }
    }
    pushChildren(stack, node);
  }
  return issues;
}
