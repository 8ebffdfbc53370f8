/** Messages between the editor and the diagnostics worker (plain data, structured-cloned). */
import type { MapIndex } from './mapIndex';

export interface CheckRequest {
  readonly id: number;
  readonly text: string;
}

/** One problem the engine's loader found, at a 1-based line and column. */
export interface CheckDiagnostic {
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
}

export interface CheckResult {
  readonly id: number;
  readonly diagnostics: readonly CheckDiagnostic[];
  readonly index: MapIndex;
  /** Time spent in the worker: loading, and indexing names. */
  readonly loadMs: number;
  readonly indexMs: number;
}
