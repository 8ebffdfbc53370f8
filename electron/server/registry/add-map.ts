/**
 * Adding a map: load it with the engine, refuse it when it has errors, store it otherwise.
 * Shared by `POST /maps` and `lapwing map add`.
 */
import type { MapDiagnostic } from '../../common/decision-api';
import type { LoadResult } from '../../engine';
import type { EnginePort } from '../engine-port';
import type { RegistryStore } from '../storage/types';
import type { MapRegistry } from './registry';
import type { MapRecord, VersionKeys } from './types';

type AddMapResult =
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
function addLoadedMap(registry: MapRegistry, loaded: LoadResult, input: AddMapInput): AddMapResult {
  const checked = checkLoadedMap(loaded);
  if (!checked.ok) return checked;
  return { ok: true, map: registry.createMap(createInput(input)), warnings: checked.warnings };
}

/** `addLoadedMap` on the server's store (SQLite or PostgreSQL). */
export async function addLoadedMapTo(registry: RegistryStore, loaded: LoadResult, input: AddMapInput): Promise<AddMapResult> {
  const checked = checkLoadedMap(loaded);
  if (!checked.ok) return checked;
  return { ok: true, map: await registry.createMap(createInput(input)), warnings: checked.warnings };
}

function createInput(input: AddMapInput): { name: string; description?: string; source: string } {
  return {
    name: input.name,
    ...(input.description === undefined ? {} : { description: input.description }),
    source: input.source,
  };
}

/** The loaded map's errors (it is refused), or its warnings (it may be stored). */
function checkLoadedMap(
  loaded: LoadResult,
):
  | { readonly ok: true; readonly warnings: readonly MapDiagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly MapDiagnostic[] } {
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
  return { ok: true, warnings: diagnostics.filter((diagnostic) => diagnostic.severity === 'warning') };
}
