/**
 * Folder-backed maps on a real folder with the real registry: files added, changed on disk,
 * saved from the editor, renamed and deleted, and the folder remembered across a restart.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languagesMap } from '../cases/test-support/server';
import type { MapEvent } from '../common/ipc';
import { loadMap } from '../engine';
import { MapRegistry, openServerDatabase } from '../server';
import { registryFileOf } from '../server';
import { createWorkbench, type Workbench } from './create-workbench';
import { ClientDecisionApi } from './ports/client-decision-api';
import { startEmbeddedEngine } from './ports/embedded-engine';
import { FakeKeychain } from './test-support/fakes';
import { callsOn } from './test-support/calls';

let dataDir: string;
let folder: string;
let workbench: Workbench;
const { call, value } = callsOn(() => workbench);
let seen = 0;

function start(): Promise<Workbench> {
  return createWorkbench({
    dataDir,
    keychain: new FakeKeychain(),
    mode: 'browser',
    api: new ClientDecisionApi(),
    localEngine: startEmbeddedEngine,
    mapsDir: join(dataDir, 'none'),
    loadMap,
    appVersion: '0.1.0-test',
  });
}
/**
 * Polls `maps.changes` as the renderer does until an event of `kind` arrives (the watcher reacts in
 * about 150 ms; the limit leaves room for a busy machine).
 */
