/**
 * Data-driven cases: a CSV table with one case per row (docs/regression-cases.md, "Cases from a
 * table"). The header names the columns:
 *
 *   name (required), map, version (live | draft | N), suite, tags (`;`-separated), description,
 *   subject, query (the relationship asked), object: the query;
 *   fact:REL: facts `subject REL value` injected first;
 *   answer:REL: the reply to a question on REL: `yes`, `no`, `skip`, or values;
 *   expect: the expected results `object@certainty|…` (an empty cell expects no result),
 *   match (exact | includes), tolerance; asked: relationships that must be asked (`|`-separated);
 *   max questions.
 *
 * Values are separated by `|`, a certainty follows `@` (`Wales@90`); numbers become numbers, and a
 * leading `=` keeps a cell as text (`=yes`, `=40`). Every row becomes a case through the case
 * schema, and every problem names the file, the row and the column.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { CaseErrorCodes, fail, ok, TestCaseSchema, type CaseProblem, type CaseResult, type CaseValue, type TestCase } from '../core';
import type { TestCaseInput } from '../core';
import type { ImportReport } from './types';

const FIXED = [
  'name',
  'map',
  'version',
  'suite',
  'tags',
  'description',
  'subject',
  'query',
  'object',
  'expect',
  'match',
  'tolerance',
  'asked',
  'max questions',
] as const;
type Fixed = (typeof FIXED)[number];

type Column = { readonly kind: 'fixed'; readonly name: Fixed } | { readonly kind: 'fact' | 'answer'; readonly relationship: string };

interface Cell {
  readonly column: number;
  readonly header: string;
  readonly text: string;
}

class CellError extends Error {
  constructor(
    readonly cell: Cell,
    message: string,
  ) {
    super(message);
  }
}

const CertaintySchema = z.coerce
  .number()
  .int('a certainty is a whole number')
  .min(1, 'a certainty is 1 to 100')
  .max(100, 'a certainty is 1 to 100');
const VersionCellSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(live|draft|[1-9]\d*)$/, 'use live, draft or a version number')
  .transform((text) =>
    text === 'live'
      ? { policy: 'live' as const }
      : text === 'draft'
        ? { policy: 'draft' as const }
        : { policy: 'version' as const, number: Number(text) },
  );
const MatchSchema = z.enum(['exact', 'includes'], { message: 'use exact or includes' });
const ToleranceSchema = z.coerce.number({ message: 'a number of certainty points' }).min(0, 'at least 0').max(100, 'at most 100');
const CountSchema = z.coerce.number().int('a whole number').min(0, 'at least 0');

function columnOf(header: string): Column | undefined {
  const trimmed = header.trim();
  const prefixed = /^(fact|answer)\s*:\s*(.+)$/i.exec(trimmed);
  if (prefixed?.[1] && prefixed[2]) return { kind: prefixed[1].toLowerCase() as 'fact' | 'answer', relationship: prefixed[2].trim() };
  const fixed = FIXED.find((name) => name === trimmed.toLowerCase().replace(/\s+/g, ' '));
  return fixed ? { kind: 'fixed', name: fixed } : undefined;
}

function check<T>(schema: z.ZodType<T, unknown>, cell: Cell, text: string = cell.text): T {
  const parsed = schema.safeParse(text);
  if (!parsed.success) throw new CellError(cell, `"${text}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** A cell's value: `=` keeps text, numbers become numbers. */
