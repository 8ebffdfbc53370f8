/**
 * A real Decision API server for replay tests: the `languages` fixture map with version 1 live
 * and a draft whose "Language of home" rule is weaker (the changed rule a comparison must find).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DecisionApiClient } from '../../client';
import * as engine from '../../engine';
import { addMap, type VersionKeys } from '../../server';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../server/test-support/harness';
import type { CaseVersion } from '../core';
import type { ReplayApi, RunTarget } from '../replay/port';

const MAPS = join(fileURLToPath(new URL('.', import.meta.url)), 'maps');

/** The fixture map's text; `homeCertainty` replaces the "Language of home" rule's cf (80). */
export function languagesMap(homeCertainty = 80): string {
  return readFileSync(join(MAPS, 'languages.rbl'), 'utf8').replace(
    '<relinst type="speaks" cf="80"',
    `<relinst type="speaks" cf="${homeCertainty}"`,
  );
}

export interface CaseServer {
  readonly server: TestServer;
  readonly mapId: string;
  readonly client: DecisionApiClient;
  /** The draft's evidence and interaction keys, which version 1 keeps (the registry stores only digests). */
  readonly keys: VersionKeys;
  /** A run target on this server; `api` may wrap the client (faults, timing). */
  target(label: string, version?: CaseVersion, api?: ReplayApi): RunTarget;
  dispose(): Promise<void>;
}

/** Version 1 (home rule at 80) live; draft with the home rule at `draftHomeCertainty` (default 60). */
export async function startCaseServer(draftHomeCertainty = 60): Promise<CaseServer> {
  const server = await startTestServer();
  const registry = server.server.registry;
  const added = addMap(registry, engine, { source: languagesMap(), name: 'Languages' });
  if (!added.ok) throw new Error(`fixture map did not load: ${added.diagnostics.map((d) => d.message).join('; ')}`);
  const mapId = added.map.id;
  // Version 1 keeps the draft's keys, so one evidence key serves both (shown once, when the map was added).
  registry.publish(mapId, { live: true, keepKeys: true });
  registry.updateDraft(mapId, languagesMap(draftHomeCertainty));
  const client = new DecisionApiClient({ environment: server.url });
  return {
    server,
    mapId,
    client,
    keys: added.map.keys,
    target: (label, version, api = client) => ({
      label,
      baseUrl: server.url,
      api,
      keys: { apiKey: TEST_API_KEY, evidenceKey: added.map.keys.evidenceKey },
      mapId,
      ...(version ? { version } : {}),
    }),
    dispose: () => server.dispose(),
  };
}
