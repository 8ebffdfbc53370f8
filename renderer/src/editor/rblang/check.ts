/**
 * What the diagnostics worker does with one text: the engine's loader for the diagnostics, the
 * scan for the names. Kept apart from the worker's message handling so it runs in tests and benches.
 */
import { loadMap } from '../../../../electron/engine';
import type { CheckRequest, CheckResult, DiagnosticsMessage, IndexMessage } from './checkProtocol';
import { buildMapIndex } from './mapIndex';

const now = () => performance.now();

export function checkDiagnostics(request: CheckRequest): DiagnosticsMessage {
  const started = now();
  const { diagnostics } = loadMap(request.text);
  return { kind: 'diagnostics', id: request.id, diagnostics, loadMs: now() - started };
}

export function checkIndex(request: CheckRequest): IndexMessage {
  const started = now();
  return { kind: 'index', id: request.id, index: buildMapIndex(request.text), indexMs: now() - started };
}

/** Both steps at once (tests, the editor lab's bare timing). */
export function checkText(request: CheckRequest): CheckResult {
  const diagnostics = checkDiagnostics(request);
  const index = checkIndex(request);
  return { id: request.id, diagnostics: diagnostics.diagnostics, index: index.index ?? buildMapIndex(''), loadMs: diagnostics.loadMs, indexMs: index.indexMs };
}
