/**
 * Messages between the editor and the diagnostics worker (plain data, structured-cloned). A request
 * is answered with its diagnostics first (the markers need only those), then with the names index
 * (null when a newer request arrived meanwhile, so no time is spent indexing a stale text).
 */
import type { MapIndex } from './map-index';
import type { PackedSites } from './packed-sites';

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

export interface DiagnosticsMessage {
  readonly kind: 'diagnostics';
  readonly id: number;
  readonly diagnostics: readonly CheckDiagnostic[];
  /** Time spent in the engine's loader. */
  readonly loadMs: number;
}

export interface IndexMessage {
  readonly kind: 'index';
  readonly id: number;
  /** Null when the request was overtaken before indexing began. */
  readonly index: MapIndex | null;
  readonly indexMs: number;
}

/** An index message as posted: the sites packed (see `packed-sites.ts`). */
export interface PackedIndexMessage {
  readonly kind: 'index';
  readonly id: number;
  readonly index: (Omit<MapIndex, 'sites'> & { readonly packedSites: PackedSites }) | null;
  readonly indexMs: number;
}

export type CheckMessage = DiagnosticsMessage | PackedIndexMessage;

/** What the editor learns from a completed check. */
export interface CheckResult {
  readonly id: number;
  readonly diagnostics: readonly CheckDiagnostic[];
  readonly index: MapIndex;
  readonly loadMs: number;
  readonly indexMs: number;
}
