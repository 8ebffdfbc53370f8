/**
 * `<rel>` (spec 2.3) with its question wording.
 */
import type { Askable, QuestionForms } from '../../model/types';
import { attribute, booleanValue, enumValue, optionalText, required } from '../attributes';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import type { RelationshipDraft } from '../drafts';
import type { XmlElement } from '../xml-reader';
import { checkName, childrenNamed, textContent } from './common';

const ASKABLE: Readonly<Record<string, Askable>> = {
  all: 'all',
  none: 'none',
  secondFormObject: 'secondFormObject',
  secondFormSubject: 'secondFormSubject',
  true: 'all',
  false: 'none',
};
const LEGACY_ASKABLE = { true: 'all', false: 'none' };

type CanAdd = { readonly subject: boolean; readonly object: boolean };
const CAN_ADD: Readonly<Record<string, CanAdd>> = {
  all: { subject: true, object: true },
  none: { subject: false, object: false },
  subject: { subject: true, object: false },
  object: { subject: false, object: true },
  'subject,object': { subject: true, object: true },
  'object,subject': { subject: true, object: true },
};

const SCOPES = { context: true };

/** A relationship draft; undefined without a name. Subject and object may be blank (reported). */
export function readRelationship(context: LoadContext, element: XmlElement): RelationshipDraft | undefined {
  const nameAttribute = required(context, element, 'name', '<rel>');
  const about = nameAttribute === undefined ? '<rel>' : `relationship '${nameAttribute.value}'`;
  const subject = required(context, element, 'subject', about);
  const object = required(context, element, 'object', about);
  const plural = booleanValue(context, element, 'plural', false, about);
  const askable = enumValue(context, element, 'askable', ASKABLE, 'all', about, LEGACY_ASKABLE);
  // Studio writes allowCF; coffeebird writes allowCf.
  const allowCF = booleanValue(context, element, 'allowCF', true, about, 'allowCf');
  const allowUnknown = booleanValue(context, element, 'allowUnknown', false, about);
  const canAdd = readCanAdd(context, element, about);
  const groups = (optionalText(element, 'group') ?? '')
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group !== '');
  const contextScoped = enumValue(context, element, 'scope', SCOPES, false, about);
  const questionElements: XmlElement[] = [];
  const questions: { -readonly [K in keyof QuestionForms]: QuestionForms[K] } = {};
  for (const form of ['firstForm', 'secondFormObject', 'secondFormSubject'] as const) {
    const [first] = childrenNamed(element, form);
    if (first === undefined) continue;
    questionElements.push(first);
    const text = textContent(first);
    if (text !== undefined) questions[form] = text;
  }
  if (nameAttribute === undefined) return undefined;
  checkName(context, nameAttribute, 'relationship');
  return {
    name: nameAttribute.value,
    nameAttribute,
    // Blank when missing (already reported); resolution then leaves the relationship out.
    subject: subject ?? { value: '', offset: nameAttribute.offset },
    object: object ?? { value: '', offset: nameAttribute.offset },
    plural,
    askable,
    allowCF,
    allowUnknown,
    canAdd,
    groups,
    contextScoped,
    questions,
    questionElements,
    element,
  };
}

/** `canAdd`: which side an answerer may add new values to (default all; blanks around the comma allowed). */
function readCanAdd(context: LoadContext, element: XmlElement, about: string): CanAdd {
  const found = attribute(element, 'canAdd');
  if (found === undefined) return CAN_ADD.all;
  const compact = found.value.replace(/\s+/g, '');
  const value = CAN_ADD[compact.toLowerCase()];
  if (value !== undefined) {
    if (compact !== compact.toLowerCase()) {
      context.sink.warning(
        Code.invalidValue,
        `${about}: canAdd="${found.value}" should be written "${compact.toLowerCase()}"`,
        found.offset,
      );
    }
    return value;
  }
  context.sink.error(
    Code.invalidValue,
    `${about}: canAdd="${found.value}" is not valid; use one of ${Object.keys(CAN_ADD).join(', ')}`,
    found.offset,
  );
  return CAN_ADD.all;
}
