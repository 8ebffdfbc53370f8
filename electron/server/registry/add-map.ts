/**
 * Adding a map: load it with the engine, refuse it when it has errors, store it otherwise.
 * Shared by `POST /maps` and `lapwing map add`.
 */
import type { MapDiagnostic } from '../../common/decision-api';
import type { LoadResult } from '../../engine';
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

interface AddMapInput {
  readonly source: string;
  readonly name: string;
  readonly description?: string;
  readonly fileName?: string;
}

export function addMap(registry: MapRegistry, engine: EnginePort, input: AddMapInput): AddMapResult {
  return addLoadedMap(registry, engine.loadMap(input.source, input.fileName === undefined ? {} : { fileName: input.fileName }), input);
}

/** Store a map whose text was already loaded (the server loads it in its map worker first). */
export function addLoadedMap(registry: MapRegistry, loaded: LoadResult, input: AddMapInput): AddMapResult {
  const diagnostics: MapDiagnostic[] = loaded.diagnostics.map((diagnostic) => ({
    severity: diagnostic.severity,
    message: diagnostic.message,
    line: diagnostic.line,
    column: diagnostic.column,
    code: diagnostic.code,
  }));
  // `ok` (no error) implies a map; a check made in the map worker does not send the map itself back.
  if (!loaded.ok) {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    return {
      ok: false,
      diagnostics:
        errors.length > 0
          ? errors
          : [{ severity: 'error', message: 'The map could not be loaded.', line: 1, column: 1, code: 'map/unloadable' }],
    };
  }
  const map = registry.createMap({
    name: input.name,
    ...(input.description === undefined ? {} : { description: input.description }),
    source: input.source,
  });
  return { ok: true, map, warnings: diagnostics.filter((diagnostic) => diagnostic.severity === 'warning') };
}
