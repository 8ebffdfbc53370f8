/**
 * Why a request got no reply, read from what `fetch` threw (undici wraps the socket error as
 * `cause`, several addresses as an AggregateError), and a message a person can act on instead of
 * `fetch failed`.
 */

/** Why no reply arrived. */
export type NetworkReason = 'refused' | 'dns' | 'timeout' | 'reset' | 'tls' | 'unreachable' | 'aborted' | 'other';

export interface NetworkFailure {
  readonly reason: NetworkReason;
  /** The host (and port) that could not be reached, e.g. `127.0.0.1:9`. */
  readonly host: string;
  /** The system's code (`ECONNREFUSED`, …) when there is one. */
  readonly code?: string | undefined;
  /** One sentence for people: what happened and what to check. */
  readonly message: string;
}

const REASONS: readonly [NetworkReason, RegExp][] = [
  ['refused', /^ECONNREFUSED$/],
  ['dns', /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/],
  ['timeout', /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/],
  ['reset', /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/],
  ['tls', /^(CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_SSL_)/],
  ['unreachable', /^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/],
];

const EXPLAIN: Record<NetworkReason, string> = {
  refused: 'the connection was refused (nothing is listening at that address)',
  dns: 'the host name could not be resolved',
  timeout: 'no reply came in time',
  reset: 'the connection was closed before a reply came',
  tls: 'its TLS certificate was not accepted',
  unreachable: 'the network has no route to it',
  aborted: 'the request was cancelled',
  other: 'the request failed before a reply came',
};

/** The system codes carried by an error, its causes, and an AggregateError's members. */
function codesOf(error: unknown, seen = new Set<unknown>()): string[] {
  if (typeof error !== 'object' || error === null || seen.has(error)) return [];
  seen.add(error);
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof record.code === 'string' ? [record.code] : [];
  const members = Array.isArray(record.errors) ? record.errors.flatMap((member) => codesOf(member, seen)) : [];
  return [...own, ...codesOf(record.cause, seen), ...members];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Classifies what `fetch` threw for `url`; `timeoutMs` is the limit a TimeoutError stands for. */
export function networkFailure(error: unknown, url: string, timeoutMs?: number): NetworkFailure {
  const host = hostOf(url);
  const name = error instanceof Error ? error.name : '';
  const codes = codesOf(error);
  let reason: NetworkReason = 'other';
  let code: string | undefined;
  if (name === 'TimeoutError') reason = 'timeout';
  else if (name === 'AbortError') reason = 'aborted';
  else {
    for (const candidate of codes) {
      const found = REASONS.find(([, pattern]) => pattern.test(candidate));
      if (found) {
        reason = found[0];
        code = candidate;
        break;
      }
    }
  }
  code ??= codes[0];
  const explanation =
    reason === 'timeout' && name === 'TimeoutError' && timeoutMs !== undefined ? `no reply within ${timeoutMs} ms` : EXPLAIN[reason];
  const raw = reason === 'other' && error instanceof Error && error.message !== 'fetch failed' ? ` (${error.message})` : '';
  const hint =
    reason === 'aborted'
      ? ''
      : reason === 'tls'
        ? ' Check the address, and that a proxy or the system trusts its certificate.'
        : ' Check your network connection and proxy settings, and that the address is right.';
  return {
    reason,
    host,
    ...(code === undefined ? {} : { code }),
    message: `Could not reach ${host}: ${explanation}${code && reason !== 'other' ? ` [${code}]` : ''}${raw}.${hint}`,
  };
}
