/**
 * `<relinst>`: a fact when it has no `<condition>` (spec 2.4), a rule when it has some (spec 2.5).
 */
import type { OrderingMode } from '../../model/types';
import { attribute, enumValue, numberValue, optionalText, required } from '../attributes';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import type { ConditionDraft, FactDraft, RuleDraft, Written } from '../drafts';
import type { XmlAttribute, XmlElement } from '../xml-reader';
import { type About, ConditionWords, FactWords, RuleWords } from './about';
import { childrenNamed } from './common';
import { readCondition } from './condition';

const ORDERING: Readonly<Record<string, OrderingMode>> = { 'top-down': 'top-down', 'top-down-strict': 'top-down-strict' };

/** Default `minimum-rule-certainty`. */
const DEFAULT_MINIMUM = 20;

/** The ranges of a certainty and of a minimum rule certainty (one object each, not one per rule). */
const CERTAINTY_RANGE = { min: 0, max: 100 };
const MINIMUM_RANGE = { min: 1, max: 100 };

function certainty(context: LoadContext, element: XmlElement, about: About): number | undefined {
  const found = attribute(element, 'cf');
  return found === undefined ? 100 : numberValue(context, found, CERTAINTY_RANGE, 'cf', about, Code.certainty);
}

/**
 * A fact or rule draft (undefined when unusable: reported). `nextRuleOrdinal` numbers rule elements
 * as they come, including unusable ones, so messages match what an author counts in the file.
 */
export function readRelinst(context: LoadContext, element: XmlElement, nextRuleOrdinal: () => number): FactDraft | RuleDraft | undefined {
  const conditions = childrenNamed(element, 'condition');
  if (conditions.length === 0) return readFact(context, element);
  return readRule(context, element, conditions, nextRuleOrdinal());
}

/** Whether a fact's end is written as a variable (then the relinst is a rule without conditions). */
function isVariable(found: XmlAttribute | undefined): boolean {
  return found !== undefined && found.value.trim().startsWith('%');
}

function readFact(context: LoadContext, element: XmlElement): FactDraft | undefined {
  const type = required(context, element, 'type', '<relinst>');
  if (type === undefined) return undefined;
  const about = new FactWords(type.value, element);
  const subjectAttribute = attribute(element, 'subject');
  const objectAttribute = attribute(element, 'object');
  if (isVariable(subjectAttribute) || isVariable(objectAttribute) || (subjectAttribute === undefined && objectAttribute === undefined)) {
    context.sink.error(
      Code.ruleNoConditions,
      `<relinst> for '${type.value}' has no <condition>: a rule needs at least one condition, and a fact needs a literal subject and object`,
      element.offset,
    );
    return undefined;
  }
  if (subjectAttribute === undefined)
    context.sink.error(Code.factMissingEnd, `${about} needs a subject (a <relinst> without conditions is a fact)`, element.offset);
  if (objectAttribute === undefined)
    context.sink.error(Code.factMissingEnd, `${about} needs an object (a <relinst> without conditions is a fact)`, element.offset);
  const subject = subjectAttribute === undefined ? undefined : required(context, element, 'subject', about);
  const object = objectAttribute === undefined ? undefined : required(context, element, 'object', about);
  const cf = certainty(context, element, about);
  if (subject === undefined || object === undefined) return undefined;
  return {
    relationship: type,
    subject,
    object,
    certainty: cf ?? 100,
    unusable: cf === undefined,
    element,
  };
}

function readRule(context: LoadContext, element: XmlElement, conditionElements: XmlElement[], ordinal: number): RuleDraft | undefined {
  const type = required(context, element, 'type', `rule ${ordinal}`);
  const name = optionalText(element, 'name');
  const about = new RuleWords(ordinal, name, type?.value ?? '?');
  const subject = header(context, element, 'subject', 'S', about);
  const object = header(context, element, 'object', 'O', about);
  const cf = certainty(context, element, about);
  const minimumAttribute = attribute(element, 'minimum-rule-certainty', 'minimumRuleCertainty');
  const minimum =
    minimumAttribute === undefined
      ? DEFAULT_MINIMUM
      : numberValue(context, minimumAttribute, MINIMUM_RANGE, minimumAttribute.name, about, Code.certainty);
  if (cf !== undefined && minimum !== undefined && minimum > cf) {
    if (minimumAttribute !== undefined) {
      context.sink.error(
        Code.ruleMinimumAboveCertainty,
        `${about}: ${minimumAttribute.name} (${minimum}) must not exceed the rule's cf (${cf}), or the rule can never produce a fact`,
        minimumAttribute.offset,
      );
    } else {
      context.sink.warning(
        Code.ruleMinimumAboveCertainty,
        `${about}: its cf (${cf}) is below the default minimum rule certainty (${DEFAULT_MINIMUM}), so it can never produce a fact; set minimum-rule-certainty`,
        attribute(element, 'cf')?.offset ?? element.offset,
      );
    }
  }
  const ordering = enumValue(context, element, 'behaviour', ORDERING, 'default' as OrderingMode, about);
  const conditions: ConditionDraft[] = [];
  let unusable = subject === null || object === null || cf === undefined || minimum === undefined;
  for (let i = 0; i < conditionElements.length; i++) {
    const condition = readCondition(context, conditionElements[i], new ConditionWords(i + 1, about));
    if (condition === undefined) unusable = true;
    else conditions.push(condition);
  }
  if (conditions.length > 0 && allWeightsZero(conditions)) {
    context.sink.error(
      Code.ruleZeroWeights,
      `${about}: every condition has weight 0, so the rule's certainty cannot be computed; give at least one condition a weight above 0`,
      element.offset,
    );
    unusable = true;
  }
  if (type === undefined) return undefined;
  return {
    ordinal,
    name,
    relationship: type,
    subject: subject ?? undefined,
    object: object ?? undefined,
    certainty: cf ?? 100,
    minimumCertainty: minimum ?? DEFAULT_MINIMUM,
    ordering,
    alt: optionalText(element, 'alt'),
    conditions,
    unusable,
    element,
  };
}

function allWeightsZero(conditions: readonly ConditionDraft[]): boolean {
  for (const condition of conditions) if (condition.weight !== 0) return false;
  return true;
}

/**
 * A rule header end: absent or the reserved variable gives undefined (the variable); a literal gives
 * its text; any other variable is an error and gives null.
 */
function header(
  context: LoadContext,
  element: XmlElement,
  name: 'subject' | 'object',
  reserved: 'S' | 'O',
  about: About,
): Written | undefined | null {
  const found: XmlAttribute | undefined = attribute(element, name);
  if (found === undefined) return undefined;
  const text = found.value.trim();
  if (text === `%${reserved}`) return undefined;
  if (text === '') {
    context.sink.error(Code.emptyAttribute, `${about} has an empty ${name} attribute (leave it out to mean %${reserved})`, found.offset);
    return null;
  }
  if (text.startsWith('%')) {
    context.sink.error(
      Code.ruleHeaderVariable,
      `${about}: the rule's ${name} must be a literal or %${reserved}; custom variables such as ${text} cannot be used in a rule header`,
      found.offset,
    );
    return null;
  }
  return found;
}
