/**
 * Comparing the things a case names with what an engine sends: relationship names and question
 * keys match case-insensitively (RBLang names are compared that way by people, and Studio's
 * exports differ in case); values match as text, numbers by value.
 */
import type { Question, QuestionType } from '../../../common/decision-api';
import type { CaseValue, QuestionForm, QuestionKey } from './schema';

/** A question as the engine asked it, reduced to what identifies it. */
export interface ObservedQuestion {
  readonly relationship: string;
  readonly subject?: string;
  readonly object?: CaseValue;
  readonly form: QuestionForm;
  readonly prompt: string;
}

const FORMS: Readonly<Record<QuestionType, QuestionForm>> = {
  'First Form': 'first-form',
  'Second Form Object': 'second-form-object',
  'Second Form Subject': 'second-form-subject',
};

/** The file spelling of a wire question type. */
function formOf(type: QuestionType): QuestionForm {
  return FORMS[type];
}

/** The key of a wire question: second-form-object questions have no object, second-form-subject no subject. */
export function observeQuestion(question: Question): ObservedQuestion {
  const form = formOf(question.type);
  const object = question.object === null || question.object === undefined || question.object === '' ? undefined : question.object;
  return {
    relationship: question.relationship,
    ...(form !== 'second-form-subject' && question.subject !== undefined && question.subject !== '' ? { subject: question.subject } : {}),
    ...(form !== 'second-form-object' && object !== undefined ? { object } : {}),
    form,
    prompt: question.prompt,
  };
}

/** Case-insensitive, trimmed text equality (names). */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Values as text; `5` and `"5"` are the same value, `"5.0"` and `5` too. */
export function sameValue(a: CaseValue | null | undefined, b: CaseValue | null | undefined, caseSensitive = false): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    if (!Number.isNaN(x) && !Number.isNaN(y) && String(a).trim() !== '' && String(b).trim() !== '') return x === y;
  }
  const x = String(a).trim();
  const y = String(b).trim();
  return caseSensitive ? x === y : x.toLowerCase() === y.toLowerCase();
}

/** Whether a key picks out a question: every field the key gives must agree. */
export function keyMatches(key: QuestionKey, question: ObservedQuestion): boolean {
  if (!sameName(key.relationship, question.relationship)) return false;
  if (key.form !== undefined && key.form !== question.form) return false;
  if (key.subject !== undefined && (question.subject === undefined || !sameValue(key.subject, question.subject))) return false;
  if (key.object !== undefined && (question.object === undefined || !sameValue(key.object, question.object))) return false;
  return true;
}

/** How many fields a key gives: the most specific matching answer wins. */
export function specificity(key: QuestionKey): number {
  return (key.subject === undefined ? 0 : 1) + (key.object === undefined ? 0 : 1) + (key.form === undefined ? 0 : 1);
}

/** The exact key of an observed question (for saving a consultation as a case). */
export function keyOf(question: ObservedQuestion): QuestionKey {
  return {
    relationship: question.relationship,
    ...(question.subject === undefined ? {} : { subject: question.subject }),
    ...(question.object === undefined ? {} : { object: question.object }),
    form: question.form,
  };
}

/** `Ada · lives in · ?`, the way reports show a question. */
export function describeKey(key: QuestionKey | ObservedQuestion): string {
  const subject = key.subject ?? '?';
  const object = key.object === undefined ? '?' : String(key.object);
  return `${subject} · ${key.relationship} · ${object}`;
}

/** `Ada · speaks · English`. */
export function describeTriple(triple: {
  readonly subject?: string | undefined;
  readonly relationship?: string | undefined;
  readonly object?: CaseValue | null | undefined;
}): string {
  return `${triple.subject ?? '?'} · ${triple.relationship ?? '?'} · ${triple.object === undefined || triple.object === null ? '?' : String(triple.object)}`;
}
