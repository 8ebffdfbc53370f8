/**
 * What the diagnostics worker does with one text: the engine's loader for the diagnostics, the
 * scan for the names. Kept apart from the worker's message handling so it runs in tests and benches.
 */
import { loadMap } from '../../../../electron/engine';
import type { CheckRequest, CheckResult } from './checkProtocol';
import { buildMapIndex } from './mapIndex';

export function checkText(request: CheckRequest, now: () => number = () => performance.now()): CheckResult {
  const started = now();
  const { diagnostics } = loadMap(request.text);
  const loaded = now();
  const index = buildMapIndex(request.text);
  return { id: request.id, diagnostics, index, loadMs: loaded - started, indexMs: now() - loaded };
}
