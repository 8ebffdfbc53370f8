import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../common/ipc';
import { FakeKeychain } from '../workbench/test-support/fakes';
import { dispatchWhenReady, startBrowserMode } from './browser-mode';
import type { Workbench } from '../workbench';
import { defaultAppRoot, defaultDataDir } from './paths';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-web-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function tokenOf(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const match = /<meta name="lapwing-token" content="([^"]+)">/.exec(html);
  if (!match?.[1]) throw new Error('no token in the page');
  return match[1];
}

describe('browser mode', () => {
  it('serves the page and the contract over the embedded engine', async () => {
    const running = await startBrowserMode({ dataDir: tempDir(), rendererDir: tempDir(), keychain: new FakeKeychain() });
    try {
      const token = await tokenOf(running.url);
      const response = await fetch(`${running.url}ipc/maps.list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ environmentId: 'local' }),
      });
      const body = (await response.json()) as { ok: boolean; value: { maps: { name: string }[] } };
      expect(body.ok).toBe(true);
      expect(body.value.maps.map((map) => map.name)).toContain('hello-world');
    } finally {
      await running.close();
    }
  });

  it("reports an engine validation error (unknown relationship) as 400 with the engine's message", async () => {
    const running = await startBrowserMode({ dataDir: tempDir(), rendererDir: tempDir(), keychain: new FakeKeychain() });
    try {
      const token = await tokenOf(running.url);
      const ipc = (method: string, body: unknown) =>
        fetch(`${running.url}ipc/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
          body: JSON.stringify(body),
        });
      const maps = (await (await ipc('maps.list', { environmentId: 'local' })).json()) as {
        value: { maps: { id: string; name: string }[] };
      };
      const mapId = maps.value.maps.find((map) => map.name === 'hello-world')?.id;
      const started = (await (await ipc('consultation.start', { environmentId: 'local', mapId })).json()) as {
        ok: boolean;
        value: { sessionId: string };
      };
      expect(started.ok).toBe(true);
      const response = await ipc('consultation.query', {
        sessionId: started.value.sessionId,
        query: { subject: 'John', relationship: 'no such relationship' },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body.error.code).toBe('engine/rejected');
      expect(body.error.message).toMatch(/HTTP 400.*no such relationship/);
    } finally {
      await running.close();
    }
  });

  it('shares the desktop app data folder by default', () => {
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/x/config' })).toBe('/x/config/lapwing');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' })).toMatch(/Roaming.lapwing$/);
  });

  it('`lapwing web` prints its address and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(defaultAppRoot(), 'bin', 'lapwing.mjs'), 'web', '--no-open', '--data', tempDir()], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      // A cold start compiles the workbench on the fly: seconds on a busy machine. A child that never
      // says where it listens is not left running.
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no address printed: ${output}`));
      }, 45_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Lapwing \(browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    expect((await fetch(url)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('answers calls made while the workbench starts once it is up, and says why when it cannot start', async () => {
    let finish: (workbench: Workbench) => void = () => {};
    const starting = new Promise<Workbench>((resolve) => (finish = resolve));
    const early = dispatchWhenReady(starting)('app.info', {});
    finish({
      dispatch: async (method) => ({ ok: true, value: { answeredBy: method } }),
      handlers: {} as Workbench['handlers'],
      dispose: async () => {},
    });
    expect(await early).toEqual({ ok: true, value: { answeredBy: 'app.info' } });

    const failing = Promise.reject(new Error('the database file is damaged'));
    expect(await dispatchWhenReady(failing)('app.info', {})).toEqual({
      ok: false,
      error: { code: 'ipc/internal', message: 'Lapwing could not start: the database file is damaged' },
    });
  });
});
