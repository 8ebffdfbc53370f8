/**
 * Credentials as the platform takes them (shared/seed/decision-api.md "Authentication"):
 * the user key in `X-API-Key` or as the user name of legacy Basic authentication, the map's
 * evidence key in `x-evidence-key`, its interaction key in `x-interaction-key`.
 *
 * Keys are compared as SHA-256 digests with `timingSafeEqual`, against every accepted key
 * without stopping early, so timing says nothing about a key. Keys are never logged.
 */
import * as crypto from 'node:crypto';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

// crypto.hash (Node >= 20.12) digests in one call, without a Hash object; every call with a key pays this.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'buffer') => Buffer }).hash;

function digest(key: string): Buffer {
  return oneShot ? oneShot('sha256', key, 'buffer') : crypto.createHash('sha256').update(key, 'utf8').digest();
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first.trim();
}

/**
 * The user key a request carries: `X-API-Key`, else the user name of `Authorization: Basic`.
 * The Basic password is ignored (the platform documents it as empty or "any character").
 */
export function apiKeyOf(headers: Headers): string | undefined {
  const key = header(headers, 'x-api-key');
  if (key !== undefined) return key;
  const authorization = header(headers, 'authorization');
  const match = authorization && /^basic\s+(\S+)$/i.exec(authorization);
  if (!match || match[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const user = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
  return user === '' ? undefined : user;
}

export function evidenceKeyOf(headers: Headers): string | undefined {
  return header(headers, 'x-evidence-key');
}

export function interactionKeyOf(headers: Headers): string | undefined {
  return header(headers, 'x-interaction-key');
}

/** Whether `candidate` equals one of `accepted`, in time independent of where they differ. */
export function matchesKey(candidate: string | undefined, accepted: readonly string[]): boolean {
  if (candidate === undefined) return false;
  const given = digest(candidate);
  let found = false;
  for (const key of accepted) {
    // No early exit: every key is compared whatever the outcome.
    if (crypto.timingSafeEqual(given, digest(key))) found = true;
  }
  return found;
}

/** How a map version's evidence or interaction key is stored: never the key itself. */
export function keyDigest(key: string): string {
  return `sha256:${digest(key).toString('hex')}`;
}

/** Whether `stored` (from {@link keyDigest}) is a stored digest rather than a plain key. */
export function isKeyDigest(stored: string): boolean {
  return /^sha256:[0-9a-f]{64}$/.test(stored);
}

/** Whether `candidate` is the key `stored` was made from, in time independent of where they differ. */
export function matchesKeyDigest(candidate: string | undefined, stored: string | undefined): boolean {
  if (candidate === undefined || stored === undefined || !isKeyDigest(stored)) return false;
  return crypto.timingSafeEqual(digest(candidate), Buffer.from(stored.slice('sha256:'.length), 'hex'));
}

/** The server's user keys, digested once. */
export class ApiKeys {
  private readonly digests: readonly Buffer[];

  constructor(keys: readonly string[]) {
    const usable = keys.map((key) => key.trim()).filter((key) => key !== '');
    if (usable.length === 0) throw new Error('the Decision API server needs at least one API key');
    this.digests = usable.map(digest);
  }

  /** Checks a request's user key: missing, wrong or valid. */
  check(headers: Headers): 'missing' | 'invalid' | 'valid' {
    const key = apiKeyOf(headers);
    if (key === undefined) return 'missing';
    const given = digest(key);
    let found = false;
    for (const accepted of this.digests) {
      if (crypto.timingSafeEqual(given, accepted)) found = true;
    }
    return found ? 'valid' : 'invalid';
  }
}
