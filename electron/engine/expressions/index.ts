/**
 * The RBLang expression language: parse once (`parseExpression`), check (`checkExpression`),
 * evaluate many times (`evaluate`). Pure TypeScript, no I/O.
 */
export type { EvalContext, Expression, FunctionCallRecord, ListFact, ListPattern, TypedValue } from './types';
export type { ExprNode } from './ast';
export { NodeStack } from './ast';
export { parseExpression } from './parser';
export { evaluate } from './evaluate';
export { checkExpression } from './check';
export { FUNCTION_NAMES } from './functions/catalogue';
export { parseIsoDate } from './iso-date';
