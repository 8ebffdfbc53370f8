/** Differences between the questions two runs asked: which only one asked, and where the order first differs. */
import type { ObservedQuestion } from '../model/keys';

export interface QuestionDiff {
  readonly onlyBefore: readonly ObservedQuestion[];
  readonly onlyAfter: readonly ObservedQuestion[];
  /** Both asked the same questions, in another order. */
  readonly reordered: boolean;
  /** The first position (0-based) where the sequences differ, with what each asked there. */
  readonly firstDifference?: { readonly index: number; readonly before?: ObservedQuestion; readonly after?: ObservedQuestion };
}

/** A question's identity: relationship, form, subject and object, names without case (prompts may be reworded). */
function questionIdentity(question: ObservedQuestion): string {
  return [question.relationship, question.form, question.subject ?? '', question.object === undefined ? '' : String(question.object)]
    .map((part) => part.trim().toLowerCase())
    .join('|');
}

/** Items of `from` not matched one-to-one in `against`. */
function unmatched(from: readonly ObservedQuestion[], against: readonly ObservedQuestion[]): ObservedQuestion[] {
  const counts = new Map<string, number>();
  for (const question of against) counts.set(questionIdentity(question), (counts.get(questionIdentity(question)) ?? 0) + 1);
  return from.filter((question) => {
    const key = questionIdentity(question);
    const left = counts.get(key) ?? 0;
    if (left === 0) return true;
    counts.set(key, left - 1);
    return false;
  });
}

export function diffQuestions(before: readonly ObservedQuestion[], after: readonly ObservedQuestion[]): QuestionDiff {
  const onlyBefore = unmatched(before, after);
  const onlyAfter = unmatched(after, before);
  const length = Math.max(before.length, after.length);
  let firstDifference: QuestionDiff['firstDifference'];
  for (let index = 0; index < length; index += 1) {
    const a = before[index];
    const b = after[index];
    if (!a || !b || questionIdentity(a) !== questionIdentity(b)) {
      firstDifference = { index, ...(a ? { before: a } : {}), ...(b ? { after: b } : {}) };
      break;
    }
  }
  return {
    onlyBefore,
    onlyAfter,
    reordered: firstDifference !== undefined && onlyBefore.length === 0 && onlyAfter.length === 0,
    ...(firstDifference ? { firstDifference } : {}),
  };
}

export function questionDiffIsEmpty(diff: QuestionDiff): boolean {
  return diff.firstDifference === undefined;
}
