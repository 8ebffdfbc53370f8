/**
 * Rainbird Studio test-suite JSON (shared/spec/test-formats.md): an array of tests, each a list
 * of `{expect, then}` steps (Inject, Query, Respond, none; Expect Question, Expect Result).
 *
 * Studio's semantics become: target the draft, questions in strict order with no others,
 * results exactly as listed with certainty tolerance 0, values compared without case (Studio's
 * objects differ in case from the map's instance names). Answers become keyed by question.
 */
import { z } from 'zod';
import { parseJsonText } from '../core';
import { CaseErrorCodes, fail, ok, problemFromZod, type CaseResult } from '../core';
import {
  CASE_FORMAT_VERSION,
  TestCaseSchema,
  type CaseAnswer,
  type CaseFact,
  type CaseQuery,
  type ExpectedResult,
  type QuestionKey,
  type TestCase,
} from '../core';
import { LooseCertaintySchema, LooseValueSchema } from './certainty';
import type { ImportNote, ImportReport } from './types';

const StudioTripleSchema = z.looseObject({
  subject: z.string().optional(),
  relationship: z.string(),
  object: LooseValueSchema.optional(),
  cf: LooseCertaintySchema.optional(),
  answer: z.string().optional(),
});
type StudioTriple = z.infer<typeof StudioTripleSchema>;

const StudioStepSchema = z.looseObject({
  expect: z
    .looseObject({
      type: z.string().optional(),
      prompt: z.string().optional(),
      subtype: z.string().optional(),
      results: z.array(StudioTripleSchema).optional(),
    })
    .optional(),
  then: z.looseObject({
    type: z.string(),
    with: z.array(StudioTripleSchema).optional(),
    inject: z.array(StudioTripleSchema).optional(),
    subject: z.string().optional(),
    relationship: z.string().optional(),
    object: LooseValueSchema.optional(),
  }),
});

const StudioTestSchema = z.looseObject({
  name: z.string().min(1),
  lastRun: z.number().optional(),
  steps: z.array(StudioStepSchema),
});

const StudioSuiteSchema = z.array(StudioTestSchema);

