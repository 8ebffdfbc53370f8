/**
 * Wires the regression-case services: their own store (migration scope `cases`) in the
 * workbench's database file, one keep-alive transport for every run, and the run jobs.
 */
import { createNodeFetch } from '../../../cases/replay/nodeFetch';
import { openCasesStore } from '../../../store/cases';
import type { CaseServices } from '../../caseHandlers';
import type { Disposable } from '../../disposables';
import type { ConsultationService } from '../consultationService';
import type { EndpointResolver } from '../endpoints';
import type { EnvironmentService } from '../environmentService';
import type { MapLoader } from '../mapService';
import type { SavedConsultationService } from '../savedConsultationService';
import { CaseJobs } from './caseJobs';
import { CaseLogService } from './caseLogService';
import { CaseRunService } from './caseRunService';
import { CaseService } from './caseService';
import { CaseTargets } from './runTargets';
import type { CaseCoverageSource } from '../maps/impact';

export interface CaseServicesOptions {
  /** The workbench's database file; the cases store shares it under its own migration scope. */
  readonly databaseFile: string;
  readonly environments: EnvironmentService;
  readonly endpoints: EndpointResolver;
  readonly consultation: ConsultationService;
  readonly consultations: SavedConsultationService;
  readonly loadMap: MapLoader;
  readonly logBug: (what: string, error: unknown) => void;
}

export function createCaseServices(options: CaseServicesOptions): { services: CaseServices; coverage: CaseCoverageSource } & Disposable {
  const store = openCasesStore(options.databaseFile);
  const transport = createNodeFetch();
  const jobs = new CaseJobs(options.logBug);
  const cases = new CaseService(store, {
    live: (sessionId) => options.consultation.transcript(sessionId),
    saved: (id) => options.consultations.get(id).transcript,
  });
  const runs = new CaseRunService(store, cases, new CaseTargets(options.environments, options.endpoints, transport), jobs, options.endpoints, options.loadMap);
  return {
    services: { cases, runs, logs: new CaseLogService(store), jobs },
    // What a map diff's impact reads: a map's saved cases and what each did in its newest run.
    coverage: {
      casesOf: (mapId) => store.cases.list({ mapId }).map(({ id, name, suite }) => ({ id, name, ...(suite === undefined ? {} : { suite }) })),
      latestObservation: (caseId) => store.runs.latestObservation(caseId),
    },
    dispose: () => {
      jobs.dispose();
      transport.close();
      store.close();
    },
  };
}
