/**
 * What the diagnostics worker does with one text: the engine's loader for the diagnostics, the
 * scan for the names. Kept apart from the worker's message handling so it runs in tests and benches.
 */
import { loadMap, LoadReuse } from '../../../../electron/engine';
import type { CheckRequest, CheckResult, DiagnosticsMessage, IndexMessage, PackedIndexMessage } from './check-protocol';
import { packSites, unpackSites } from './packed-sites';
import { buildMapIndex } from './map-index';

const now = () => performance.now();

/**
 * What each load leaves for the next in this worker: successive texts are versions of the map being
 * edited, so most expressions are unchanged and are not parsed again (the result is a fresh load's).
 */
const reuse = new LoadReuse();

export function checkDiagnostics(request: CheckRequest): DiagnosticsMessage {
  const started = now();
  const { diagnostics } = loadMap(request.text, { reuse });
  return { kind: 'diagnostics', id: request.id, diagnostics, loadMs: now() - started };
}

export function checkIndex(request: CheckRequest): IndexMessage {
  const started = now();
  return { kind: 'index', id: request.id, index: buildMapIndex(request.text), indexMs: now() - started };
}

/** The index message as the worker posts it (sites packed into a transferable array). */
export function pack(message: IndexMessage): PackedIndexMessage {
  if (!message.index) return { ...message, index: null };
  const { sites, ...rest } = message.index;
  return { ...message, index: { ...rest, packedSites: packSites(sites) } };
}

export function unpack(message: PackedIndexMessage): IndexMessage {
  if (!message.index) return { ...message, index: null };
  const { packedSites, ...rest } = message.index;
  return { ...message, index: { ...rest, sites: unpackSites(packedSites) } };
}

/** Both steps at once (tests, the editor lab's bare timing). */
export function checkText(request: CheckRequest): CheckResult {
  const diagnostics = checkDiagnostics(request);
  const index = checkIndex(request);
  return {
    id: request.id,
    diagnostics: diagnostics.diagnostics,
    index: index.index ?? buildMapIndex(''),
    loadMs: diagnostics.loadMs,
    indexMs: index.indexMs,
  };
}
