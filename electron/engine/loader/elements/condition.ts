/**
 * `<condition>` (spec 2.6): a relationship condition (`rel`, `subject`, `object`), an expression test
 * (`expression`), or an expression assignment (`expression` + `value="%X"`).
 */
import { attribute, enumValue, numberValue, optionalText, required } from '../attributes';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import type { ConditionDraft } from '../drafts';
import type { XmlElement } from '../xml-reader';
import type { About } from './about';
import { readExpression } from './expression';

const BEHAVIOURS = { mandatory: false, optional: true };

/** A weight's range (one object, not one per condition). */
const WEIGHT_RANGE = { min: 0 };

/** A variable as written in an attribute: `%` then a letter, then letters, digits or underscores. */
export const VARIABLE = /^%[A-Za-z][A-Za-z0-9_]*$/;

/** The condition draft, or undefined when it cannot be used (reported). */
export function readCondition(context: LoadContext, element: XmlElement, about: About): ConditionDraft | undefined {
  // `salience` is an old spelling of the weight; it counts only when `weight` is absent.
  const weightAttribute = attribute(element, 'weight', 'salience');
  const weight =
    weightAttribute === undefined ? 100 : numberValue(context, weightAttribute, WEIGHT_RANGE, weightAttribute.name, about, Code.weight);
  const optional = enumValue(context, element, 'behaviour', BEHAVIOURS, false, about);
  const alt = optionalText(element, 'alt');
  const rel = attribute(element, 'rel');
  const expressionAttribute = attribute(element, 'expression');
  const value = attribute(element, 'value');
  if (rel !== undefined && expressionAttribute !== undefined) {
    context.sink.error(
      Code.conditionShape,
      `${about}: a condition is either a relationship condition (rel, subject, object) or an expression, not both`,
      expressionAttribute.offset,
    );
    return undefined;
  }
  if (expressionAttribute !== undefined) {
    for (const name of ['subject', 'object']) {
      const extra = attribute(element, name);
      if (extra !== undefined)
        context.sink.warning(Code.conditionShape, `${about}: ${name} has no effect on an expression condition`, extra.offset);
    }
    const parsed = readExpression(context, expressionAttribute, about);
    let assignTo: string | undefined;
    if (value !== undefined) {
      if (VARIABLE.test(value.value.trim())) {
        assignTo = value.value.trim().slice(1);
      } else {
        context.sink.error(
          Code.invalidVariable,
          `${about}: value="${value.value}" must name a variable to assign to, such as %O or %TOTAL`,
          value.offset,
        );
        return undefined;
      }
    }
    if (parsed === undefined || weight === undefined) return undefined;
    const { expression, references } = parsed;
    return { kind: 'expression', expression, references, expressionAttribute, assignTo, weight, optional, alt, element };
  }
  if (rel === undefined) {
    context.sink.error(Code.conditionShape, `${about} needs either rel, subject and object, or an expression`, element.offset);
    return undefined;
  }
  if (value !== undefined) {
    context.sink.warning(
      Code.conditionShape,
      `${about}: value has no effect on a relationship condition (it assigns an expression's result)`,
      value.offset,
    );
  }
  const relationship = required(context, element, 'rel', about);
  const subject = required(context, element, 'subject', about);
  const object = required(context, element, 'object', about);
  if (relationship === undefined || subject === undefined || object === undefined || weight === undefined) return undefined;
  return {
    kind: 'relationship',
    relationship,
    subject,
    object,
    weight,
    optional,
    alt,
    element,
  };
}
