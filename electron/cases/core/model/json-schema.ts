/**
 * The JSON Schema of case files, generated from the one zod schema so they never disagree.
 * Checked in at `docs/schemas/test-case.schema.json` (written by `scripts/write-case-schema.ts`;
 * a test fails when the file is stale) for editors, Monaco and CI tooling.
 */
import { z } from 'zod';
import { TestCaseSchema } from './schema';

/** Where the checked-in schema lives, relative to the project root. */
export const CASE_SCHEMA_PATH = 'docs/schemas/test-case.schema.json';

/** The schema of one case file as written by hand (defaults optional). */
export function testCaseJsonSchema(): Record<string, unknown> {
  // `io: 'input'`: a file may leave out every field that has a default.
  const generated = z.toJSONSchema(TestCaseSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return {
    ...generated,
    $id: 'https://lapwing.invalid/schemas/test-case.schema.json',
    title: 'Lapwing regression case',
    description:
      'A Lapwing test case: target, injected facts, query, answers keyed by question, and expectations on results, questions and evidence.',
  };
}
