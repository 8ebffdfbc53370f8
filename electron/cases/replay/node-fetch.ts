/**
 * A `fetch` for the Decision API client built on `node:http(s)` with keep-alive sockets. Replays
 * send thousands of small requests, and Node's built-in fetch costs about three times as much CPU
 * per request as `http.request` on loopback (measured by `bench/cases.ts`'s author: 2,000 GETs,
 * 1.6 s against 0.5 s), which dominates a run against the local engine.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FetchLike } from '../../client';

export interface NodeFetch {
  readonly fetch: FetchLike;
  /** Closes the kept-alive sockets. */
  close(): void;
}

/** Statuses whose responses may not carry a body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export function createNodeFetch(options: { maxSockets?: number } = {}): NodeFetch {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 }),
  };
  const fetch: FetchLike = (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const secure = url.startsWith('https:');
      const send = secure ? httpsRequest : httpRequest;
      const request = send(url, { method: init.method, headers: init.headers, agent: secure ? agents.https : agents.http }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const body = NO_BODY.has(status) ? null : Buffer.concat(chunks).toString('utf8');
          resolve(new Response(body, { status, headers: headersOf(response) }));
        });
      });
      request.on('error', reject);
      if (init.signal) {
        const abort = () =>
          request.destroy(
            Object.assign(new Error('The operation was aborted'), {
              name: init.signal?.reason instanceof Error ? init.signal.reason.name : 'AbortError',
            }),
          );
        if (init.signal.aborted) abort();
        else init.signal.addEventListener('abort', abort, { once: true });
      }
      request.end(init.body);
    });
  return {
    fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
