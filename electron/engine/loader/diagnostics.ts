/**
 * Collecting load diagnostics: each problem is recorded against an offset in the original text and
 * turned into a 1-based line and column when the load finishes.
 */
import type { Diagnostic, Severity } from '../model/types';
import type { SourceText } from './source-text';

/**
 * Stable diagnostic codes, grouped by what they are about. Severities are chosen where each code is
 * reported; the rule of thumb: an **error** means the text cannot become a faithful model (or the
 * platform refuses it); a **warning** means it loads but part of it can never take effect or is
 * suspicious; an **info** is a remark on a valid map.
 */
export const Code = {
  xmlMalformed: 'xml/malformed',
  xmlMalformedTag: 'xml/malformed-tag',
  xmlDuplicateAttribute: 'xml/duplicate-attribute',
  xmlUnquotedAttribute: 'xml/unquoted-attribute',
  xmlMismatchedTag: 'xml/mismatched-tag',
  xmlUnclosedElement: 'xml/unclosed-element',
  xmlStrayCloseTag: 'xml/stray-close-tag',
  xmlAfterRoot: 'xml/after-root',
  xmlNoRoot: 'xml/no-root',
  limitAttributes: 'limit/attributes',
  limitDepth: 'limit/depth',
  limitElements: 'limit/elements',
  rootName: 'structure/root-name',
  rootNamespace: 'structure/namespace',
  unknownElement: 'structure/unknown-element',
  misplacedElement: 'structure/misplaced-element',
  unexpectedText: 'structure/unexpected-text',
  repeatedElement: 'structure/repeated-element',
  unknownAttribute: 'attribute/unknown',
  missingAttribute: 'attribute/missing',
  emptyAttribute: 'attribute/empty',
  invalidValue: 'attribute/invalid-value',
  legacyValue: 'attribute/legacy-value',
  duplicateConcept: 'name/duplicate-concept',
  duplicateRelationship: 'name/duplicate-relationship',
  duplicateInstance: 'name/duplicate-instance',
  invalidName: 'name/invalid-characters',
  undeclaredConcept: 'name/undeclared-concept',
  undeclaredRelationship: 'name/undeclared-relationship',
  undeclaredInstance: 'name/undeclared-instance',
  nonStringSubject: 'concept/non-string-subject',
  instanceOfNonString: 'concept/instance-of-non-string',
  mutexInstances: 'concept/mutually-exclusive-instances',
  unusedConcept: 'concept/unused',
  certainty: 'value/certainty',
  weight: 'value/weight',
  typedLiteral: 'value/typed-literal',
  invalidVariable: 'value/variable',
  factMissingEnd: 'fact/missing-end',
  duplicateFact: 'fact/duplicate',
  ruleNoConditions: 'rule/no-conditions',
  ruleHeaderVariable: 'rule/header-variable',
  ruleZeroWeights: 'rule/zero-weights',
  ruleMinimumAboveCertainty: 'rule/minimum-above-certainty',
  ruleUnboundVariable: 'rule/unbound-variable',
  ruleNeedsInjection: 'rule/needs-injection',
  ruleRecursive: 'rule/recursive',
  conditionShape: 'condition/shape',
  expressionSyntax: 'expression/syntax',
  expressionFunction: 'expression/function',
  expressionLeftToRight: 'expression/left-to-right',
  questionPlaceholders: 'question/placeholders',
  injectionOnly: 'relationship/injection-only',
  datasourceHostname: 'datasource/hostname',
  datasourceAction: 'datasource/action',
  datasourceInput: 'datasource/input',
  compoundIgnored: 'compound/ignored',
} as const;

export type DiagnosticCode = (typeof Code)[keyof typeof Code];

interface Pending {
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly offset: number;
  /** Report order, to keep the sort stable. */
  readonly sequence: number;
}

/** Receives problems with their offsets in the original text; {@link list} sorts them by position. */
export class DiagnosticSink {
  private readonly pending: Pending[] = [];

  constructor(private readonly source: SourceText) {}

  report(severity: Severity, code: DiagnosticCode, message: string, offset: number): void {
    this.pending.push({ severity, code, message, offset, sequence: this.pending.length });
  }

  error(code: DiagnosticCode, message: string, offset: number): void {
    this.report('error', code, message, offset);
  }

  warning(code: DiagnosticCode, message: string, offset: number): void {
    this.report('warning', code, message, offset);
  }

  info(code: DiagnosticCode, message: string, offset: number): void {
    this.report('info', code, message, offset);
  }

  /** All diagnostics in file order (ties keep report order). */
  list(): Diagnostic[] {
    const sorted = [...this.pending].sort((a, b) => a.offset - b.offset || a.sequence - b.sequence);
    return sorted.map(({ severity, code, message, offset }) => ({ severity, code, message, ...this.source.position(offset) }));
  }
}
