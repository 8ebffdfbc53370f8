/**
 * Importing case files of any known format: Lapwing's own, Studio suites and VS Code
 * `.rbtest.json`. The format is recognised from the JSON; nothing is stored here, so a bad file
 * changes nothing (callers store only a successful report).
 */
import { isCaseDocument, readCaseDocument } from '../core';
import { parseJsonText } from '../core';
import { CaseErrorCodes, fail, ok, type CaseResult } from '../core';
import { importRbTest, isRbTest } from './rbtest';
import { importStudioSuite, isStudioSuite } from './studio';
import type { ImportReport } from './types';

export { importCsvCases } from './csv-cases';
export { importRbTest } from './rbtest';
export { importStudioSuite } from './studio';
export type { ImportNote } from './types';

interface ImportOptions {
  readonly file?: string;
  /** The map for formats that do not name one (Studio suites). */
  readonly mapId?: string;
}

export function importCases(text: string, options: ImportOptions = {}): CaseResult<ImportReport> {
  const json = parseJsonText(text);
  if (!json.ok) {
    return fail({
      code: CaseErrorCodes.notJson,
      message: `not valid JSON: ${json.message}`,
      line: json.place.line,
      column: json.place.column,
      ...(options.file ? { file: options.file } : {}),
    });
  }
  if (isCaseDocument(json.value)) {
    const read = readCaseDocument(text, options.file === undefined ? {} : { file: options.file });
    return read.ok ? ok({ format: 'lapwing', cases: read.value, notCarried: [] }) : read;
  }
  if (isRbTest(json.value)) return importRbTest(text, options.file === undefined ? {} : { file: options.file });
  if (isStudioSuite(json.value)) {
    if (!options.mapId) {
      return fail({
        code: CaseErrorCodes.invalid,
        message: 'a Studio test suite does not name its map: give the map ID to import it',
        path: '$',
        ...(options.file ? { file: options.file } : {}),
      });
    }
    return importStudioSuite(text, { mapId: options.mapId, ...(options.file === undefined ? {} : { file: options.file }) });
  }
  return fail({
    code: CaseErrorCodes.unknownFormat,
    message: 'not a Lapwing case file, a Studio test suite or a VS Code .rbtest.json test',
    path: '$',
    ...(options.file ? { file: options.file } : {}),
  });
}