function valueOf(text: string): CaseValue {
  const trimmed = text.trim();
  if (trimmed.startsWith('=')) return trimmed.slice(1);
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** `value@certainty|value|…` as values with optional certainties. */
function valuesOf(cell: Cell): { value: CaseValue; certainty?: number }[] {
  return cell.text
    .split('|')
    .map((part) => part.trim())
    .map((part) => {
      if (part === '') throw new CellError(cell, 'an empty value between "|"');
      const at = /^(.*?)\s*@\s*([^@]*)$/.exec(part);
      if (!at || at[1] === undefined || at[2] === undefined) return { value: valueOf(part) };
      if (at[1].trim() === '') throw new CellError(cell, `"${part}": a value is missing before @`);
      return { value: valueOf(at[1]), certainty: check(CertaintySchema, cell, at[2]) };
    });
}

function rowCase(cells: readonly Cell[], columns: readonly Column[], mapId: string | undefined): TestCaseInput {
  const fixed = new Map<Fixed, Cell>();
  const facts: NonNullable<TestCaseInput['facts']> = [];
  const answers: NonNullable<TestCaseInput['answers']> = [];
  const subjectCell = cells.find((_, index) => {
    const column = columns[index];
    return column?.kind === 'fixed' && column.name === 'subject';
  });
  const subject = subjectCell?.text.trim();
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    if (column.kind === 'fixed') {
      fixed.set(column.name, cell);
      return;
    }
    if (cell.text.trim() === '') return;
    if (column.kind === 'fact') {
      if (!subject) throw new CellError(cell, 'a fact needs the row\'s subject (fill the "subject" column)');
      for (const item of valuesOf(cell))
        facts.push({
          subject,
          relationship: column.relationship,
          object: item.value,
          ...(item.certainty ? { certainty: item.certainty } : {}),
        });
      return;
    }
    const word = cell.text.trim().toLowerCase();
    const question = { relationship: column.relationship };
    if (word === 'skip') answers.push({ question, reply: { kind: 'skip' } });
    else if (word === 'yes' || word === 'no') answers.push({ question, reply: { kind: 'yes-no', answer: word } });
    else answers.push({ question, reply: { kind: 'values', values: valuesOf(cell) } });
  });
  const text = (name: Fixed) => {
    const value = fixed.get(name)?.text.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const cellOf = (name: Fixed) => fixed.get(name) as Cell;
  const name = text('name');
  if (name === undefined) throw new CellError(cellOf('name'), 'every case needs a name');
  const map = text('map') ?? mapId;
  if (map === undefined)
    throw new CellError(fixed.get('map') ?? cellOf('name'), 'no map: add a "map" column, or give the map (lapwing test --map ID)');
  const expectCell = fixed.get('expect');
  const resultItems =
    expectCell === undefined
      ? undefined
      : expectCell.text.trim() === ''
        ? []
        : valuesOf(expectCell).map((item) => {
            if (item.certainty === undefined)
              throw new CellError(expectCell, `"${String(item.value)}": give the expected certainty as ${String(item.value)}@NN`);
            return { object: item.value, certainty: item.certainty };
          });
  const match = text('match');
  const tolerance = text('tolerance');
  const asked = text('asked');
  const maxQuestions = text('max questions');
  if (resultItems === undefined && (match !== undefined || tolerance !== undefined))
    throw new CellError(cellOf(match !== undefined ? 'match' : 'tolerance'), 'match and tolerance need an "expect" column');
  const questions =
    asked !== undefined || maxQuestions !== undefined
      ? {
          ...(asked === undefined
            ? { allowOthers: true }
            : { asked: asked.split('|').map((relationship) => ({ relationship: relationship.trim() })), allowOthers: true }),
          ...(maxQuestions === undefined ? {} : { maxQuestions: check(CountSchema, cellOf('max questions'), maxQuestions) }),
        }
      : undefined;
  const version = text('version');
  const tags = text('tags');
  const description = text('description');
  const suite = text('suite');
  const queryObject = text('object');
  return {
    formatVersion: 1,
    name,
    ...(description === undefined ? {} : { description }),
    ...(suite === undefined ? {} : { suite }),
    ...(tags === undefined
      ? {}
      : {
          tags: tags
            .split(';')
            .map((tag) => tag.trim())
            .filter((tag) => tag !== ''),
        }),
    target: { mapId: map, ...(version === undefined ? {} : { version: check(VersionCellSchema, cellOf('version'), version) }) },
    facts,
    query: {
      relationship: text('query') ?? '',
      ...(subject === undefined || subject === '' ? {} : { subject }),
      ...(queryObject === undefined ? {} : { object: valueOf(queryObject) }),
    },
    answers,
    expect: {
      ...(resultItems === undefined
        ? {}
        : {
            results: {
              items: resultItems,
              ...(match === undefined ? {} : { match: check(MatchSchema, cellOf('match'), match.toLowerCase()) }),
              ...(tolerance === undefined ? {} : { tolerance: check(ToleranceSchema, cellOf('tolerance'), tolerance) }),
            },
          }),
      ...(questions ? { questions } : {}),
      evidence: [],
    },
  };
}

