/** Imported interaction logs: the entries as the platform sends them, and what the importer skipped. */
import type { InteractionEntry } from '../../common/decision-api';

export interface SkipNote {
  /** `line 7` (CSV) or `$[3]` (JSON). */
  readonly where: string;
  readonly reason: string;
}

export interface LogImport {
  readonly format: 'json' | 'csv';
  readonly entries: readonly InteractionEntry[];
  readonly skipped: readonly SkipNote[];
}

/** Event names the platform's clients know (the Go SDK rejects others). */
export const LOG_EVENTS = ['start', 'inject', 'query', 'question', 'answer', 'result', 'datasource'] as const;
export type LogEvent = (typeof LOG_EVENTS)[number];

export function isLogEvent(value: unknown): value is LogEvent {
  return typeof value === 'string' && (LOG_EVENTS as readonly string[]).includes(value);
}
