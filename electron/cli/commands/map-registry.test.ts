import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureMapPath } from '../../server/test-support/fixtures';
import { run } from '../test-support';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-cli-maps-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function json<T>(text: string): T {
  return JSON.parse(text) as T;
}

describe('lapwing map add | publish | list | settings', () => {
  it('adds, publishes and lists maps as JSON', async () => {
    const data = dataDir();
    const added = await run('map', 'add', fixtureMapPath('travel-money'), '--data', data, '--name', 'Travel money');
    expect(added.code, added.err).toBe(0);
    const { id, kmID, name } = json<{ id: string; kmID: string; name: string }>(added.out);
    expect(kmID).toBe(id);
    expect(name).toBe('Travel money');

    const published = await run('map', 'publish', id, '--live', '--data', data);
    expect(published.code, published.err).toBe(0);
    expect(json(published.out)).toMatchObject({ id, version: 1, versionStatus: 'Version1', live: true });
    expect(json((await run('map', 'publish', id, '--data', data)).out)).toMatchObject({ version: 2, live: false });

    const listed = await run('map', 'list', '--data', data);
    expect(listed.code).toBe(0);
    expect(json(listed.out)).toEqual([
      expect.objectContaining({
        id,
        name: 'Travel money',
        liveVersion: 1,
        versions: [expect.objectContaining({ number: 1, live: true }), expect.objectContaining({ number: 2, live: false })],
      }),
    ]);
  });

  it('shows and changes the settings of the version /start uses, or of a chosen one', async () => {
    const data = dataDir();
    const { id } = json<{ id: string }>((await run('map', 'add', fixtureMapPath('travel-money'), '--data', data)).out);
    const draft = await run('map', 'settings', id, '--data', data);
    expect(json(draft.out)).toMatchObject({
      version: 'draft',
      versionStatus: 'Draft',
      recordInteractions: false,
      evidenceSecured: true,
      interactionsSecured: true,
    });
    // Keys are shown only when made: the registry keeps their digests.
    expect(draft.out).not.toMatch(/evidenceKey|interactionKey|sha256/);

    await run('map', 'publish', id, '--live', '--data', data);
    const changed = await run('map', 'settings', id, '--record-interactions', 'on', '--secure-evidence', 'off', '--data', data);
    expect(changed.code, changed.err).toBe(0);
    expect(json(changed.out)).toMatchObject({ version: 1, live: true, recordInteractions: true, evidenceSecured: false });
    expect(json((await run('map', 'settings', id, '--version', 'draft', '--data', data)).out)).toMatchObject({
      version: 'draft',
      recordInteractions: false,
    });

    expect(changed.out).not.toMatch(/evidenceKey/);
    const renewed = json<{ evidenceKey: string; interactionKey: string }>(
      (await run('map', 'settings', id, '--version', '1', '--new-keys', '--data', data)).out,
    );
    expect(renewed.evidenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(renewed.interactionKey).toMatch(/^[0-9a-f-]{36}$/);
    const again = json<{ evidenceKey: string }>((await run('map', 'settings', id, '--version', '1', '--new-keys', '--data', data)).out);
    expect(again.evidenceKey).not.toBe(renewed.evidenceKey);
  });

  it('prints keys once when a map is added or published, fresh per version unless --keep-keys', async () => {
    const data = dataDir();
    const added = json<{ id: string; draft: { evidenceKey: string; interactionKey: string } }>(
      (await run('map', 'add', fixtureMapPath('travel-money'), '--data', data)).out,
    );
    expect(added.draft.evidenceKey).toMatch(/^[0-9a-f-]{36}$/);
    const first = json<{ evidenceKey: string; interactionKey: string }>((await run('map', 'publish', added.id, '--data', data)).out);
    expect(first.evidenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.evidenceKey).not.toBe(added.draft.evidenceKey);
    const kept = json<Record<string, unknown>>((await run('map', 'publish', added.id, '--keep-keys', '--data', data)).out);
    expect(kept).toMatchObject({ version: 2, keys: 'kept from the draft' });
    expect(kept.evidenceKey).toBeUndefined();
    // Nothing in the database file is a key.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(data, 'server.sqlite'), { readonly: true });
    const stored = JSON.stringify(db.prepare('SELECT * FROM map_settings').all());
    db.close();
    for (const key of [added.draft.evidenceKey, added.draft.interactionKey, first.evidenceKey, first.interactionKey])
      expect(stored).not.toContain(key);
  });

  it('refuses a map with errors, listing its diagnostics on stderr', async () => {
    const data = dataDir();
    const result = await run('map', 'add', fixtureMapPath('broken'), '--data', data);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/broken\.xml:5:\d+: error: .*planet/);
    expect(result.out).toBe('');
    expect(json((await run('map', 'list', '--data', data)).out)).toEqual([]);
  });

  it('reports unknown maps and unreadable files with exit code 1', async () => {
    const data = dataDir();
    expect(await run('map', 'publish', 'nope', '--data', data)).toMatchObject({ code: 1, err: 'No map with ID nope.\n' });
    expect(await run('map', 'settings', 'nope', '--data', data)).toMatchObject({ code: 1 });
    expect((await run('map', 'add', join(data, 'missing.xml'), '--data', data)).err).toMatch(/cannot read/);
  });

  it('rejects bad flag values with exit code 2', async () => {
    const data = dataDir();
    const result = await run('map', 'settings', 'x', '--record-interactions', 'maybe', '--data', data);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/use on or off/);
    expect((await run('map', 'settings', 'x', '--version', 'latest', '--data', data)).code).toBe(2);
    expect((await run('map', 'publish', '--data', data)).code).toBe(2);
  });

  it('uses $LAPWING_DATA when --data is not given', async () => {
    const data = dataDir();
    const saved = process.env.LAPWING_DATA;
    process.env.LAPWING_DATA = data;
    try {
      const { id } = json<{ id: string }>((await run('map', 'add', fixtureMapPath('travel-money'))).out);
      expect(json<{ id: string }[]>((await run('map', 'list', '--data', data)).out).map((map) => map.id)).toEqual([id]);
    } finally {
      if (saved === undefined) delete process.env.LAPWING_DATA;
      else process.env.LAPWING_DATA = saved;
    }
  });
});