/** The column a schema problem is about, from its path in the case. */
function columnForPath(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'query') return second === 'subject' ? 'subject' : second === 'object' ? 'object' : 'query';
  if (first === 'target') return second === 'version' ? 'version' : 'map';
  if (first === 'expect') return 'expect';
  if (first === 'name' || first === 'suite' || first === 'tags' || first === 'description') return first;
  if (first === 'facts') return 'fact:…';
  if (first === 'answers') return 'answer:…';
  return String(first ?? '');
}

/** Reads a CSV table of cases; `mapId` fills rows without a map. The first problem stops the import (nothing is half-read). */
export function importCsvCases(text: string, options: { file?: string; mapId?: string } = {}): CaseResult<ImportReport> {
  const where = (problem: Omit<CaseProblem, 'code' | 'file'> & { code?: CaseProblem['code'] }): CaseProblem => ({
    code: problem.code ?? CaseErrorCodes.invalid,
    ...problem,
    ...(options.file === undefined ? {} : { file: options.file }),
  });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: false,
      skip_empty_lines: true,
      bom: true,
      trim: false,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fail(
      where({
        code: CaseErrorCodes.notJson,
        message: `not a readable CSV table: ${error instanceof Error ? error.message : String(error)}`,
        ...(line === undefined ? {} : { line }),
      }),
    );
  }
  const [header, ...rows] = records;
  if (!header)
    return fail(where({ message: 'the table is empty: the first row names the columns (name, subject, query, …)', path: 'header' }));
  const columns: Column[] = [];
  for (const [index, name] of header.record.entries()) {
    const column = columnOf(name);
    if (!column)
      return fail(
        where({
          message: `unknown column "${name}": use ${FIXED.join(', ')}, fact:RELATIONSHIP or answer:RELATIONSHIP`,
          path: `header, column "${name}"`,
          line: header.info.lines,
          column: index + 1,
        }),
      );
    const twice = columns.findIndex(
      (known) =>
        known.kind === column.kind &&
        (known.kind === 'fixed'
          ? known.name === (column as { name: Fixed }).name
          : known.relationship.toLowerCase() === (column as { relationship: string }).relationship.toLowerCase()),
    );
    if (twice >= 0)
      return fail(
        where({ message: `column "${name}" appears twice`, path: `header, column "${name}"`, line: header.info.lines, column: index + 1 }),
      );
    columns.push(column);
  }
  for (const required of ['name', 'query'] as const)
    if (!columns.some((column) => column.kind === 'fixed' && column.name === required))
      return fail(where({ message: `the table needs a "${required}" column`, path: 'header', line: header.info.lines }));

  const cases: TestCase[] = [];
  for (const [index, row] of rows.entries()) {
    const rowNumber = index + 1;
    const cells = row.record.map((cellText, column) => ({ column: column + 1, header: header.record[column] ?? '', text: cellText }));
    let input: TestCaseInput;
    try {
      input = rowCase(cells, columns, options.mapId);
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      return fail(
        where({
          message: error.message,
          path: `row ${rowNumber}, column "${error.cell.header}"`,
          line: row.info.lines,
          column: error.cell.column,
        }),
      );
    }
    const parsed = TestCaseSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const column = columnForPath(issue?.path ?? []);
      const index = header.record.findIndex((name) => name.trim().toLowerCase() === column);
      return fail(
        where({
          message: issue?.message ?? 'invalid',
          path: `row ${rowNumber}, column "${column}"`,
          line: row.info.lines,
          ...(index >= 0 ? { column: index + 1 } : {}),
        }),
      );
    }
    cases.push(parsed.data);
  }
  return ok({ format: 'csv', cases, notCarried: [] });
}
