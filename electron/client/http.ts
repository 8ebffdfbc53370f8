/**
 * One HTTP exchange with a Decision API: builds the request, classifies failures, and reads
 * error bodies in every form the platform uses (`{"err":[...]}`, `{"error":"..."}`, the NL
 * envelope, plain text) into messages.
 */
import type { z } from 'zod';
import { networkFailure } from './network';
import { failure, kindOfStatus, success, type ApiResult } from './result';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  /** Path with its parameters already encoded, and query string. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
  /** Retry once after a network failure: only for calls that change nothing. */
  readonly idempotent: boolean;
}

export interface HttpSettings {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  readonly timeoutMs?: number;
  /** Headers sent on every call (e.g. `x-rainbird-engine`). */
  readonly headers: Readonly<Record<string, string>>;
}

interface RawReply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The messages of an error body, whatever its form. */
function errorMessages(text: string, status: number): { messages: string[]; body: unknown } {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text, e.g. the platform's `Bad request!` and `Not Found`.
  }
  if (isRecord(body)) {
    if (Array.isArray(body.err)) return { messages: body.err.map(asText), body };
    if (body.err !== undefined) return { messages: [asText(body.err)], body };
    if (isRecord(body.error) && typeof body.error.message === 'string') return { messages: [body.error.message], body };
    if (typeof body.error === 'string') {
      return { messages: [typeof body.message === 'string' ? `${body.error}: ${body.message}` : body.error], body };
    }
    if (typeof body.message === 'string') return { messages: [body.message], body };
  }
  const trimmed = text.trim();
  return { messages: [trimmed === '' ? `HTTP ${status}` : trimmed.slice(0, 500)], body };
}

async function exchange(settings: HttpSettings, request: HttpRequest): Promise<ApiResult<RawReply>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...settings.headers };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name] = value;
  let body: string | undefined;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['Content-Type'] = 'application/json';
  }
  try {
    const response = await settings.fetch(`${settings.baseUrl}${request.path}`, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(settings.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(settings.timeoutMs) }),
    });
    const text = await response.text();
    return success({ status: response.status, contentType: response.headers.get('content-type') ?? '', text });
  } catch (error) {
    const network = networkFailure(error, settings.baseUrl, settings.timeoutMs);
    return failure({ kind: 'network', network, messages: [network.message] });
  }
}

/** Sends a request (retrying an idempotent one once after a network failure); non-2xx replies become errors. */
export async function send(settings: HttpSettings, request: HttpRequest): Promise<ApiResult<RawReply>> {
  let reply = await exchange(settings, request);
  if (!reply.ok && reply.error.kind === 'network' && request.idempotent) reply = await exchange(settings, request);
  return reply.ok ? classifyReply(reply.value) : reply;
}

/** A reply that arrived: success when 2xx, else an error with the body's messages (also for in-process replies). */
export function classifyReply(reply: RawReply): ApiResult<RawReply> {
  const { status, text } = reply;
  if (status >= 200 && status < 300) return success(reply);
  const { messages, body } = errorMessages(text, status);
  return failure({ kind: kindOfStatus(status), status, messages, body });
}

/** Parses a successful JSON reply with a schema; an unreadable reply is a `server` error. */
export function parseReply<T>(reply: RawReply, schema: z.ZodType<T, unknown>, what: string): ApiResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    return failure({ kind: 'server', status: reply.status, messages: [`${what}: the reply is not JSON: ${reply.text.slice(0, 200)}`] });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    return failure({ kind: 'server', status: reply.status, messages: [`${what}: unexpected reply`, ...problems], body: json });
  }
  return success(parsed.data);
}
