/**
 * Evidence exported from a deployment: one `/analysis/evidence` record, an array of them, an
 * object of records by fact ID, or the workbench's evidence graph export (`{ root, records, … }`). Records are read with
 * the tolerant client schema (`km` as `knowledgemap`, missing optional fields); an invalid record
 * refuses the file with its JSON path, so nothing half-read is stored.
 */
import { ReceivedEvidenceRecordSchema, type EvidenceRecord } from '../../common/decision-api';
import { parseJsonText } from '../core';
import { CaseErrorCodes, fail, ok, problemFromZod, type CaseResult } from '../core';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Evidence records by fact ID. */
export function parseEvidenceJson(text: string, options: { file?: string } = {}): CaseResult<Record<string, EvidenceRecord>> {
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
  const value = json.value;
  const items: [PropertyKey[], unknown][] = Array.isArray(value)
    ? value.map((item, index) => [[index], item])
    : isRecord(value) && Array.isArray(value.records)
      ? // The evidence graph's JSON export: `{ root, records: [...], nodes, edges }`.
        value.records.map((item, index) => [['records', index], item])
      : isRecord(value) && 'factID' in value
        ? [[[], value]]
        : isRecord(value)
          ? Object.entries(value).map(([key, item]) => [[key], item])
          : [];
  if (items.length === 0)
    return fail({
      code: CaseErrorCodes.invalid,
      message: 'expected an evidence record, an array of them, or an object of them by fact ID',
      path: '$',
      ...file,
    });
  const records: Record<string, EvidenceRecord> = {};
  for (const [path, item] of items) {
    const parsed = ReceivedEvidenceRecordSchema.safeParse(item);
    if (!parsed.success) return fail({ ...problemFromZod(parsed.error, text, path), ...file });
    records[parsed.data.factID] = parsed.data;
  }
  return ok(records);
}
