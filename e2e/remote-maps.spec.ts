/**
 * The map loop on a remote environment (another Decision API server, real, on a loopback port):
 * "Show in map" from an evidence rule node fetches the map's file with the environment's key
 * (`GET /analysis/file`, the version the session runs) and opens it read-only at that rule; "why no
 * result?" says it is available on Local only.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as engine from '../electron/engine';
import { skipWithoutKeychain } from './support/keychain';
import { addMap, createServer, type LapwingServer } from '../electron/server';
import { expect, ipc, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { MapsPage } from './pages/maps-page';

/** A map written for these tests: people speak the national language of the country they live in. */
const LANGUAGES = readFileSync(join(import.meta.dirname, 'fixtures', 'languages.rbl'), 'utf8');
const API_KEY = 'remote-e2e-api-key';

interface Remote {
  readonly server: LapwingServer;
  readonly url: string;
  readonly kmId: string;
  readonly evidenceKey: string;
  readonly dataDir: string;
}

/** A second server with the map published live as version 1, and a draft that differs (a rule more, the lines moved). */
async function startRemote(): Promise<Remote> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lapwing-remote-e2e-'));
  const server = createServer({ dataDir, apiKeys: [API_KEY], cors: false });
  const added = addMap(server.registry, engine, { source: LANGUAGES, name: 'Languages' });
  if (!added.ok) throw new Error('the remote map did not load');
  const published = server.registry.publish(added.map.id, { live: true });
  if (!published.ok || !published.value.keys) throw new Error('the remote map was not published');
  const draft = LANGUAGES.replace('<concept name="Person"', '<!-- a comment\n  over lines -->\n  <concept name="Person"');
  if (!server.registry.updateDraft(added.map.id, draft).ok) throw new Error('the remote draft was not updated');
  const { url } = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url, kmId: added.map.id, evidenceKey: published.value.keys.evidenceKey, dataDir };
}

/** Adds the remote as the "Staging" environment with its API key (and evidence key, if given), then reloads. */
async function addStaging(page: Page, remote: Remote, keys: { evidence: boolean }): Promise<void> {
  const saved = await ipc<{ ok: true; value: { id: string } }>(page, 'environments.save', {
    name: 'Staging',
    kind: 'enterprise',
    baseUrl: remote.url,
    defaultMapId: remote.kmId,
  });
  await ipc(page, 'keys.set', { environmentId: saved.value.id, kind: 'api', value: API_KEY });
  if (keys.evidence) await ipc(page, 'keys.set', { environmentId: saved.value.id, kind: 'evidence', value: remote.evidenceKey });
  await page.reload();
}

test('Show in map on a remote session opens the version it ran, read only; why no result is Local only', async ({ page, runner }) => {
  await skipWithoutKeychain('the remote map test');

  const remote = await startRemote();
  try {
    await addStaging(page, remote, { evidence: true });

    await runner.show();
    await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Staging' });
    await expect(page.getByRole('combobox', { name: 'Map', exact: true })).toHaveValue(remote.kmId);
    await runner.startSession();
    await runner.typeFacts('[{"subject": "Ann", "relationship": "lives in", "object": "France", "certainty": 100}]');
    await runner.inject();
    await expect(page.getByRole('status').filter({ hasText: 'Injected 1 fact.' })).toBeVisible();
    await runner.query('Ann', 'speaks');
    await expect(runner.certainty('Ann speaks French')).toHaveAttribute('aria-valuenow', '80');

    // Show in map: the live version the session ran (not the draft, whose lines moved), read only.
    await runner.openEvidence('Ann speaks French');
    await runner.evidenceOutline.getByRole('button', { name: 'Home language (cap 80%)', exact: true }).click();
    await runner.evidenceOutline.getByRole('button', { name: 'Show in map: Home language (cap 80%)' }).click();
    await expect(page.getByRole('button', { name: 'Maps', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: `Staging: ${remote.kmId} version 1` })).toBeVisible();
    await expect(page.getByText('fetched from its environment, read only')).toBeVisible();
    const maps = new MapsPage(page);
    await expect(maps.outline.getByRole('button', { name: /^Home language/ })).toHaveAttribute('aria-current', 'location');

    // Why no result? needs the session inside the engine: on a remote environment the runner says so.
    await runner.show();
    await page.getByRole('tab', { name: 'Consultation' }).click();
    await runner.typeFacts('[{"subject": "Bea", "relationship": "lives in", "object": "Germany", "certainty": 100}]');
    await runner.inject();
    await expect(page.getByRole('status').filter({ hasText: 'Injected 1 fact.' })).toBeVisible();
    await runner.query('Bea', 'speaks');
    await expect(runner.whyNoResult).toContainText('"Why no result?" is available on Local only');
  } finally {
    await remote.server.close();
    await rm(remote.dataDir, { recursive: true, force: true });
  }
});

test("the runner's map field on a remote environment offers the maps it is known to run, and still takes a typed ID", async ({
  page,
  runner,
}) => {
  await skipWithoutKeychain('the remote map picker test');

  const remote = await startRemote();
  try {
    // A second map on the remote, which nothing in Lapwing knows of yet.
    const second = addMap(remote.server.registry, engine, { source: LANGUAGES, name: 'Languages again' });
    if (!second.ok || !remote.server.registry.publish(second.map.id, { live: true }).ok)
      throw new Error('the second remote map was not published');
    const secondId = second.map.id;
    await addStaging(page, remote, { evidence: false });

    await runner.show();
    const environment = page.getByRole('combobox', { name: 'Environment' });
    const map = page.getByRole('combobox', { name: 'Map', exact: true });
    /** The IDs the map field's list offers. */
    const offered = () =>
      map.evaluate((input) => Array.from((input as HTMLInputElement).list?.options ?? [], (option) => (option as HTMLOptionElement).value));

    await environment.selectOption({ label: 'Staging' });
    await expect(map).toHaveValue(remote.kmId);
    await expect.poll(offered).toEqual([remote.kmId]);

    // A map the list does not know: its ID typed, a session run on it and saved.
    await map.fill(secondId);
    await runner.startSession();
    // The status line and the announcement both say so.
    await expect(page.getByText(`on Staging · ${secondId} · live`).first()).toBeVisible();
    await runner.saveConsultation('On the second map');

    // Back on Staging later, the list offers it beside the default map.
    await environment.selectOption({ label: 'Local' });
    await environment.selectOption({ label: 'Staging' });
    await expect(map).toHaveValue(remote.kmId);
    await expect.poll(offered).toEqual([remote.kmId, secondId]);
  } finally {
    await remote.server.close();
    await rm(remote.dataDir, { recursive: true, force: true });
  }
});
