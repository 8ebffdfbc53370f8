/**
 * The composition root: opens the store (one connection to the workbench database, shared by the
 * workbench's and the cases' migration scopes), starts the embedded engine, wires every service,
 * and gives both transports (Electron main, browser-mode host) the same dispatcher. `dispose`
 * stops the case runs and the engine and closes the store, in reverse order.
 */
import { join } from 'node:path';
import { ErrorCodes, type HostHandlers } from '../common/ipc';
import type { Keychain } from '../keychain';
import { createNodeFetch } from '../cases';
import { adoptEarlierRegistry, defaultDataFolder, registryFileOf, type ThreadedMapLoader } from '../server';
import { casesStoreOn, openWorkbenchStore } from '../store';
import { createDispatch, type Dispatch } from './dispatch';
import { DisposableStore } from './disposables';
import type { DecisionApi } from './ports/decision-api';
import { unavailableNaturalLanguageApi, type NaturalLanguageApi } from './ports/natural-language-api';
import type { LocalEngineFactory } from './ports/local-engine';
import type { NativeDialogs } from './ports/native-dialogs';
import { consoleBugLogger, WorkbenchError, type BugLogger } from './errors';
import { createHandlers } from './handlers';
import { AppService, type AppIdentity } from './services/app-service';
import { CaseJobs } from './services/cases/case-jobs';
import { CaseLogService } from './services/cases/case-log-service';
import { CaseRunService } from './services/cases/case-run-service';
import { CaseService } from './services/cases/case-service';
import { CaseTargets } from './services/cases/run-targets';
import { ChatService } from './services/chat-service';
import { ConsultationService } from './services/consultation-service';
import { EndpointResolver, type LocalEngineState } from './services/endpoints';
import { EnvironmentService } from './services/environment-service';
import { KeyService } from './services/key-service';
import { MapService, type MapLoader } from './services/map-service';
import { DraftChecks } from './services/maps/draft-checks';
import { LocalMaps } from './services/maps/local-maps';
import { MapDiffService } from './services/maps/map-diff-service';
import { MapEvents } from './services/maps/map-events';
import { MapChooser } from './services/maps/map-chooser';
import { MapFolders } from './services/maps/map-folders';
import type { CaseCoverageSource } from './services/maps/impact';
import { ProviderSettingsService } from './services/provider-settings-service';
import { SavedConsultationService } from './services/saved-consultation-service';
import { SavedReplayService } from './services/saved-replay-service';

export interface WorkbenchOptions {
  /** Where the workbench database and the embedded engine's data live (the user data folder). */
  readonly dataDir: string;
  readonly keychain: Keychain;
  readonly mode: AppIdentity['mode'];
  /** The Decision API client (the real one adapts `electron/client`). */
  readonly api: DecisionApi;
  /** The natural-language endpoints for the chat panel; without it the chat says it is unavailable. */
  readonly nl?: NaturalLanguageApi;
  /** Starts the embedded engine; null runs without one (Local then reports why). */
  readonly localEngine: LocalEngineFactory | null;
  /** Bundled maps preloaded into an empty Local registry (`resources/maps`). */
  readonly mapsDir: string;
  readonly loadMap: MapLoader;
  /** Loads large map texts off the main thread (the server's map loader); without it, drafts load in this thread. */
  readonly loadMapOffThread?: ThreadedMapLoader;
  readonly appVersion: string;
  /** The desktop app's native Open dialogs (Electron main); browser mode has none. */
  readonly dialogs?: NativeDialogs;
  readonly logBug?: BugLogger;
}

/** A running workbench: one dispatcher for every transport, disposed on quit. */
export interface Workbench {
  readonly dispatch: Dispatch;
  readonly handlers: HostHandlers;
  dispose(): Promise<void>;
}

