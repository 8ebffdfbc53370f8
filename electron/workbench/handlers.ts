/**
 * Every contract method, bound to its service. Handlers receive parsed input (the dispatcher
 * validated it) and answer `ok(value)`; expected failures are thrown as WorkbenchError and turned
 * into Result errors by the dispatcher.
 */
import { ok, type HostHandlers } from '../common/ipc';
import { createCaseHandlers, type CaseServices } from './case-handlers';
import { createMapHandlers, type MapLoopServices } from './map-handlers';
import type { AppService } from './services/app-service';
import type { ChatService } from './services/chat-service';
import type { ConsultationService } from './services/consultation-service';
import type { EnvironmentService } from './services/environment-service';
import type { KeyService } from './services/key-service';
import type { MapService } from './services/map-service';
import type { ProviderSettingsService } from './services/provider-settings-service';
import type { SavedConsultationService } from './services/saved-consultation-service';
import type { SavedReplayService } from './services/saved-replay-service';
import { logExportOf } from './services/interaction-log';
import type { SettingsRepository } from '../store';

interface Services {
  readonly app: AppService;
  readonly environments: EnvironmentService;
  readonly keys: KeyService;
  readonly maps: MapService;
  readonly mapLoop: MapLoopServices;
  readonly consultation: ConsultationService;
  readonly consultations: SavedConsultationService;
  readonly replays: SavedReplayService;
  readonly cases: CaseServices;
  readonly chat: ChatService;
  readonly provider: ProviderSettingsService;
  /** The interface preferences (theme), stored with the workbench's settings. */
  readonly preferences: Pick<SettingsRepository, 'uiPreferences' | 'saveUiPreferences'>;
}

/** The contract's handlers over the services. */
export function createHandlers(services: Services): HostHandlers {
  const { app, environments, keys, maps, consultation, consultations } = services;
  return {
    'app.info': async () => ok(await app.info()),
    'app.preferences': async () => ok(services.preferences.uiPreferences()),
    'app.setPreferences': async (input) => ok(services.preferences.saveUiPreferences(input)),

    'environments.list': async () => ok({ environments: environments.list() }),
    'environments.save': async (input) => ok(environments.save(input)),
    'environments.delete': async ({ id }) => ok({ deleted: await environments.delete(id) }),

    'keys.status': async ({ environmentId }) => ok(await keys.status(environmentId)),
    'keys.set': async ({ environmentId, kind, value }) => {
      await keys.set(environmentId, kind, value);
      return ok({ stored: true as const });
    },
    'keys.test': async (input) => ok(await keys.test(input)),
    'keys.delete': async ({ environmentId, kind }) => ok({ deleted: await keys.delete(environmentId, kind) }),

    'maps.list': async ({ environmentId }) => {
      // Drafts not checked yet (large ones) are loaded off the main thread before the listing checks them.
      if (environments.get(environmentId).kind === 'local') await services.mapLoop.maps.prepareDrafts();
      return ok(maps.list(environmentId));
    },
    'maps.get': async ({ environmentId, mapId, versionPolicy }) => ok(await maps.get(environmentId, mapId, versionPolicy)),
    ...createMapHandlers(services.mapLoop),

    'consultation.start': async (input) => ok(await consultation.start(input)),
    'consultation.inject': async ({ sessionId, facts }) => ok(await consultation.inject(sessionId, facts)),
    'consultation.query': async ({ sessionId, query }) => ok(await consultation.query(sessionId, query)),
    'consultation.respond': async ({ sessionId, answers }) => ok(await consultation.respond(sessionId, answers)),
    'consultation.undo': async ({ sessionId }) => ok(await consultation.undo(sessionId)),
    'consultation.evidence': async ({ sessionId, factId }) => ok(await consultation.evidence(sessionId, factId)),
    'consultation.interactions': async ({ sessionId }) => ok(await consultation.interactions(sessionId)),
    'consultation.whyNoResult': async ({ sessionId }) => ok(await consultation.whyNoResult(sessionId)),
    'consultation.sessionInfo': async (input) => ok(await consultation.sessionInfo(input)),
    'consultation.transcript': async ({ sessionId }) => ok(consultation.transcript(sessionId)),
    'consultation.exportLog': async ({ sessionId }) => ok(await consultation.exportLog(sessionId)),
    'consultation.close': async ({ sessionId }) => ok({ closed: consultation.close(sessionId) }),

    'consultations.save': async (input) => ok(consultations.save(input)),
    'consultations.list': async ({ limit, offset }) => ok(consultations.list(limit, offset)),
    'consultations.get': async ({ id }) => ok(consultations.get(id)),
    'consultations.search': async (input) => ok(consultations.search(input)),
    'consultations.delete': async ({ id }) => ok({ deleted: consultations.delete(id) }),
    'consultations.exportLog': async ({ id }) => ok(logExportOf(consultations.get(id).transcript, null)),
    'consultations.replayStart': async (input) => ok(await services.replays.start(input)),
    'consultations.replayStep': async ({ sessionId }) => ok(await services.replays.step(sessionId)),
    'consultations.replayStop': async ({ sessionId }) => ok({ stopped: services.replays.stop(sessionId) }),

    ...createCaseHandlers(services.cases),

    'chat.status': async ({ sessionId }) => ok(await services.chat.status(sessionId)),
    'chat.interact': async ({ sessionId, prompt }) => ok(await services.chat.interact(sessionId, prompt)),
    'chat.explain': async ({ sessionId, factId, language, instructions }) =>
      ok(await services.chat.explain(sessionId, { factId, language, ...(instructions ? { instructions } : {}) })),

    'nlProvider.get': async () => ok(await services.provider.get()),
    'nlProvider.save': async (input) => ok({ settings: services.provider.save(input) }),
    'nlProvider.clear': async () => ok({ cleared: services.provider.clear() }),
  };
}
