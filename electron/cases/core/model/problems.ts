/**
 * Errors as data for everything in `electron/cases`: a stable `cases/reason` code, a message for
 * people, and where the problem is (file, JSON path, line and column) when it is in a document.
 */
import type { z } from 'zod';
import { formatJsonPath, locateJsonPath } from './json-text';

export const CaseErrorCodes = {
  /** The text is not JSON (or the CSV is unreadable). */
  notJson: 'cases/not-json',
  /** The JSON does not have the expected shape. */
  invalid: 'cases/invalid',
  /** A document from a newer Lapwing, or with an unknown format version. */
  unsupportedVersion: 'cases/unsupported-version',
  /** Neither a Lapwing case nor a format an importer knows. */
  unknownFormat: 'cases/unknown-format',
  notFound: 'cases/not-found',
  /** The target could not be reached or refused the run. */
  targetFailed: 'cases/target-failed',
  cancelled: 'cases/cancelled',
} as const;

export type CaseErrorCode = (typeof CaseErrorCodes)[keyof typeof CaseErrorCodes];

export interface CaseProblem {
  readonly code: CaseErrorCode;
  readonly message: string;
  readonly file?: string;
  /** JSON path of the offending value, e.g. `$.steps[2].then.type`. */
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
}

export type CaseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: CaseProblem };

export function ok<T>(value: T): CaseResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: CaseProblem): CaseResult<T> {
  return { ok: false, error };
}

/** One line: `file:line:column: $.path: message`. */
export function describeProblem(problem: CaseProblem): string {
  const place = [problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  const prefix = [place, problem.path].filter((part) => part !== undefined && part !== '').join(': ');
  return prefix === '' ? problem.message : `${prefix}: ${problem.message}`;
}

/** The first zod issue of a failed parse as a problem placed in `text` (other issues are counted in the message). */
export function problemFromZod(error: z.ZodError, text: string | undefined, prefix: readonly PropertyKey[] = []): CaseProblem {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])];
  const place = text === undefined ? undefined : locateJsonPath(text, path);
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
  return {
    code: CaseErrorCodes.invalid,
    message: `${issue?.message ?? 'invalid'}${more}`,
    path: formatJsonPath(path),
    ...(place ? { line: place.line, column: place.column } : {}),
  };
}