/** Creates the workbench. The embedded engine failing to start is reported, not fatal. */
export async function createWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  const disposables = new DisposableStore();
  try {
    const store = openWorkbenchStore(join(options.dataDir, 'workbench.sqlite'));
    disposables.add({ dispose: () => store.close() });

    // Read on every natural-language call of the embedded engine: changes apply without a restart.
    const provider = new ProviderSettingsService(store.settings, options.keychain);
    let local: LocalEngineState = { engine: null, error: 'it is disabled in this run' };
    if (options.localEngine) {
      try {
        // The registry the CLI uses too (`server.sqlite` in the data folder); an earlier release's is adopted once.
        const adopted = adoptEarlierRegistry(options.dataDir, { includeHome: options.dataDir === defaultDataFolder() });
        if (adopted) console.warn(`[lapwing] ${adopted}`);
        const engine = await options.localEngine({
          dataDir: options.dataDir,
          mapsDir: options.mapsDir,
          nlProvider: () => provider.current(),
          keychain: options.keychain,
        });
        disposables.add(engine);
        local = { engine };
      } catch (error) {
        // Remote environments still work; Local and app.info say why the engine is missing.
        local = { engine: null, error: error instanceof Error ? error.message : String(error) };
        (options.logBug ?? consoleBugLogger)('local engine start', error);
      }
    }
    const localState = () => local;
    const localUrl = () => (local.engine ? local.engine.url : null);

    const environments = new EnvironmentService(store.environments, options.keychain, localUrl);
    environments.ensureBuiltIns(local.engine?.listMaps()[0]?.id ?? null);
    const endpoints = new EndpointResolver(options.keychain, localState);
    const consultation = new ConsultationService(environments, endpoints, options.api);
    const consultations = new SavedConsultationService(store.consultations, consultation);

    // Regression cases: their own migration scope on the same connection, one keep-alive transport
    // for every run, and the run jobs (stopped before the store closes).
    const casesStore = casesStoreOn(store.db);
    const transport = createNodeFetch();
    disposables.add({ dispose: () => transport.close() });
    const jobs = disposables.add(new CaseJobs(options.logBug ?? consoleBugLogger));
    const cases = new CaseService(
      casesStore,
      {
        live: (sessionId) => consultation.transcript(sessionId),
        saved: (id) => consultations.get(id).transcript,
      },
      (environmentId) => {
        const environment = environments.get(environmentId);
        // Remote deployments have no listing endpoint: their maps cannot be checked.
        if (environment.kind !== 'local') return { environmentName: environment.name, mapIds: null };
        return {
          environmentName: environment.name,
          mapIds: new Set(
            endpoints
              .localEngine()
              .listMaps()
              .map((map) => map.id),
          ),
        };
      },
    );
    const runs = new CaseRunService(
      casesStore,
      cases,
      new CaseTargets(environments, endpoints, transport),
      jobs,
      endpoints,
      options.loadMap,
    );
    // The map loop works on the embedded engine's registry in-process (the file the CLI uses too).
    const registry = () => {
      const found = endpoints.localEngine().registry;
      if (!found) throw new WorkbenchError(ErrorCodes.engineUnreachable, 'The Local registry is not available in this run.');
      return found;
    };
    const localMaps = new LocalMaps(registry, new DraftChecks(options.loadMap, undefined, options.loadMapOffThread));
    const mapEvents = new MapEvents();
    const folders = disposables.add(new MapFolders(store.mapFolders, localMaps, mapEvents));
    localMaps.attachFiles(folders);
    if (local.engine?.registry) folders.restore();
    // No session starts on a Local draft with errors: consultations and case runs say which errors.
    consultation.guardStarts((environment, mapId, policy) => {
      if (environment.kind === 'local' && local.engine?.registry) localMaps.assertStartable(mapId, policy);
    });
    runs.guardRuns((environmentId, mapId, policy) => {
      if (environments.get(environmentId).kind === 'local' && local.engine?.registry) localMaps.assertStartable(mapId, policy);
    });
    // What a map diff's impact reads: a map's saved cases and what each did in its newest run.
    const coverage: CaseCoverageSource = {
      casesOf: (mapId) =>
        casesStore.cases.list({ mapId }).map(({ id, name, suite }) => ({ id, name, ...(suite === undefined ? {} : { suite }) })),
      latestObservation: (caseId) => casesStore.runs.latestObservation(caseId),
    };
    const diffs = new MapDiffService(localMaps, options.loadMap, environments, endpoints, options.api, () => coverage);
    const handlers = createHandlers({
      app: new AppService(
        {
          name: 'Lapwing',
          version: options.appVersion,
          mode: options.mode,
          dataDir: options.dataDir,
          registryFile: local.engine ? registryFileOf(options.dataDir) : null,
        },
        options.keychain,
        localState,
      ),
      environments,
      keys: new KeyService(options.keychain, environments, endpoints, options.api, provider),
      maps: new MapService(environments, endpoints, options.loadMap, localMaps, options.api),
      mapLoop: { maps: localMaps, folders, events: mapEvents, diffs, environments, chooser: new MapChooser(options.dialogs ?? null) },
      consultation,
      consultations,
      replays: new SavedReplayService(consultation, consultations),
      cases: { cases, runs, logs: new CaseLogService(casesStore), jobs },
      chat: new ChatService(consultation, endpoints, options.nl ?? unavailableNaturalLanguageApi, () => provider.configured()),
      provider,
      preferences: store.settings,
    });
    return { dispatch: createDispatch(handlers, options.logBug), handlers, dispose: () => disposables.dispose() };
  } catch (error) {
    await disposables.dispose();
    throw error;
  }
}
