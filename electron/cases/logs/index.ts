/** Offline review of logs exported from a deployment: interaction logs (JSON, CSV), evidence, and cases made from them. */
export { parseInteractionsCsv } from './interactions-csv';
export { parseInteractionsJson } from './interactions-json';
export { parseEvidenceJson } from './evidence-json';
export { caseFromSession, sessionFromLog, type RecordedAnswer, type RecordedQuestion, type RecordedSession } from './session';
export type { LogImport, SkipNote } from './types';

import type { CaseResult } from '../core';
import { parseInteractionsCsv } from './interactions-csv';
import { parseInteractionsJson } from './interactions-json';
import type { LogImport } from './types';

/** A log file of either form: JSON when its text starts like JSON, CSV otherwise. */
export function parseInteractionLog(text: string, options: { file?: string } = {}): CaseResult<LogImport> {
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  return start === '[' || start === '{' ? parseInteractionsJson(text, options) : parseInteractionsCsv(text, options);
}
