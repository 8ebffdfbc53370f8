/**
 * The diagnostics worker: loads the map text with the engine's loader off the UI thread, so typing
 * never waits for a 300 KB map to load. One request at a time; the editor replaces a busy worker
 * rather than queue stale texts (see `MapChecker`).
 */
import { checkText } from './check';
import type { CheckRequest } from './checkProtocol';

// The renderer's tsconfig has the DOM library, not the worker one: type only what is used.
const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (event) => {
  scope.postMessage(checkText(event.data));
};
