/**
 * The diagnostics worker: loads the map text with the engine's loader off the UI thread, so typing
 * never waits for a 300 KB map to load. Requests queued behind a load are coalesced: only the newest
 * is loaded, the others are answered as skipped. Diagnostics are posted as soon as the load ends;
 * the names index follows, unless a newer text has arrived meanwhile.
 */
import { checkDiagnostics, checkIndex, pack } from './check';
import type { CheckRequest, IndexMessage } from './check-protocol';

// The renderer's tsconfig has the DOM library, not the worker one: type only what is used.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};
let latest = 0;

const skipped = (id: number): IndexMessage => ({ kind: 'index', id, index: null, indexMs: 0 });

scope.onmessage = (event) => {
  const request = event.data;
  latest = request.id;
  // Deferred, so every message already queued is seen first and only the newest text is loaded.
  setTimeout(() => {
    if (latest !== request.id) {
      scope.postMessage(skipped(request.id));
      return;
    }
    scope.postMessage(checkDiagnostics(request));
    setTimeout(() => {
      if (latest !== request.id) {
        scope.postMessage(skipped(request.id));
        return;
      }
      const message = pack(checkIndex(request));
      scope.postMessage(message, message.index ? [message.index.packedSites.data.buffer] : []);
    }, 0);
  }, 0);
};
