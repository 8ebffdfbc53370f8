/**
 * The embedded engine's version keys in a real Secret Service: the registry stores only digests,
 * so the workbench keeps each version's evidence and interaction keys in the keychain when it makes
 * them, uses them for Local evidence and logs, and finds them again after a restart. Run under
 * `bash scripts/with-keyring.sh npx vitest run electron/workbench/ports`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';

import { matchesKeyDigest, openServerDatabase, serverDatabaseFile, MapRegistry } from '../../server';
import { defaultAppRoot } from '../../host';
import { startEmbeddedEngine } from './embedded-engine';
import { OsKeychain } from '../../keychain';

const underWrapper = process.env.LAPWING_KEYRING === '1';
const mapsDir = join(defaultAppRoot(), 'resources', 'maps');

/** Every version of the only map: its version ID, and the registry's digests of its keys. */
function storedVersions(dataDir: string): { versionId: string; evidence: string; interaction: string }[] {
  const db = openServerDatabase(serverDatabaseFile(dataDir));
  try {
    const registry = new MapRegistry(db);
    const [map] = registry.listMaps();
    if (!map) return [];
    return [
      { versionId: map.id, number: 0 },
      ...map.versions.map((version) => ({ versionId: version.versionId, number: version.number })),
    ].map(({ versionId, number }) => {
      const settings = registry.settings(map.id, number);
      if (!settings.ok) throw new Error(settings.error.message);
      return { versionId, evidence: settings.value.evidenceKeyDigest, interaction: settings.value.interactionKeyDigest };
    });
  } finally {
    db.close();
  }
}

describe.runIf(underWrapper)('Local version keys in a real Secret Service', () => {
  // A service name of its own, so the test never touches a real Lapwing key.
  const keychain = new OsKeychain(`lapwing-test-${randomUUID()}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-version-keys-'));
  afterAll(async () => {
    for (const { versionId } of storedVersions(dataDir)) await keychain.deleteAll(`local-version:${versionId}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the keys of the versions it publishes in the keychain and uses them', async () => {
    const engine = await startEmbeddedEngine({ dataDir, mapsDir, keychain });
    const versions = storedVersions(dataDir);
    try {
      expect(versions).toHaveLength(2); // the draft and version 1 of hello-world
      for (const { versionId, evidence, interaction } of versions) {
        const kept = {
          evidenceKey: await keychain.get(`local-version:${versionId}`, 'evidence'),
          interactionKey: await keychain.get(`local-version:${versionId}`, 'interaction'),
        };
        expect(matchesKeyDigest(kept.evidenceKey ?? undefined, evidence)).toBe(true);
        expect(matchesKeyDigest(kept.interactionKey ?? undefined, interaction)).toBe(true);
        expect(engine.versionKeys(versionId)).toEqual(kept);
      }
      // Each version has keys of its own.
      expect(engine.versionKeys(versions[0]?.versionId ?? '')?.evidenceKey).not.toBe(
        engine.versionKeys(versions[1]?.versionId ?? '')?.evidenceKey,
      );
      // And they open the version's evidence over HTTP, as Local evidence calls send them.
      const start = (await (
        await fetch(`${engine.url}/start/${versions[0]?.versionId}`, { headers: { 'X-API-Key': engine.apiKey } })
      ).json()) as { id: string };
      const locked = await fetch(`${engine.url}/analysis/interactions/${start.id}`);
      expect(locked.status).toBe(401);
      const sessionVersion = engine.versionKeys(versions[1]?.versionId ?? '');
      const log = await fetch(`${engine.url}/analysis/interactions/${start.id}`, {
        headers: { 'x-interaction-key': sessionVersion?.interactionKey ?? '' },
      });
      expect(log.status).toBe(200);
    } finally {
      await engine.dispose();
    }
  });

  it('finds the same keys after a restart, without renewing them', async () => {
    const before = storedVersions(dataDir);
    const engine = await startEmbeddedEngine({ dataDir, mapsDir, keychain });
    try {
      expect(storedVersions(dataDir)).toEqual(before);
      for (const { versionId, evidence } of before)
        expect(matchesKeyDigest(engine.versionKeys(versionId)?.evidenceKey, evidence)).toBe(true);
    } finally {
      await engine.dispose();
    }
  });

  it('without a keychain, renews keys for the run so Local evidence still opens', async () => {
    const engine = await startEmbeddedEngine({ dataDir, mapsDir });
    try {
      for (const { versionId, evidence } of storedVersions(dataDir))
        expect(matchesKeyDigest(engine.versionKeys(versionId)?.evidenceKey, evidence)).toBe(true);
    } finally {
      await engine.dispose();
    }
  });
});
