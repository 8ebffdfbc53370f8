/**
 * The interaction log as CSV (`?format=csv`). The platform's CSV layout is not documented
 * (shared/spec/api-wire.md §8), so Lapwing defines one, with a header row:
 *
 *   event, created, subject, relationship, object, certainty, prompt, details
 *
 * One row per item: each injected fact, question, answer and result gets its own row (with the
 * event name repeated); `start`, `query` and `datasource` entries get one row each. `details`
 * is JSON of whatever the columns do not hold (the start record, `unanswered`, `factID`, ...),
 * empty when nothing is left. Certainty is written as a number; `cf` is read as certainty.
 */
import { stringify } from 'csv-stringify/sync';
import {
  INTERACTION_CSV_COLUMNS,
  INTERACTION_CSV_ITEM_LISTS as ITEM_LISTS,
  type InteractionCsvColumn,
  type InteractionEntry,
} from '../common/decision-api';

type Row = Record<InteractionCsvColumn, string>;
const COLUMN_FIELDS = new Set(['subject', 'relationship', 'object', 'certainty', 'cf', 'prompt']);

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function row(entry: InteractionEntry, item: Record<string, unknown>, extra: Record<string, unknown>): Row {
  const rest = Object.fromEntries(Object.entries({ ...extra, ...item }).filter(([key]) => !COLUMN_FIELDS.has(key)));
  return {
    event: entry.event,
    created: entry.created,
    subject: text(item.subject),
    relationship: text(item.relationship),
    object: text(item.object),
    certainty: text(item.certainty ?? item.cf),
    prompt: text(item.prompt),
    details: Object.keys(rest).length > 0 ? JSON.stringify(rest) : '',
  };
}

function rowsOf(entry: InteractionEntry): Row[] {
  const listKey = ITEM_LISTS[entry.event];
  const list = listKey === undefined ? undefined : entry.values[listKey];
  if (listKey !== undefined && Array.isArray(list)) {
    const others = Object.fromEntries(Object.entries(entry.values).filter(([key]) => key !== listKey));
    return list.map((item) => row(entry, isRecord(item) ? item : { value: item }, others));
  }
  const single = entry.event === 'query' && isRecord(entry.values.query) ? entry.values.query : undefined;
  if (single) return [row(entry, single, Object.fromEntries(Object.entries(entry.values).filter(([key]) => key !== 'query')))];
  return [row(entry, {}, entry.values)];
}

export function interactionsToCsv(entries: readonly InteractionEntry[]): string {
  return stringify(entries.flatMap(rowsOf), { header: true, columns: [...INTERACTION_CSV_COLUMNS] });
}