async function nextEvent(kind: MapEvent['kind'], timeoutMs = 15_000): Promise<MapEvent> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const changes = await value('maps.changes', { afterEvent: seen });
    seen = changes.lastEvent;
    const found = changes.events.find((event) => event.kind === kind);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${kind} event within ${timeoutMs} ms`);
}
async function mapOf(id: string) {
  return (await value('maps.list', { environmentId: 'local' })).maps.find((map) => map.id === id);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-map-folders-'));
  folder = join(dataDir, 'my-maps');
  mkdirSync(folder);
  writeFileSync(join(folder, 'languages.rbl'), languagesMap());
  writeFileSync(join(folder, 'broken.xml'), languagesMap().replace('<relinst type="speaks" cf="80"', '<relinst type="speeks" cf="80"'));
  writeFileSync(join(folder, 'notes.txt'), 'not a map');
  workbench = await start();
});
afterAll(async () => {
  await workbench?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('maps that follow files in a folder', () => {
  let languagesId: string;
  let brokenId: string;

  it('makes every map file of the folder a map whose draft is the file', async () => {
    const opened = await value('maps.openFolder', { path: folder });
    seen = opened.events.at(-1)?.seq ?? 0;
    expect(opened.folder).toMatchObject({ path: folder, status: 'ok' });
    expect(opened.folder.maps.map((map) => map.fileName)).toEqual(['broken.xml', 'languages.rbl']);
    expect(opened.events.map((event) => event.kind)).toEqual(['added', 'added']);
    languagesId = opened.folder.maps.find((map) => map.fileName === 'languages.rbl')?.mapId ?? '';
    brokenId = opened.folder.maps.find((map) => map.fileName === 'broken.xml')?.mapId ?? '';
    expect(await mapOf(languagesId)).toMatchObject({ name: 'languages', file: { path: join(folder, 'languages.rbl'), status: 'ok' } });
    expect((await mapOf(brokenId))?.draft).toMatchObject({ state: 'errors', errors: 1 });
    // Opening it again answers the same folder and adds nothing.
    const again = await value('maps.openFolder', { path: folder });
    expect(again.folder.id).toBe(opened.folder.id);
    expect(again.events).toEqual([]);
  });

  it('reloads the draft when the file changes on disk, and writes the file when the draft is saved', async () => {
    await value('maps.publish', { mapId: languagesId, note: 'from the folder' });
    writeFileSync(join(folder, 'languages.rbl'), languagesMap(60));
    const reloaded = await nextEvent('reloaded');
    expect(reloaded).toMatchObject({
      mapId: languagesId,
      path: join(folder, 'languages.rbl'),
      message: expect.stringContaining('reloaded'),
    });
    expect((await value('maps.get', { environmentId: 'local', mapId: languagesId })).rblang).toBe(languagesMap(60));

    const saved = await value('maps.saveDraft', { mapId: languagesId, rblang: languagesMap(70) });
    expect(saved.wroteFile).toBe(join(folder, 'languages.rbl'));
    expect(readFileSync(join(folder, 'languages.rbl'), 'utf8')).toBe(languagesMap(70));
  });

  it('leaves a draft changed elsewhere (the CLI) alone until the file itself changes', async () => {
    const db = openServerDatabase(registryFileOf(dataDir));
    new MapRegistry(db).updateDraft(languagesId, languagesMap(65));
    db.close();
    // Any change in the folder makes the watcher sync it; the followed file did not change. Opening the
    // folder again syncs it at once, so the check below follows a sync (a fixed wait might not).
    writeFileSync(join(folder, 'notes.txt'), 'still not a map');
    expect((await value('maps.openFolder', { path: folder })).events).toEqual([]);
    expect((await value('maps.get', { environmentId: 'local', mapId: languagesId })).rblang).toBe(languagesMap(65));
    expect(readFileSync(join(folder, 'languages.rbl'), 'utf8')).toBe(languagesMap(70));
    await value('maps.saveDraft', { mapId: languagesId, rblang: languagesMap(70) });
  });

  it('follows a renamed file with the same map, its versions kept', async () => {
    renameSync(join(folder, 'languages.rbl'), join(folder, 'speakers.rbl'));
    const renamed = await nextEvent('renamed');
    expect(renamed).toMatchObject({ mapId: languagesId, path: join(folder, 'speakers.rbl') });
    const map = await mapOf(languagesId);
    expect(map).toMatchObject({
      file: { path: join(folder, 'speakers.rbl'), status: 'ok' },
      versions: [expect.objectContaining({ number: 1, note: 'from the folder' })],
    });
    expect((await value('maps.folders', {})).folders[0]?.maps.map((item) => item.fileName)).toEqual(['broken.xml', 'speakers.rbl']);
  });

  it('keeps the map of a deleted file, says so, and writes the file again on save', async () => {
    const before = (await value('maps.get', { environmentId: 'local', mapId: brokenId })).rblang;
    unlinkSync(join(folder, 'broken.xml'));
    const missing = await nextEvent('missing');
    expect(missing).toMatchObject({ mapId: brokenId, message: expect.stringContaining('keeps its draft') });
    expect(await mapOf(brokenId)).toMatchObject({ file: { status: 'missing' } });
    expect((await value('maps.get', { environmentId: 'local', mapId: brokenId })).rblang).toBe(before);

    await value('maps.saveDraft', { mapId: brokenId, rblang: languagesMap() });
    expect(readFileSync(join(folder, 'broken.xml'), 'utf8')).toBe(languagesMap());
    expect(await mapOf(brokenId)).toMatchObject({ file: { status: 'ok' }, draft: { errors: 0 } });
  });

  it('remembers the folder across a restart and picks up what changed while closed', async () => {
    await workbench.dispose();
    writeFileSync(join(folder, 'speakers.rbl'), languagesMap(50));
    workbench = await start();
    seen = 0;
    expect((await value('maps.folders', {})).folders).toEqual([expect.objectContaining({ path: folder, status: 'ok' })]);
    expect((await value('maps.get', { environmentId: 'local', mapId: languagesId })).rblang).toBe(languagesMap(50));
    expect((await value('maps.changes', {})).events).toContainEqual(expect.objectContaining({ kind: 'reloaded', mapId: languagesId }));
  });

  it('refuses paths that are not folders, and closing a folder keeps its maps', async () => {
    expect(await call('maps.openFolder', { path: join(dataDir, 'nowhere') })).toMatchObject({
      ok: false,
      error: { code: 'maps/folder-not-found' },
    });
    expect(await call('maps.openFolder', { path: join(folder, 'notes.txt') })).toMatchObject({
      ok: false,
      error: { code: 'maps/folder-not-found', message: expect.stringContaining('is not a folder') },
    });
    const [followed] = (await value('maps.folders', {})).folders;
    expect(await value('maps.closeFolder', { folderId: followed?.id ?? '' })).toEqual({ closed: true });
    expect((await value('maps.folders', {})).folders).toEqual([]);
    const map = await mapOf(languagesId);
    expect(map?.file).toBeUndefined();
    expect(map?.versions).toHaveLength(1);
  });
});
