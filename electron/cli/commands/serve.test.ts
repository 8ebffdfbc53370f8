import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../io';
import { main } from '../main';
import { fixtureMapPath } from '../../server/test-support/fixtures';
import { run, startServeProcess } from '../test-support';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-cli-serve-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lapwing serve', () => {
  it('serves maps added with `map add`, and stops cleanly on SIGTERM', async () => {
    const data = dataDir();
    const { id } = JSON.parse((await run('map', 'add', fixtureMapPath('travel-money'), '--data', data)).out) as { id: string };
    let out = '';
    let err = '';
    let announced: (url: string) => void = () => {};
    const listening = new Promise<string>((resolve) => (announced = resolve));
    const io: CliIO = {
      out: (text) => {
        out += text;
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match?.[1]) announced(match[1]);
      },
      err: (text) => void (err += text),
    };
    const exit = main(['serve', '--port', '0', '--data', data, '--api-key', 'cli-test-key'], io);
    const url = await listening;
    expect(out).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(err).toBe('');
    const start = await fetch(`${url}/start/${id}`, { headers: { 'X-API-Key': 'cli-test-key' } });
    expect(start.status).toBe(200);
    expect((await fetch(`${url}/start/${id}`, { headers: { 'X-API-Key': 'other' } })).status).toBe(401);
    process.emit('SIGTERM', 'SIGTERM');
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/version`)).rejects.toThrow();
  });

  it('runs as a process: generates and prints a key once, and exits 0 on SIGINT', async () => {
    const data = dataDir();
    const serve = await startServeProcess(['--port', '0', '--data', data], { env: { ...process.env, LAPWING_API_KEY: '' } });
    // The key goes to stderr, the address to stdout: two pipes, so the address may be read first.
    const key = (await serve.untilStderr(/API key for this run[^:]*: (\S+)/))[1];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${serve.url}/version`)).status).toBe(200);
    expect(await serve.stop('SIGINT')).toBe(0);
    expect(serve.stderr().match(/API key for this run/g)).toHaveLength(1);
  });

  it('answers only loopback names and --allowed-hosts (or LAPWING_ALLOWED_HOSTS)', async () => {
    const data = dataDir();
    const rawVersion = (url: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const target = new URL(url);
        const req = httpRequest({ host: target.hostname, port: target.port, path: '/version', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    const flagged = await startServeProcess(['--port', '0', '--data', data, '--api-key', 'k', '--allowed-hosts', 'api.example.com']);
    try {
      expect(await rawVersion(flagged.url, 'api.example.com')).toBe(200);
      expect(await rawVersion(flagged.url, 'localhost')).toBe(200);
      expect(await rawVersion(flagged.url, 'rebound.example')).toBe(403);
    } finally {
      await flagged.stop();
    }
    const fromEnv = await startServeProcess(['--port', '0', '--data', data, '--api-key', 'k'], {
      env: { ...process.env, LAPWING_ALLOWED_HOSTS: 'env.example' },
    });
    try {
      expect(await rawVersion(fromEnv.url, 'env.example:80')).toBe(200);
      expect(await rawVersion(fromEnv.url, 'api.example.com')).toBe(403);
    } finally {
      await fromEnv.stop();
    }
  }, 120_000);

  it('rejects bad flags with exit code 2', async () => {
    const port = await run('serve', '--port', 'eighty');
    expect(port.code).toBe(2);
    expect(port.err).toMatch(/port/);
    expect((await run('serve', '--api-key', ' ')).code).toBe(2);
    expect((await run('serve', '--colour')).code).toBe(2);
    const hosts = await run('serve', '--allowed-hosts', 'ok.example,bad host');
    expect(hosts.code).toBe(2);
    expect(hosts.err).toMatch(/"bad host" is not a host name/);
    expect((await run('serve', '--allowed-hosts', ' , ')).code).toBe(2);
    for (const workers of ['0', 'two', '65']) {
      const bad = await run('serve', '--workers', workers);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/number of workers is a whole number from 1 to 64, or "auto"/);
    }
    for (const size of ['0', 'lots', '1.5']) {
      const bad = await run('serve', '--map-cache-mb', size);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/map cache size is a whole number of MiB/);
    }
  });

  it('refuses a bad LAPWING_MAP_CACHE_MB with exit code 2, naming the variable', async () => {
    const saved = process.env.LAPWING_MAP_CACHE_MB;
    process.env.LAPWING_MAP_CACHE_MB = 'big';
    try {
      const bad = await run('serve', '--port', '0', '--data', dataDir());
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/LAPWING_MAP_CACHE_MB="big": the map cache size is a whole number of MiB/);
    } finally {
      if (saved === undefined) delete process.env.LAPWING_MAP_CACHE_MB;
      else process.env.LAPWING_MAP_CACHE_MB = saved;
    }
  });

  it('refuses a bad LAPWING_MAPS_IN_WORKER with exit code 2, naming the variable', async () => {
    const saved = process.env.LAPWING_MAPS_IN_WORKER;
    process.env.LAPWING_MAPS_IN_WORKER = 'no';
    try {
      const bad = await run('serve', '--port', '0', '--data', dataDir());
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/LAPWING_MAPS_IN_WORKER="no": LAPWING_MAPS_IN_WORKER is 1 .* or 0/);
    } finally {
      if (saved === undefined) delete process.env.LAPWING_MAPS_IN_WORKER;
      else process.env.LAPWING_MAPS_IN_WORKER = saved;
    }
  });
});