/** Whether parsed JSON looks like a Studio suite. */
export function isStudioSuite(json: unknown): boolean {
  return Array.isArray(json) && json.length > 0 && json.every((item) => typeof item === 'object' && item !== null && 'steps' in item);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Answers of one Respond step, grouped into one case answer per question. */
function answersOf(answers: readonly StudioTriple[], firstForm: boolean): CaseAnswer[] {
  const result: CaseAnswer[] = [];
  for (const answer of answers) {
    const subject = nonEmpty(answer.subject);
    if (firstForm || answer.answer !== undefined) {
      const yes = (answer.answer ?? 'yes').trim().toLowerCase() !== 'no';
      const question: QuestionKey = {
        relationship: answer.relationship,
        ...(subject ? { subject } : {}),
        ...(answer.object === undefined ? {} : { object: answer.object }),
        form: 'first-form',
      };
      result.push({
        question,
        reply: { kind: 'yes-no', answer: yes ? 'yes' : 'no', ...(answer.cf === undefined ? {} : { certainty: answer.cf }) },
      });
      continue;
    }
    const value = { value: answer.object ?? '', ...(answer.cf === undefined ? {} : { certainty: answer.cf }) };
    // Plural answers arrive as several triples of one question: one reply with several values.
    const same = result.find(
      (entry) => entry.reply.kind === 'values' && entry.question.relationship === answer.relationship && entry.question.subject === subject,
    );
    if (same && same.reply.kind === 'values') {
      same.reply = { kind: 'values', values: [...same.reply.values, value] };
    } else {
      result.push({
        question: { relationship: answer.relationship, ...(subject ? { subject } : {}) },
        reply: { kind: 'values', values: [value] },
      });
    }
  }
  return result;
}

function convert(test: z.infer<typeof StudioTestSchema>, index: number, mapId: string, notes: ImportNote[]): TestCase | undefined {
  const at = (step: number, rest = '') => `$[${index}].steps[${step}]${rest}`;
  const note = (path: string, message: string) => notes.push({ caseName: test.name, path, message });
  const facts: CaseFact[] = [];
  const answers: CaseAnswer[] = [];
  const asked: QuestionKey[] = [];
  let query: CaseQuery | undefined;
  let results: ExpectedResult[] | undefined;

  test.steps.forEach((step, stepIndex) => {
    const { then, expect } = step;
    if (expect?.type === 'Expect Result') {
      results = (expect.results ?? []).map((item) => ({
        ...(nonEmpty(item.subject) ? { subject: item.subject } : {}),
        relationship: item.relationship,
        object: item.object ?? '',
        certainty: item.cf ?? 100,
      }));
    }
    switch (then.type) {
      case 'Inject':
        for (const fact of then.inject ?? []) {
          if (!nonEmpty(fact.subject) || fact.object === undefined) {
            note(at(stepIndex, '.then.inject'), `an injected fact without subject or object was left out (${fact.relationship})`);
            continue;
          }
          facts.push({ subject: fact.subject as string, relationship: fact.relationship, object: fact.object, certainty: fact.cf ?? 100 });
        }
        break;
      case 'Query':
        if (!then.relationship) {
          note(at(stepIndex, '.then'), 'a Query step without a relationship was left out');
          break;
        }
        query = {
          relationship: then.relationship,
          ...(nonEmpty(then.subject) ? { subject: then.subject } : {}),
          ...(then.object === undefined || then.object === '' ? {} : { object: then.object }),
        };
        break;
      case 'Respond': {
        const firstForm = expect?.subtype === 'First Form';
        const stepAnswers = answersOf(then.with ?? [], firstForm);
        if (stepAnswers.length === 0) note(at(stepIndex, '.then.with'), 'a Respond step without answers was left out');
        answers.push(...stepAnswers);
        if (expect?.type === 'Expect Question') asked.push(...stepAnswers.map((answer) => answer.question));
        break;
      }
      case 'none':
        break;
      default:
        note(at(stepIndex, '.then.type'), `step type "${then.type}" is unknown and was left out`);
    }
  });

  if (!query) {
    note(`$[${index}]`, 'the test has no Query step; it was not imported');
    return undefined;
  }
  if (asked.length > 0)
    note(`$[${index}].steps`, 'question prompts are not compared: questions are matched by relationship, subject and object');
  if (results !== undefined && results.length > 0)
    note(`$[${index}].steps`, "Studio's objects may differ in case from the map's instance names; results are compared without case");
  if (test.lastRun !== undefined && test.lastRun > 0)
    note(`$[${index}].lastRun`, `the last run time (${new Date(test.lastRun).toISOString()}) is not kept`);

  const parsed = TestCaseSchema.safeParse({
    formatVersion: CASE_FORMAT_VERSION,
    name: test.name,
    description: 'Imported from a Rainbird Studio test suite.',
    tags: ['studio'],
    target: { mapId, version: { policy: 'draft' } },
    facts,
    query,
    answers,
    expect: {
      // Studio fails a test on unexpected, missing or reordered questions.
      questions: { order: 'strict', asked, allowOthers: false },
      ...(results === undefined ? {} : { results: { match: 'exact', tolerance: 0, caseSensitive: false, items: results } }),
    },
  });
  if (!parsed.success) {
    note(`$[${index}]`, `the test could not be converted: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return undefined;
  }
  if (results === undefined) note(`$[${index}]`, 'the test expects no result step; results are not checked');
  return parsed.data;
}

/** Imports a Studio suite's text. `mapId` is needed because Studio files do not name their map. */
export function importStudioSuite(text: string, options: { mapId: string; file?: string }): CaseResult<ImportReport> {
  const json = parseJsonText(text);
  const withFile = <T extends object>(problem: T) => (options.file === undefined ? problem : { ...problem, file: options.file });
  if (!json.ok)
    return fail(
      withFile({
        code: CaseErrorCodes.notJson,
        message: `not valid JSON: ${json.message}`,
        line: json.place.line,
        column: json.place.column,
      }),
    );
  const parsed = StudioSuiteSchema.safeParse(json.value);
  if (!parsed.success) return fail(withFile(problemFromZod(parsed.error, text)));
  const notes: ImportNote[] = [];
  const cases = parsed.data.flatMap((test, index) => convert(test, index, options.mapId, notes) ?? []);
  return ok({ format: 'studio', cases, notCarried: notes });
}
