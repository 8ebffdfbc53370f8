/**
 * Questions in a long consultation: one rule asks N questions in turn (an intake, eligibility or
 * underwriting map asks dozens to hundreds). Each answer is timed on its own; the target is that the
 * time to process one answer does not grow with the answers before it (the last ten answers of an
 * 800-question consultation within 2x the first ten). Reported, never asserted.
 */
import type { ConsultationSession } from '../../electron/engine';
import { type EngineApi, formatMs, formatRatio, loadOrThrow, printTable } from './common';

const SIZES = [50, 200, 800];
const TARGET_RATIO = 2;
/** Consultations per size; each answer's figure is its best over them (as the other rows take the best round). */
const ROUNDS = 3;
/** Answers given before the timed consultations, so the code is compiled before any is timed (one consultation of 50 is not). */
const WARM_UP_ANSWERS = 400;

/**
 * `is eligible(S, yes) :- q1(S, A1), ..., qN(S, AN)`: every q is asked (second form, about the
 * applicant) in condition order, and answered "yes".
 */
export function manyQuestionsMap(questions: number): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">',
    '  <concept name="Applicant" type="string"/>',
    '  <concept name="Answer" type="string"/>',
    '  <concinst name="yes" type="Answer"/>',
    '  <concinst name="no" type="Answer"/>',
    '  <rel name="is eligible" subject="Applicant" object="Answer" askable="none"/>',
  ];
  for (let k = 1; k <= questions; k++) out.push(`  <rel name="q${k}" subject="Applicant" object="Answer" askable="secondFormObject"/>`);
  const conditions = Array.from({ length: questions }, (_, i) => `<condition rel="q${i + 1}" subject="%S" object="%A${i + 1}"/>`);
  out.push(`  <relinst type="is eligible" subject="%S" object="yes" cf="100">${conditions.join('')}</relinst>`, '</rbl:kb>', '');
  return out.join('\n');
}

/** Milliseconds of each answer of one consultation, in order; throws when the consultation goes wrong. */
async function consult(session: ConsultationSession, questions: number): Promise<number[]> {
  let outcome = await session.query({ subject: 'applicant', relationship: 'is eligible' });
  const times: number[] = [];
  for (let k = 1; k <= questions; k++) {
    if (!outcome.ok) throw new Error(outcome.error.messages.join('; '));
    if (!('question' in outcome.value)) throw new Error(`a result after ${k - 1} answers, expected question q${k}`);
    const relationship = outcome.value.question.relationship;
    const start = performance.now();
    outcome = await session.respond([{ subject: 'applicant', relationship, object: 'yes', certainty: 100 }]);
    times.push(performance.now() - start);
  }
  if (!outcome.ok || !('result' in outcome.value) || outcome.value.result.length !== 1)
    throw new Error(`no single result after ${questions} answers`);
  return times;
}

/**
 * The median: a minor collection lands on the same answer in every consultation (they allocate
 * alike), so the best of rounds keeps it, and in a short run it would move a mean of ten by 2x.
 */
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchManyQuestions(engine: EngineApi): Promise<void> {
  console.log('\n## Engine: a consultation of N questions (one rule asks them in turn), time per answer');
  const rows: string[][] = [];
  for (const questions of SIZES) {
    const map = await loadOrThrow(engine, manyQuestionsMap(questions), `${questions} questions`);
    let best: number[] | undefined;
    const totals: number[] = [];
    // Consultations to warm up, then the timed rounds.
    const warmUps = Math.ceil(WARM_UP_ANSWERS / questions);
    for (let round = 0; round < warmUps + ROUNDS; round++) {
      const session = engine.createSession!(map, { id: `questions-${questions}-${round}`, kmVersionId: 'bench' });
      const times = await consult(session, questions);
      if (round < warmUps) continue;
      totals.push(times.reduce((sum, ms) => sum + ms, 0));
      best = best ? best.map((ms, index) => Math.min(ms, times[index])) : times;
    }
    const answers = best ?? [];
    const first = median(answers.slice(0, 10));
    // The last answer also concludes the rule and makes the result: shown apart, as it is no question's.
    const last = median(answers.slice(-11, -1));
    const concluding = answers[answers.length - 1];
    const ratio = last / first;
    rows.push([
      String(questions),
      formatMs(Math.min(...totals)),
      formatMs(first),
      formatMs(last),
      formatRatio(ratio),
      ratio <= TARGET_RATIO ? 'yes' : 'NO',
      formatMs(concluding),
    ]);
  }
  printTable(
    [
      'questions',
      'all answers ms',
      'first ten ms (median)',
      'last ten ms (median)',
      'last / first',
      `within ${TARGET_RATIO}x`,
      'concluding answer ms',
    ],
    rows,
  );
  console.log(
    `  each answer's figure is its best of ${ROUNDS} consultations (after ${WARM_UP_ANSWERS}+ answers of warm-up); the first and the last ten`,
  );
  console.log('  show their median; "all answers" is the best consultation\'s total time in respond(). "Last ten" are');
  console.log('  the ten answers before the last; the last (concluding) answer also concludes the rule and builds the');
  console.log('  result. Answers go through the session API as the server calls it.');
}
