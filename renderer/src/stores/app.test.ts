import { describe, expect, it } from 'vitest';
import { failed, installFakeHost, ok } from '../test-support/fake-host';
import { useAppStore } from './app';

const info = {
  name: 'Lapwing',
  version: '1.2.3',
  mode: 'browser' as const,
  dataDir: '/tmp/x',
  registryFile: '/tmp/x/server.sqlite',
  platform: 'linux',
  localEngine: { url: null, version: null },
  keychain: { available: true },
};

describe('app store', () => {
  it('loads what the host says about itself, and keeps the error when it cannot', async () => {
    installFakeHost({ 'app.info': () => ok(info) });
    const app = useAppStore();
    await app.load();
    expect(app.info?.version).toBe('1.2.3');
    expect(app.loadError).toBeNull();

    installFakeHost({ 'app.info': () => failed('host/unreachable', 'gone') });
    const offline = useAppStore();
    await offline.load();
    expect(offline.info).toBeNull();
    expect(offline.loadError?.message).toBe('gone');
  });

  it('announces a repeated message again (cleared first, set after a microtask)', async () => {
    installFakeHost();
    const app = useAppStore();
    app.announce('Saved.');
    expect(app.announcement).toBe('');
    await Promise.resolve();
    expect(app.announcement).toBe('Saved.');
    app.show('cases');
    expect(app.view).toBe('cases');
  });
});
