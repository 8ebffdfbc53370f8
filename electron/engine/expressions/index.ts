/**
 * The RBLang expression language: parse once (`parseExpression`), check (`checkExpression`),
 * evaluate many times (`evaluate`). Pure TypeScript, no I/O.
 */
export type {
  EvalContext,
  EvalResult,
  EvaluateOptions,
  Expression,
  ExprType,
  ExprValue,
  FunctionCallRecord,
  ListFact,
  ListPattern,
  ParseResult,
  TypedValue,
} from './types';
export type {
  ArithmeticNode,
  ArithmeticOp,
  CallNode,
  CompareNode,
  CompareOp,
  ExprNode,
  LiteralNode,
  LogicNode,
  LogicOp,
  NegateNode,
  RelationshipNameNode,
  VariableNode,
  WildcardNode,
} from './ast';
export { parseExpression } from './parser';
export { evaluate } from './evaluate';
export { checkExpression } from './check';
export type { ExpressionIssue } from './check';
export { FUNCTION_NAMES } from './functions/catalogue';
export { REGEX_ERROR } from './functions/regex';
export { parseIsoDate } from './isoDate';
export { formatValue } from './values';
