/**
 * The CSV form of the interaction log, as Lapwing's server writes it (`electron/server/
 * interactions-csv.ts`): `event, created, subject, relationship, object, certainty, prompt,
 * details`, one row per injected fact, question, answer and result, and one per start, query and
 * datasource entry; `details` is JSON of everything else.
 *
 * Tolerant, because the platform's CSV layout is not documented: columns are found by header name
 * in any order (Lapwing's order is assumed when there is no header), unknown columns and events
 * are skipped, short rows are padded, and every skip is listed with its line. Consecutive rows of
 * one list event with the same time become one entry again.
 */
import { parse } from 'csv-parse/sync';
import {
  INTERACTION_CSV_COLUMNS as CSV_COLUMNS,
  INTERACTION_CSV_ITEM_LISTS as LISTS,
  type InteractionCsvColumn as Column,
  type InteractionEntry,
} from '../../common/decision-api';
import { CaseErrorCodes, fail, ok, type CaseResult } from '../core';
import { isLogEvent, type LogEvent, type LogImport, type SkipNote } from './types';

interface Row {
  readonly line: number;
  readonly cells: Readonly<Partial<Record<Column, string>>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function columnsOf(header: readonly string[], skipped: SkipNote[]): (Column | undefined)[] {
  return header.map((name, index) => {
    const column = CSV_COLUMNS.find((known) => known === name.trim().toLowerCase());
    if (!column) skipped.push({ where: `line 1, column ${index + 1}`, reason: `unknown column "${name}" ignored` });
    return column;
  });
}

/** The item of a row: its triple, certainty and prompt, plus the details JSON. */
function itemOf(row: Row, skipped: SkipNote[]): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  const { cells } = row;
  if (cells.details) {
    try {
      const details: unknown = JSON.parse(cells.details);
      if (isRecord(details)) Object.assign(item, details);
      else skipped.push({ where: `line ${row.line}`, reason: 'details are not a JSON object; ignored' });
    } catch {
      skipped.push({ where: `line ${row.line}`, reason: 'details are not valid JSON; ignored' });
    }
  }
  for (const field of ['subject', 'relationship', 'object', 'prompt'] as const) if (cells[field]) item[field] = cells[field];
  if (cells.certainty) {
    const certainty = Number(cells.certainty);
    if (Number.isFinite(certainty)) item.certainty = certainty;
    else skipped.push({ where: `line ${row.line}`, reason: `certainty "${cells.certainty}" is not a number; left out` });
  }
  return item;
}

function valuesOf(event: LogEvent, rows: readonly Row[], skipped: SkipNote[]): Record<string, unknown> {
  const list = LISTS[event];
  if (list) return { [list]: rows.map((row) => itemOf(row, skipped)) };
  const item = itemOf(rows[0], skipped);
  if (event === 'query') {
    const { subject, relationship, object, ...rest } = item;
    return { query: { ...(subject === undefined ? {} : { subject }), relationship, ...(object === undefined ? {} : { object }) }, ...rest };
  }
  return item;
}

export function parseInteractionsCsv(text: string, options: { file?: string } = {}): CaseResult<LogImport> {
  const file = options.file === undefined ? {} : { file: options.file };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, csv-parse returns each record with its line (its types do not say so).
    const parsed: unknown = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true });
    records = parsed as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = isRecord(error) && typeof error.lines === 'number' ? { line: error.lines } : {};
    return fail({
      code: CaseErrorCodes.notJson,
      message: `not readable as CSV: ${error instanceof Error ? error.message : String(error)}`,
      ...line,
      ...file,
    });
  }
  const skipped: SkipNote[] = [];
  if (records.length === 0) return fail({ code: CaseErrorCodes.invalid, message: 'the CSV is empty', ...file });
  const first = records[0].record.map((cell) => cell.trim().toLowerCase());
  const hasHeader = first.includes('event');
  const columns = hasHeader ? columnsOf(records[0].record, skipped) : [...CSV_COLUMNS];
  if (!hasHeader) skipped.push({ where: 'line 1', reason: "no header row: columns read in Lapwing's order" });
  const rows: Row[] = records.slice(hasHeader ? 1 : 0).map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(columns.flatMap((column, index) => (column === undefined ? [] : [[column, (record[index] ?? '').trim()]]))),
  }));

  const entries: InteractionEntry[] = [];
  let group: { event: LogEvent; created: string; rows: Row[] } | undefined;
  const flush = () => {
    if (group) entries.push({ event: group.event, created: group.created, values: valuesOf(group.event, group.rows, skipped) });
    group = undefined;
  };
  for (const row of rows) {
    const event = row.cells.event?.toLowerCase();
    if (!isLogEvent(event)) {
      skipped.push({ where: `line ${row.line}`, reason: event ? `unknown event "${row.cells.event}"` : 'no event' });
      continue;
    }
    const created = row.cells.created ?? '';
    if (group && LISTS[event] && group.event === event && group.created === created) {
      group.rows.push(row);
      continue;
    }
    flush();
    group = { event, created, rows: [row] };
  }
  flush();
  if (entries.length === 0) return fail({ code: CaseErrorCodes.invalid, message: `no usable rows (${skipped.length} skipped)`, ...file });
  return ok({ format: 'csv', entries, skipped });
}
