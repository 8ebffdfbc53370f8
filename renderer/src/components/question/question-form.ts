/**
 * How a Decision API question record becomes a form, and how the form becomes `/response` answers.
 *
 * Pure functions, so the rules of `shared/spec/api-wire.md` §5.2 are unit-tested without a DOM:
 * - `type` First Form (or a truth value) → yes/no; second forms ask for the missing side;
 * - choices come from `concepts` (`invalidResponse` ones disabled, known answers marked);
 * - free entry only where `canAdd`; several values only where `plural` (one answer per value);
 * - a certainty control only where `allowCF` (otherwise 100);
 * - Skip only where `allowUnknown` or `knownAnswers` is non-empty, sent as `unanswered: true` without certainty.
 */
import type { AnswerInput, InputValue, Question } from '../../api/wire';

/** The control that collects the asked value. */
type ValueControl = 'yes-no' | 'choice' | 'text' | 'number' | 'date';

interface ChoiceOption {
  readonly value: string;
  readonly label: string;
  readonly disabled: boolean;
  /** Certainty of an already known answer with this value, if any. */
  readonly known?: number;
}

interface QuestionShape {
  readonly control: ValueControl;
  /** Which side of the triple the user supplies. */
  readonly asks: 'truth' | 'object' | 'subject';
  readonly options: readonly ChoiceOption[];
  readonly allowFreeEntry: boolean;
  readonly multiple: boolean;
  readonly showCertainty: boolean;
  readonly canSkip: boolean;
}

/** What the user has entered for one question. */
export interface AnswerDraft {
  /** Chosen option values, and free entries once added. */
  selected: string[];
  /** Text in the free-entry (or number/date) box, not yet added to `selected`. */
  entry: string;
  yesNo: 'yes' | 'no' | null;
  certainty: number;
  skip: boolean;
}

export function emptyDraft(): AnswerDraft {
  return { selected: [], entry: '', yesNo: null, certainty: 100, skip: false };
}

function valueText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** True when the engine accepts `unanswered: true` for this question. */
export function canSkip(question: Question): boolean {
  return question.allowUnknown || question.knownAnswers.length > 0;
}

export function describeQuestion(question: Question): QuestionShape {
  const firstForm = question.type === 'First Form';
  const asks = firstForm ? 'truth' : question.type === 'Second Form Subject' ? 'subject' : 'object';
  const known = new Map<string, number>();
  for (const answer of question.knownAnswers) {
    known.set(valueText(asks === 'subject' ? answer.subject : answer.object), answer.cf);
  }
  const options: ChoiceOption[] = question.concepts.map((concept) => {
    const value = valueText(concept.value ?? concept.name);
    const knownCf = known.get(value);
    return {
      value,
      label: concept.name || value,
      // A known answer cannot be given again (the engine already holds it), nor can an invalid one.
      disabled: concept.invalidResponse === true || knownCf !== undefined,
      ...(knownCf !== undefined ? { known: knownCf } : {}),
    };
  });
  let control: ValueControl;
  if (firstForm || question.dataType === 'truth') control = 'yes-no';
  else if (question.dataType === 'number') control = 'number';
  else if (question.dataType === 'date') control = 'date';
  else control = options.length > 0 ? 'choice' : 'text';
  return {
    control,
    asks,
    options,
    // Numbers and dates are always typed; concepts for them are suggestions, not a closed list.
    allowFreeEntry: control === 'text' || control === 'number' || control === 'date' || (control === 'choice' && question.canAdd),
    multiple: question.plural && control !== 'yes-no',
    showCertainty: question.allowCF,
    canSkip: canSkip(question),
  };
}

type BuildResult = { ok: true; answers: AnswerInput[] } | { ok: false; message: string };

function typedValue(question: Question, text: string): InputValue {
  if (question.dataType === 'number') return Number(text);
  return text;
}

/** The values a draft holds: the selection plus any entry not yet added (pressing Continue adds it). */
function draftValues(shape: QuestionShape, draft: AnswerDraft): string[] {
  const values = [...draft.selected];
  const entry = draft.entry.trim();
  if (shape.allowFreeEntry && entry !== '' && !values.includes(entry)) {
    if (shape.multiple) values.push(entry);
    else return [entry];
  }
  return shape.multiple ? values : values.slice(0, 1);
}

/** Checks one typed value; returns a message for the user, or null. */
function checkValue(question: Question, shape: QuestionShape, value: string): string | null {
  if (question.dataType === 'number' && !Number.isFinite(Number(value))) return `“${value}” is not a number.`;
  if (question.dataType === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return `“${value}” is not a date (YYYY-MM-DD).`;
  if (shape.control === 'choice' && !question.canAdd && !shape.options.some((option) => option.value === value)) {
    return `“${value}” is not one of the choices.`;
  }
  return null;
}

/** The `/response` answers for one question and its draft. */
export function buildAnswers(question: Question, draft: AnswerDraft): BuildResult {
  const shape = describeQuestion(question);
  const subject = question.subject ?? '';
  const object = question.object ?? '';
  if (draft.skip) {
    if (!shape.canSkip) return { ok: false, message: 'This question cannot be skipped.' };
    // The identifying side(s) of the triple, the asked side left out, and no certainty (§2.4).
    const skip: AnswerInput = {
      relationship: question.relationship,
      unanswered: true,
      ...(shape.asks !== 'subject' ? { subject } : {}),
      ...(shape.asks !== 'object' && question.object !== undefined && question.object !== null ? { object } : {}),
    };
    return { ok: true, answers: [skip] };
  }
  const certainty = shape.showCertainty ? Math.min(100, Math.max(1, Math.round(draft.certainty))) : 100;
  if (shape.control === 'yes-no') {
    if (draft.yesNo === null) return { ok: false, message: 'Choose yes or no.' };
    if (shape.asks === 'truth') {
      return {
        ok: true,
        answers: [{ subject, relationship: question.relationship, object: object as InputValue, answer: draft.yesNo, certainty }],
      };
    }
    // A second-form question about a truth value: the value itself is the answer.
    const truth = draft.yesNo === 'yes';
    return {
      ok: true,
      answers: [
        shape.asks === 'object'
          ? { subject, relationship: question.relationship, object: truth, certainty }
          : { subject: String(truth), relationship: question.relationship, object: object as InputValue, certainty },
      ],
    };
  }
  const values = draftValues(shape, draft);
  if (values.length === 0) return { ok: false, message: shape.multiple ? 'Choose at least one answer.' : 'Give an answer.' };
  for (const value of values) {
    const problem = checkValue(question, shape, value);
    if (problem) return { ok: false, message: problem };
  }
  // Plural questions: one answer object per value, all at the same certainty.
  const answers = values.map((value): AnswerInput =>
    shape.asks === 'object'
      ? { subject, relationship: question.relationship, object: typedValue(question, value), certainty }
      : { subject: value, relationship: question.relationship, object: object as InputValue, certainty },
  );
  return { ok: true, answers };
}

/**
 * Answers for a question group (question plus `extraQuestions`), sent together in one `/response`.
 * The first problem found is reported with the prompt it belongs to.
 */
export function buildGroupAnswers(questions: readonly Question[], drafts: readonly AnswerDraft[]): BuildResult {
  const answers: AnswerInput[] = [];
  for (const [index, question] of questions.entries()) {
    const built = buildAnswers(question, drafts[index] ?? emptyDraft());
    if (!built.ok) return questions.length > 1 ? { ok: false, message: `${question.prompt} ${built.message}` } : built;
    answers.push(...built.answers);
  }
  return { ok: true, answers };
}
