import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../common/ipc';
import { createHarness, type Harness } from '../workbench/test-support/harness';
import { httpStatusOf } from './http-status';
import { startHost, type RunningHost } from './server';

let harness: Harness;
let host: RunningHost;
let rendererDir: string;

beforeEach(async () => {
  harness = await createHarness();
  rendererDir = mkdtempSync(join(tmpdir(), 'lapwing-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>Lapwing</title></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(join(rendererDir, 'assets', 'main.js'), 'console.log("app")');
  writeFileSync(join(tmpdir(), 'lapwing-outside.txt'), 'outside');
  host = await startHost({ dispatch: harness.workbench.dispatch, rendererDir });
});
afterEach(async () => {
  await host.close();
  await harness.dispose();
  rmSync(rendererDir, { recursive: true, force: true });
});

function ipc(method: string, body: unknown, headers: Record<string, string> = { [TOKEN_HEADER]: host.token }) {
  return fetch(`${host.url}ipc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A raw request, to send a Host header fetch would not let us forge. */
function rawGet(path: string, hostHeader: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path, headers: { host: hostHeader } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode host', () => {
  it('listens on 127.0.0.1 on a free port', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(host.port).toBeGreaterThan(0);
  });

  it('serves index.html with the token and a strict CSP, for / and for client routes', async () => {
    for (const path of ['', 'consultations/42']) {
      const response = await fetch(`${host.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain(`<meta name="lapwing-token" content="${host.token}">`);
    }
  });

  it('serves assets, 404s missing ones, and never leaves the renderer folder', async () => {
    const asset = await fetch(`${host.url}assets/main.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toBe('console.log("app")');
    expect((await fetch(`${host.url}assets/missing.js`)).status).toBe(404);
    const escape = await rawGet('/..%2F..%2Flapwing-outside.txt', `127.0.0.1:${host.port}`);
    expect(escape.body).not.toContain('outside');
  });

  it('answers contract calls with the token', async () => {
    const response = await ipc('environments.list', {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; value: { environments: unknown[] } };
    expect(body.ok).toBe(true);
    expect(body.value.environments).toHaveLength(3);
  });

  it('refuses calls without the token or with a wrong one (401, envelope)', async () => {
    const attempts: Record<string, string>[] = [{}, { [TOKEN_HEADER]: 'wrong' }, { [TOKEN_HEADER]: `${host.token}x` }];
    for (const headers of attempts) {
      const response = await ipc('environments.list', {}, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'ipc/unauthorized' } });
    }
    expect(harness.api.calls).toHaveLength(0);
  });

  it('answers 400 naming the field for a bad payload, and for malformed JSON', async () => {
    const response = await ipc('keys.set', { environmentId: 'community', kind: 'password', value: 'x' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('ipc/invalid-input');
    expect(body.error.message).toContain('kind');

    const malformed = await fetch(`${host.url}ipc/keys.set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
      body: '{"environmentId":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ ok: false, error: { code: 'ipc/invalid-input' } });
  });

  it('answers 404 for an unknown method and for GET on the IPC path', async () => {
    const response = await ipc('nothing.here', {});
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'ipc/unknown-method' } });
    expect((await fetch(`${host.url}ipc/environments.list`)).status).toBe(404);
  });

  it('maps domain errors to HTTP statuses with the envelope', async () => {
    const response = await ipc('consultations.get', { id: 'missing' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'consultations/not-found' } });
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const rebound = await rawGet('/', `evil.example:${host.port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain(host.token);
    expect((await rawGet('/', `localhost:${host.port}`)).status).toBe(200);
  });

  it('refuses a 60 MB IPC body without the token before reading it', async () => {
    const socket = connect({ host: '127.0.0.1', port: host.port });
    socket.on('error', () => undefined);
    const answered = new Promise<string>((resolve) => socket.on('data', (chunk: Buffer) => resolve(chunk.toString())));
    socket.write(
      `POST /ipc/environments.list HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Type: application/json\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n{"a":"`,
    );
    // Only a few bytes of the body were sent: the answer cannot have waited for it.
    const reply = await Promise.race([answered, new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 10_000))]);
    socket.destroy();
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    expect(reply).toContain('ipc/unauthorized');
    expect(harness.api.calls).toHaveLength(0);
  });

  it('answers JSON nested 20,000 levels deep with 400', async () => {
    const response = await fetch(`${host.url}ipc/environments.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
      body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { code: 'ipc/invalid-input', message: expect.stringContaining('levels deep') },
    });
  });

  it('cuts off a client that dribbles its body', async () => {
    const strict = await startHost({ dispatch: harness.workbench.dispatch, rendererDir, requestTimeoutMs: 1000, idleTimeoutMs: 1500 });
    const socket = connect({ host: '127.0.0.1', port: strict.port });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /ipc/environments.list HTTP/1.1\r\nHost: 127.0.0.1:${strict.port}\r\n${TOKEN_HEADER}: ${strict.token}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"a":"`,
    );
    const dribble = setInterval(() => socket.writable && socket.write('a'), 100);
    try {
      const outcome = await Promise.race([
        closed.then(() => 'closed'),
        // Its limits are 1 s and 1.5 s (the defaults are far longer); 15 s leaves room for a busy machine.
        new Promise((resolve) => setTimeout(() => resolve('still open'), 15_000)),
      ]);
      expect(outcome).toBe('closed');
    } finally {
      clearInterval(dribble);
      socket.destroy();
      await strict.close();
    }
  });

  it('keeps an engine 4xx a 4xx (not 502); other engine failures stay 502', () => {
    expect(
      httpStatusOf({
        code: 'engine/rejected',
        message: 'The engine refused the query (HTTP 400): unknown relationship',
        details: { status: 400 },
      }),
    ).toBe(400);
    expect(httpStatusOf({ code: 'engine/rejected', message: 'x', details: { status: 404 } })).toBe(404);
    expect(httpStatusOf({ code: 'engine/rejected', message: 'x', details: { status: 401 } })).toBe(403);
    expect(httpStatusOf({ code: 'engine/rejected', message: 'x', details: { status: 500 } })).toBe(502);
    expect(httpStatusOf({ code: 'engine/unreachable', message: 'x' })).toBe(502);
  });
});
