/**
 * What a hostile or careless client meets at the edge of the Decision API: slow bodies and silent
 * connections are cut off, an unauthenticated large upload is refused before it is read, deeply
 * nested JSON is a 400, and requests addressed to foreign host names (DNS rebinding) get 403.
 * Real sockets against a real listening server.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_API_KEY, type TestServer } from '../test-support/harness';
import { fixtureMapPath } from '../test-support/fixtures';
import { readFileSync } from 'node:fs';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../common/decision-api';
import { hostNameOf } from './host-check';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ limits: { requestTimeoutMs: 1000, idleTimeoutMs: 1500 }, allowedHosts: ['api.example.com'] });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.dispose());

/** A raw connection; resolves with everything the server sent once it closes (or after `ms`). */
function openSocket(): { socket: Socket; closed: Promise<{ text: string }> } {
  const socket = connect({ host: '127.0.0.1', port });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<{ text: string }>((resolve) => socket.on('close', () => resolve({ text })));
  return { socket, closed };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
}

function rawRequest(
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const { socket, closed } = openSocket();
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${host}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  return closed.then(({ text }) => ({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }));
}

describe('request bounds', () => {
  // The limits here are 1 s and 1.5 s; the defaults are 60 s and 120 s. A close within 15 s shows the
  // configured limit cut the client off, with room for a busy machine (no clock is compared).
  it('cuts off a client that dribbles its body, within the request timeout', async () => {
    const { socket, closed } = openSocket();
    socket.write(
      `POST /maps HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-Key: ${TEST_API_KEY}\r\nVersion: v1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
    );
    // One byte every 100 ms keeps the connection from ever being idle.
    const dribble = setInterval(() => socket.writable && socket.write('a'), 100);
    try {
      const outcome = await within(closed, 15_000);
      expect(outcome).not.toBe('still open');
      if (outcome !== 'still open') {
        // Node answers 408 when it can; either way the server hung up.
        if (outcome.text !== '') expect(outcome.text).toMatch(/^HTTP\/1\.1 408/);
      }
    } finally {
      clearInterval(dribble);
      socket.destroy();
    }
  });

  it('closes a connection that sends nothing', async () => {
    const { socket, closed } = openSocket();
    const outcome = await within(closed, 15_000);
    socket.destroy();
    expect(outcome).not.toBe('still open');
  });

  it('refuses an unauthenticated 30 MB POST /maps with 401 before reading its body', async () => {
    for (const key of [undefined, 'wrong-key']) {
      const { socket, closed } = openSocket();
      const headers = [
        `POST /maps HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Version: v1',
        'Content-Type: application/json',
        `Content-Length: ${30 * 1024 * 1024}`,
      ];
      if (key) headers.push(`X-API-Key: ${key}`);
      socket.write(`${headers.join('\r\n')}\r\n\r\n{"rblang":"`);
      // Only a few bytes of the 30 MB were sent: the answer cannot depend on the body.
      const answered = await within(
        new Promise<string>((resolve) => socket.on('data', (chunk: Buffer) => resolve(chunk.toString()))),
        10_000,
      );
      socket.destroy();
      await closed;
      expect(answered).toMatch(/^HTTP\/1\.1 401/);
    }
  });

  it('still reads the body of an authenticated POST /maps', async () => {
    const reply = await server.call('POST', '/maps', {
      apiKey: TEST_API_KEY,
      headers: { Version: 'v1' },
      body: { name: 'travel', rblang: readFileSync(fixtureMapPath('travel-money'), 'utf8') },
    });
    expect(reply.status).toBe(201);
  });
});

describe('deeply nested JSON', () => {
  it('is a 400 naming the limit, on every body-taking endpoint', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const path of [
      '/maps',
      '/nl/interact',
      '/0190a1b2-c3d4-7e5f-8a9b-000000000001/inject',
      '/0190a1b2-c3d4-7e5f-8a9b-000000000001/response',
    ]) {
      const reply = await server.call('POST', path, { apiKey: TEST_API_KEY, headers: { Version: 'v1' }, rawBody: deep });
      expect(reply.status).toBe(400);
      expect(reply.text).toContain(`more than ${MAX_JSON_DEPTH} levels deep`);
    }
  });

  it('counts nesting outside strings only', () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(500)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"[[[[["}`, 1)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[[[[1]]]]]', 4)).toBe(true);
    expect(nestsDeeperThan('[{"a":[{"b":[]}]}]', 4)).toBe(true);
  });
});

describe('Host check (DNS rebinding)', () => {
  it('refuses foreign host names on /version and the session endpoints, answers loopback and allowed names', async () => {
    for (const path of ['/version', '/openapi.json', '/0190a1b2-c3d4-7e5f-8a9b-000000000001/query']) {
      const rebound = await rawRequest(path === '/version' || path === '/openapi.json' ? 'GET' : 'POST', path, `evil.example:${port}`);
      expect(rebound.status).toBe(403);
      expect(rebound.text).toContain('does not answer for the host');
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST.:${port}`, 'api.example.com', `api.example.com:${port}`]) {
      expect((await rawRequest('GET', '/version', host)).status).toBe(200);
    }
    expect((await rawRequest('GET', '/version', `localhost.evil.example:${port}`)).status).toBe(403);
  });

  it('reads host names from Host headers', () => {
    expect(hostNameOf('Example.COM:80')).toBe('example.com');
    expect(hostNameOf('[::1]:3100')).toBe('[::1]');
    expect(hostNameOf('localhost.')).toBe('localhost');
    expect(hostNameOf('')).toBeUndefined();
    expect(hostNameOf(undefined)).toBeUndefined();
  });
});
