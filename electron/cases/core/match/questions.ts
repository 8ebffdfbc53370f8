/**
 * Questions against expectations. Each asked question is assigned to the first unused `asked`
 * entry it matches (required), else to `mayAsk` (allowed), else it is unexpected. `strict` order
 * then requires the required ones in listed order and reports the first divergent question.
 */
import { describeKey, keyMatches, type ObservedQuestion } from '../model/keys';
import type { QuestionsExpectation } from '../model/schema';
import { failure, pass, type Check } from './check';

export function matchQuestions(expectation: QuestionsExpectation, asked: readonly ObservedQuestion[]): Check[] {
  const checks: Check[] = [];
  const consumed = new Set<number>();
  /** For each asked question, the index of the required entry it fulfilled (or undefined). */
  const assigned: (number | undefined)[] = [];

  asked.forEach((question, index) => {
    const number = index + 1;
    const forbidden = expectation.mustNotAsk.find((key) => keyMatches(key, question));
    if (forbidden)
      checks.push(failure('questions', `question ${number} (${describeKey(question)}, "${question.prompt}") must not be asked`, number));
    const required = expectation.asked.findIndex((key, keyIndex) => !consumed.has(keyIndex) && keyMatches(key, question));
    if (required >= 0) {
      consumed.add(required);
      assigned.push(required);
      return;
    }
    assigned.push(undefined);
    if (forbidden || expectation.mayAsk.some((key) => keyMatches(key, question)) || expectation.allowOthers) return;
    checks.push(failure('questions', `question ${number} (${describeKey(question)}, "${question.prompt}") was not expected`, number));
  });

  expectation.asked.forEach((key, index) => {
    if (!consumed.has(index)) checks.push(failure('questions', `${describeKey(key)} was never asked`));
  });

  if (expectation.order === 'strict') {
    let next = 0;
    for (const [index, entry] of assigned.entries()) {
      if (entry === undefined) continue;
      // Entries never asked are skipped over: they are already reported as missing.
      while (next < expectation.asked.length && !consumed.has(next)) next += 1;
      if (entry !== next) {
        const wanted = expectation.asked[next];
        checks.push(
          failure(
            'questions',
            `first divergent step: question ${index + 1} should be ${wanted ? describeKey(wanted) : 'none'} but the engine asked ${describeKey(asked[index])} ("${asked[index].prompt}")`,
            index + 1,
          ),
        );
        break;
      }
      next += 1;
    }
  }

  if (expectation.maxQuestions !== undefined && asked.length > expectation.maxQuestions) {
    checks.push(failure('questions', `${asked.length} questions asked; at most ${expectation.maxQuestions} allowed`));
  }
  if (checks.length === 0) checks.push(pass('questions', `${asked.length} question${asked.length === 1 ? '' : 's'} asked as expected`));
  return checks;
}
