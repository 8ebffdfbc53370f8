/**
 * The body of the map-loading worker thread: loads each map it is sent with the engine's loader and
 * posts the result back, one at a time. Keeping loads here keeps the server's event loop answering
 * other requests while a large (or hostile) map is read.
 */
import { parentPort } from 'node:worker_threads';
import { loadMap } from '../../engine';
import type { LoadReply } from './protocol';
import { isLoadRequest } from './request';

const port = parentPort;
if (port === null) throw new Error('maps-worker/worker.ts runs only as a worker thread');

port.on('message', (message: unknown) => {
  if (!isLoadRequest(message)) return;
  const { id, source, fileName, withMap } = message;
  let reply: LoadReply;
  try {
    const loaded = loadMap(source, fileName === undefined ? {} : { fileName });
    // Copying a map to the server's thread costs time there; a check does not need it.
    reply = { kind: 'loaded', id, result: withMap ? loaded : { ok: loaded.ok, diagnostics: loaded.diagnostics } };
  } catch (error) {
    // loadMap never throws by contract; a throw is a bug, reported to the waiting request.
    reply = { kind: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
