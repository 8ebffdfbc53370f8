/**
 * A real server on 127.0.0.1 with a free port and a temporary data directory, plus a small
 * HTTP helper that shows exactly what went over the wire (status, headers, raw text).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type LapwingServer } from '../app';
import type { ServerOptions } from '../options';

export const TEST_API_KEY = 'a1b2c3d4-0000-4000-8000-00000000abcd';

export interface WireReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

export interface CallOptions {
  readonly body?: unknown;
  /** Sent as is (for malformed JSON and oversized bodies). */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  readonly apiKey?: string;
}

export interface TestServer {
  readonly url: string;
  readonly dataDir: string;
  readonly server: LapwingServer;
  call(method: string, path: string, options?: CallOptions): Promise<WireReply>;
  /** Stops this server and starts a new one on the same data directory (and options). */
  restart(overrides?: Partial<ServerOptions>): Promise<TestServer>;
  close(): Promise<void>;
  /** Closes and deletes the data directory. */
  dispose(): Promise<void>;
}

async function call(url: string, method: string, path: string, options: CallOptions = {}): Promise<WireReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers['X-API-Key'] = options.apiKey;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export async function startTestServer(
  options: Partial<ServerOptions> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-server-')),
): Promise<TestServer> {
  const settings: ServerOptions = { apiKeys: [TEST_API_KEY], ...options, dataDir };
  const server = createServer(settings);
  const { url } = await server.listen({ host: '127.0.0.1', port: 0 });
  const handle: TestServer = {
    url,
    dataDir,
    server,
    call: (method, path, callOptions) => call(url, method, path, callOptions),
    async restart(overrides = {}) {
      await server.close();
      return startTestServer({ ...options, ...overrides }, dataDir);
    },
    close: () => server.close(),
    async dispose() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
