/**
 * The JSON of `GET /analysis/interactions/{sessionID}`: an array of `{event, created, values}`.
 * Entries of unknown events, or without values, are skipped and listed; anything that is not an
 * array of objects is refused with its place.
 */
import type { InteractionEntry } from '../../common/decision-api';
import { parseJsonText } from '../core';
import { CaseErrorCodes, fail, ok, type CaseResult } from '../core';
import { isLogEvent, type LogImport, type SkipNote } from './types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseInteractionsJson(text: string, options: { file?: string } = {}): CaseResult<LogImport> {
  const file = options.file === undefined ? {} : { file: options.file };
  const json = parseJsonText(text);
  if (!json.ok)
    return fail({
      code: CaseErrorCodes.notJson,
      message: `not valid JSON: ${json.message}`,
      line: json.place.line,
      column: json.place.column,
      ...file,
    });
  // Some exports wrap the list; the endpoint itself answers with the bare array.
  const list = Array.isArray(json.value)
    ? json.value
    : isRecord(json.value) && Array.isArray(json.value.interactions)
      ? json.value.interactions
      : undefined;
  const prefix = Array.isArray(json.value) ? '$' : '$.interactions';
  if (!list)
    return fail({
      code: CaseErrorCodes.invalid,
      message: 'an interaction log is a JSON array of {event, created, values} entries',
      path: '$',
      ...file,
    });
  const entries: InteractionEntry[] = [];
  const skipped: SkipNote[] = [];
  list.forEach((item, index) => {
    const where = `${prefix}[${index}]`;
    if (!isRecord(item)) return skipped.push({ where, reason: 'not an object' });
    if (!isLogEvent(item.event)) return skipped.push({ where, reason: `unknown event ${JSON.stringify(item.event)}` });
    if (!isRecord(item.values)) return skipped.push({ where, reason: `a ${item.event} entry without values` });
    entries.push({ event: item.event, created: typeof item.created === 'string' ? item.created : '', values: item.values });
  });
  if (entries.length === 0)
    return fail({
      code: CaseErrorCodes.invalid,
      message: `no usable entries (${skipped.length} skipped${skipped[0] ? `, first: ${skipped[0].where} ${skipped[0].reason}` : ''})`,
      path: prefix,
      ...file,
    });
  return ok({ format: 'json', entries, skipped });
}
