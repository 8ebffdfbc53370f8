/**
 * The Rainbird VS Code extension's `.rbtest.json` (shared/spec/test-formats.md): one test per
 * file with a goal, injected facts, answer batches in order, and expected results.
 *
 * Its semantics become: results exactly as listed within 2 certainty points; answers keyed by
 * question instead of by batch order; no expectations on questions (the extension has none).
 */
import { z } from 'zod';
import { parseJsonText } from '../core';
import { CaseErrorCodes, fail, ok, problemFromZod, type CaseResult } from '../core';
import { CASE_FORMAT_VERSION, TestCaseSchema, type CaseAnswer, type CaseVersion } from '../core';
import { LooseCertaintySchema, LooseValueSchema } from './certainty';
import type { ImportNote, ImportReport } from './types';

const TripleSchema = z.looseObject({
  subject: z.string().optional(),
  relationship: z.string().min(1),
  object: LooseValueSchema.optional(),
  certainty: LooseCertaintySchema.optional(),
  cf: LooseCertaintySchema.optional(),
  answer: z.string().optional(),
  unanswered: z.boolean().optional(),
});
type Triple = z.infer<typeof TripleSchema>;

const RbTestSchema = z.looseObject({
  name: z.string().min(1),
  kmId: z.string().min(1),
  goal: z.looseObject({ relationship: z.string().min(1), subject: z.string().optional(), object: LooseValueSchema.optional() }),
  facts: z.array(TripleSchema).optional(),
  answers: z.array(z.array(TripleSchema)).default([]),
  expected: z.array(TripleSchema).default([]),
  savedAt: z.string().optional(),
  target: z.unknown().optional(),
});

/** Whether parsed JSON looks like a `.rbtest.json` test. */
export function isRbTest(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && 'kmId' in json && 'goal' in json;
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The extension's `target` (undocumented beyond "which version; draft when absent"), read leniently. */
function versionOf(target: unknown, note: (message: string) => void): CaseVersion {
  if (target === undefined || target === null) return { policy: 'draft' };
  if (typeof target === 'number' && Number.isInteger(target) && target >= 1) return { policy: 'version', number: target };
  if (typeof target === 'string') {
    const text = target.trim().toLowerCase();
    if (text === 'draft') return { policy: 'draft' };
    if (text === 'live') return { policy: 'live' };
    const number = /^(?:v(?:ersion)?\s*)?(\d+)$/.exec(text);
    if (number) return { policy: 'version', number: Number(number[1]) };
  }
  if (typeof target === 'object' && target !== null) {
    const record = target as Record<string, unknown>;
    if (record.useDraft === true || record.kind === 'draft') return { policy: 'draft' };
    if (record.kind === 'live') return { policy: 'live' };
    const number = Number(record.version ?? record.number);
    if (Number.isInteger(number) && number >= 1) return { policy: 'version', number };
  }
  note(`the target ${JSON.stringify(target)} is not understood; the draft is used`);
  return { policy: 'draft' };
}

function toAnswer(triple: Triple): CaseAnswer {
  const certainty = triple.certainty ?? triple.cf;
  const subject = present(triple.subject) ? triple.subject : undefined;
  if (triple.unanswered)
    return { question: { relationship: triple.relationship, ...(subject ? { subject } : {}) }, reply: { kind: 'skip' } };
  if (triple.answer !== undefined && ['yes', 'no'].includes(triple.answer.trim().toLowerCase())) {
    return {
      question: {
        relationship: triple.relationship,
        ...(subject ? { subject } : {}),
        ...(triple.object === undefined ? {} : { object: triple.object }),
        form: 'first-form',
      },
      reply: {
        kind: 'yes-no',
        answer: triple.answer.trim().toLowerCase() === 'no' ? 'no' : 'yes',
        ...(certainty === undefined ? {} : { certainty }),
      },
    };
  }
  return {
    question: { relationship: triple.relationship, ...(subject ? { subject } : {}) },
    reply: { kind: 'values', values: [{ value: triple.object ?? '', ...(certainty === undefined ? {} : { certainty }) }] },
  };
}

/** Answers of all batches; the values of one plural question (same relationship and subject in a batch) become one reply. */
function answersOf(batches: readonly (readonly Triple[])[]): CaseAnswer[] {
  const answers: CaseAnswer[] = [];
  for (const batch of batches) {
    const inBatch: CaseAnswer[] = [];
    for (const triple of batch) {
      const answer = toAnswer(triple);
      const same = inBatch.find(
        (entry) =>
          entry.reply.kind === 'values' &&
          answer.reply.kind === 'values' &&
          entry.question.relationship === answer.question.relationship &&
          entry.question.subject === answer.question.subject,
      );
      if (same && same.reply.kind === 'values' && answer.reply.kind === 'values')
        same.reply = { kind: 'values', values: [...same.reply.values, ...answer.reply.values] };
      else inBatch.push(answer);
    }
    answers.push(...inBatch);
  }
  return answers;
}

/** Imports one `.rbtest.json` file's text. */
export function importRbTest(text: string, options: { file?: string } = {}): CaseResult<ImportReport> {
  const withFile = <T extends object>(problem: T) => (options.file === undefined ? problem : { ...problem, file: options.file });
  const json = parseJsonText(text);
  if (!json.ok)
    return fail(
      withFile({
        code: CaseErrorCodes.notJson,
        message: `not valid JSON: ${json.message}`,
        line: json.place.line,
        column: json.place.column,
      }),
    );
  const parsed = RbTestSchema.safeParse(json.value);
  if (!parsed.success) return fail(withFile(problemFromZod(parsed.error, text)));
  const test = parsed.data;
  const notes: ImportNote[] = [];
  const note = (path: string, message: string) => notes.push({ caseName: test.name, path, message });

  const facts = (test.facts ?? []).flatMap((fact, index) => {
    if (!present(fact.subject) || fact.object === undefined) {
      note(`$.facts[${index}]`, 'a fact without subject or object was left out');
      return [];
    }
    return [{ subject: fact.subject, relationship: fact.relationship, object: fact.object, certainty: fact.certainty ?? fact.cf ?? 100 }];
  });
  const version = versionOf(test.target, (message) => note('$.target', message));
  if (test.answers.length > 1) note('$.answers', 'answer batches are matched by question, not by their order');
  const expected = test.expected.map((item) => ({
    ...(present(item.subject) ? { subject: item.subject } : {}),
    relationship: item.relationship,
    object: item.object ?? '',
    certainty: item.certainty ?? item.cf ?? 100,
  }));
  const goal = test.goal;
  const converted = TestCaseSchema.safeParse({
    formatVersion: CASE_FORMAT_VERSION,
    name: test.name,
    description: `Imported from a VS Code .rbtest.json test${test.savedAt ? ` saved at ${test.savedAt}` : ''}.`,
    tags: ['rbtest'],
    target: { mapId: test.kmId, version },
    facts,
    query: {
      relationship: goal.relationship,
      ...(present(goal.subject) ? { subject: goal.subject } : {}),
      ...(goal.object === undefined || goal.object === '' ? {} : { object: goal.object }),
    },
    answers: answersOf(test.answers),
    // The extension passes a result within 2 points, with an equal result count.
    expect: { results: { match: 'exact', tolerance: 2, caseSensitive: true, items: expected } },
  });
  if (!converted.success) return fail(withFile(problemFromZod(converted.error, undefined)));
  return ok({ format: 'rbtest', cases: [converted.data], notCarried: notes });
}
