/**
 * Adding a map: load it with the engine, refuse it when it has errors, store it otherwise.
 * Shared by `POST /maps` and `lapwing map add`.
 */
import type { MapDiagnostic } from '../../common/decision-api';
import type { EnginePort } from '../engine-port';
import type { MapRegistry } from './registry';
import type { MapRecord, VersionKeys } from './types';

export type AddMapResult =
  | { readonly ok: true; readonly map: MapRecord & { readonly keys: VersionKeys }; readonly warnings: readonly MapDiagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly MapDiagnostic[] };

/** `line 12, column 3: message`. */
export function describeDiagnostic(diagnostic: MapDiagnostic): string {
  return `line ${diagnostic.line}, column ${diagnostic.column}: ${diagnostic.message}`;
}

export function addMap(
  registry: MapRegistry,
  engine: EnginePort,
  input: { readonly source: string; readonly name: string; readonly description?: string; readonly fileName?: string },
): AddMapResult {
  const loaded = engine.loadMap(input.source, input.fileName === undefined ? {} : { fileName: input.fileName });
  const diagnostics: MapDiagnostic[] = loaded.diagnostics.map((diagnostic) => ({
    severity: diagnostic.severity,
    message: diagnostic.message,
    line: diagnostic.line,
    column: diagnostic.column,
    code: diagnostic.code,
  }));
  if (!loaded.ok || !loaded.map) {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    return { ok: false, diagnostics: errors.length > 0 ? errors : [{ severity: 'error', message: 'The map could not be loaded.', line: 1, column: 1, code: 'map/unloadable' }] };
  }
  const map = registry.createMap({ name: input.name, ...(input.description === undefined ? {} : { description: input.description }), source: input.source });
  return { ok: true, map, warnings: diagnostics.filter((diagnostic) => diagnostic.severity === 'warning') };
}
