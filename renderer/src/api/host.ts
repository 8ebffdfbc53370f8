/**
 * The renderer's only way to reach Node: the {@link HostApi} of the IPC contract, implemented over
 * `window.lapwing.invoke` in Electron (the preload bridge) or over `POST /ipc/<method>` with the
 * per-run token in browser mode. Both answer with the contract's Result envelope; transport
 * failures are turned into envelopes too, so callers handle one shape.
 */
import { HTTP_IPC_PREFIX, METHOD_NAMES, PRELOAD_GLOBAL, TOKEN_HEADER, TOKEN_META_NAME } from '../../../electron/common/ipc';
import type {
  ErrorInfo,
  HostApi,
  Invoke,
  MethodInput,
  MethodName,
  MethodOutput,
  PreloadBridge,
  Result,
} from '../../../electron/common/ipc';

export type { Result, ErrorInfo };

/** Renderer-side codes for failures before a reply arrives (never produced by the Node side). */
export const TransportErrors = {
  unreachable: 'host/unreachable',
  badReply: 'host/bad-reply',
  noHost: 'host/none',
} as const;

function failure<T>(code: string, message: string, details?: unknown): Result<T> {
  return { ok: false, error: { code: code as ErrorInfo['code'], message, ...(details !== undefined ? { details } : {}) } };
}

function isResult(value: unknown): value is Result<unknown> {
  if (value === null || typeof value !== 'object' || !('ok' in value)) return false;
  const record = value as { ok: unknown; error?: unknown };
  return record.ok === true || (record.ok === false && typeof record.error === 'object' && record.error !== null);
}

/** Browser mode: one POST per call, the token read once from the page the host served. */
export function httpInvoke(token: string, fetchImpl: typeof fetch = fetch.bind(globalThis)): Invoke {
  return async <M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>> => {
    let response: Response;
    try {
      response = await fetchImpl(`${HTTP_IPC_PREFIX}${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify(input ?? {}),
      });
    } catch (error) {
      return failure(
        TransportErrors.unreachable,
        'Lapwing’s host process cannot be reached. Is `lapwing web` still running?',
        String(error),
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return failure(TransportErrors.badReply, `The host answered ${method} with HTTP ${response.status} and no JSON.`);
    }
    if (!isResult(body)) return failure(TransportErrors.badReply, `The host answered ${method} with an unexpected body.`);
    return body as Result<MethodOutput<M>>;
  };
}

/** Electron: the preload's bridge; a rejected promise (a bug in main) becomes an envelope. */
function bridgeInvoke(bridge: PreloadBridge): Invoke {
  return async <M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>> => {
    try {
      return await bridge.invoke(method, input);
    } catch (error) {
      return failure(TransportErrors.unreachable, `The call ${method} failed in the main process.`, String(error));
    }
  };
}

/** Wraps an `invoke` into the typed HostApi object (one function per contract method). */
export function createHostApi(invoke: Invoke): HostApi {
  const api: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    api[method] = (input: unknown) => invoke(method as MethodName, input as never);
  }
  return Object.freeze(api) as HostApi;
}

/** Which transport this page has: Electron's bridge, browser mode's token, or none (a bare page). */
function detectInvoke(win: Window = window): Invoke | null {
  const bridge = (win as unknown as Record<string, unknown>)[PRELOAD_GLOBAL] as PreloadBridge | undefined;
  if (bridge && typeof bridge.invoke === 'function') return bridgeInvoke(bridge);
  const token = win.document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META_NAME}"]`)?.content;
  if (token) return httpInvoke(token);
  return null;
}

let host: HostApi | null = null;

/** The app's HostApi. Tests and the graph lab install their own with {@link setHost}. */
export function useHost(): HostApi {
  if (!host) {
    const invoke = detectInvoke();
    host = createHostApi(
      invoke ??
        (async () =>
          failure(
            TransportErrors.noHost,
            'This page was opened without Lapwing’s host: start the desktop app, or run `npm run web` and open the address it prints.',
          )),
    );
  }
  return host;
}

export function setHost(api: HostApi): void {
  host = api;
}
