/**
 * The embedded engine: the Decision API server (`electron/server`) on a free loopback port, its
 * data under the user data folder, and on first launch the bundled maps of `resources/maps`
 * loaded into its registry (published as version 1, live, with interaction recording on so the
 * interaction log graph works without setup).
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { MapSummary, VersionPolicy } from '../../common/ipc';
import * as engine from '../../engine';
import type { WhyNoResult } from '../../common/why-no-result';
import {
  addMap,
  createServer,
  describeDiagnostic,
  DRAFT,
  ENGINE_VERSION,
  type LapwingServer,
  type MapRecord,
  type MapRegistry,
  type VersionSelector,
} from '../../server';
import type { LocalEngine, LocalEngineFactory, LocalMapSource, LocalVersionKeys } from './local-engine';
import { VersionKeyKeeper } from './version-keys';
import type { InProcessDecisions } from '../../cases';

const MAP_EXTENSIONS = new Set(['.xml', '.rbl', '.rblang']);

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

function selectorOf(policy: VersionPolicy): VersionSelector {
  if (policy.kind === 'draft') return { kind: 'draft' };
  if (policy.kind === 'version') return { kind: 'number', number: policy.version };
  return { kind: 'default' };
}

function summaryOf(map: MapRecord): MapSummary {
  return {
    id: map.id,
    name: map.name,
    ...(map.description ? { description: map.description } : {}),
    versions: map.versions.map((version) => ({
      number: version.number,
      id: version.versionId,
      createdAt: iso(version.created),
      live: map.liveVersion === version.number,
      note: '',
    })),
    hasDraft: true,
    updatedAt: iso(map.draftUpdated),
  };
}

/** Map files in `mapsDir`, sorted by name; none when the folder is missing. */
async function bundledMapFiles(mapsDir: string): Promise<string[]> {
  const names = await readdir(mapsDir).catch(() => []);
  return names
    .filter((name) => MAP_EXTENSIONS.has(extname(name).toLowerCase()))
    .sort()
    .map((name) => join(mapsDir, name));
}

/**
 * Loads the bundled maps into an empty registry. Returns problems to report (a bundled map that
 * does not load is skipped, not fatal).
 */
async function preloadBundledMaps(registry: MapRegistry, mapsDir: string, keys?: VersionKeyKeeper): Promise<string[]> {
  if (registry.listMaps().length > 0) return [];
  const problems: string[] = [];
  for (const file of await bundledMapFiles(mapsDir)) {
    const source = await readFile(file, 'utf8');
    const name = basename(file, extname(file));
    const added = addMap(registry, engine, { source, name, fileName: basename(file) });
    if (!added.ok) {
      problems.push(`${basename(file)}: ${added.diagnostics.map(describeDiagnostic).join('; ')}`);
      continue;
    }
    registry.updateSettings(added.map.id, DRAFT, { recordInteractions: true });
    const published = registry.publish(added.map.id, { live: true });
    // The registry shows each version's keys this once: the workbench keeps them (keychain).
    await keys?.remember(added.map.id, added.map.keys);
    if (published.ok && published.value.keys) await keys?.remember(published.value.versionId, published.value.keys);
  }
  return problems;
}

class EmbeddedEngine implements LocalEngine {
  readonly version = ENGINE_VERSION;

  constructor(
    readonly url: string,
    readonly apiKey: string,
    readonly registry: MapRegistry,
    private readonly keys: VersionKeyKeeper,
    private readonly sessions: LapwingServer['sessions'],
    private readonly close: () => Promise<void>,
    readonly decisions: InProcessDecisions,
  ) {}

  async whyNoResult(sessionId: string): Promise<engine.Outcome<WhyNoResult> | null> {
    // A read, as the analysis routes do: an idle session is rebuilt from its journal.
    const run = await this.sessions.run(sessionId, 'read', (live) => live.session.whyNoResult());
    return run.found ? run.value : null;
  }

  listMaps(): MapSummary[] {
    return this.registry.listMaps().map(summaryOf);
  }

  mapSource(mapId: string, policy: VersionPolicy): LocalMapSource | null {
    const resolved = this.registry.resolve(mapId, selectorOf(policy));
    if (!resolved.ok) return null;
    const rblang = this.registry.source(resolved.value.sourceId);
    if (rblang === undefined) return null;
    return { id: mapId, name: resolved.value.mapName, versionStatus: resolved.value.status, rblang };
  }

  versionKeys(kmVersionId: string): LocalVersionKeys | null {
    for (const map of this.registry.listMaps()) {
      const number = map.id === kmVersionId ? DRAFT : map.versions.find((version) => version.versionId === kmVersionId)?.number;
      if (number === undefined) continue;
      const settings = this.registry.settings(map.id, number);
      if (!settings.ok) return null;
      const keys = this.keys.keysFor(map.id, number, kmVersionId);
      return {
        ...(settings.value.evidenceSecured ? { evidenceKey: keys.evidenceKey } : {}),
        ...(settings.value.interactionsSecured ? { interactionKey: keys.interactionKey } : {}),
      };
    }
    return null;
  }

  dispose(): Promise<void> {
    return this.close();
  }
}

/** Starts the embedded Decision API server with a per-run API key. */
export const startEmbeddedEngine: LocalEngineFactory = async ({ dataDir, mapsDir, nlProvider, keychain }) => {
  // A fresh key per run: only this process knows it, so nothing has to be stored anywhere.
  const apiKey = randomUUID();
  // No CORS: only the workbench's Node side calls the embedded server, never a web page.
  const server = createServer({ dataDir, apiKeys: [apiKey], cors: false, ...(nlProvider ? { nlProvider } : {}) });
  try {
    const keys = new VersionKeyKeeper(server.registry, keychain);
    const problems = await preloadBundledMaps(server.registry, mapsDir, keys);
    for (const problem of problems) console.warn(`[lapwing] bundled map skipped: ${problem}`);
    // Keys of versions made in earlier runs, from the keychain (renewed where it holds none).
    await keys.load();
    const { url } = await server.listen({ host: '127.0.0.1', port: 0 });
    return new EmbeddedEngine(url, apiKey, server.registry, keys, server.sessions, () => server.close(), server.decisions);
  } catch (error) {
    await server.close();
    throw error;
  }
};
