/**
 * The `Host` header check: a web page whose DNS name an attacker points at 127.0.0.1 (DNS
 * rebinding) sends its own name as `Host`, so answering only the names this server is known by
 * keeps such pages from `/version`, the session calls and everything else. Loopback names are
 * allowed by default; a deployment lists its own (`lapwing serve --allowed-hosts`).
 */
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/** The names every server answers to (the listen address is added when it is not a wildcard). */
const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** `*` in the list turns the check off (a deployment behind a proxy that checks Host itself). */
const ANY_HOST = '*';

/** The host name of a `Host` header value, without its port, lower case, without a trailing dot. */
export function hostNameOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  return bare === '' ? undefined : bare;
}

/** A name as an operator writes it (`api.example.com`, `::1`, `[::1]`), in the form `hostNameOf` gives. */
function normaliseHostName(name: string): string {
  const value = name.trim().toLowerCase().replace(/\.$/, '');
  return value.includes(':') && !value.startsWith('[') ? `[${value}]` : value;
}

/** Refuses, with 403, requests whose `Host` is not one of `allowed` (plus the loopback names). */
export function installHostCheck(app: FastifyInstance, allowed: readonly string[]): { allow(name: string): void } {
  const names = new Set([...LOOPBACK_HOSTS, ...allowed].map(normaliseHostName));
  app.addHook('onRequest', (request, reply, done) => {
    const name = hostNameOf(request.headers.host);
    if (names.has(ANY_HOST) || (name !== undefined && names.has(name))) return done();
    sendError(
      reply,
      403,
      'Forbidden',
      `This server does not answer for the host "${request.headers.host ?? ''}"; an operator can allow it with --allowed-hosts.`,
    );
  });
  return { allow: (name) => void names.add(normaliseHostName(name)) };
}

/** Names from a comma-separated list (`--allowed-hosts`, `LAPWING_ALLOWED_HOSTS`). */
export function parseHostList(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
