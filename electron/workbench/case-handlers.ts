/** The `cases.*` contract methods, bound to the regression-case services (see `services/cases`). */
import { ok, type HostHandlers, type MethodName } from '../common/ipc';
import type { CaseJobs } from './services/cases/case-jobs';
import type { CaseLogService } from './services/cases/case-log-service';
import type { CaseRunService } from './services/cases/case-run-service';
import type { CaseService } from './services/cases/case-service';

export interface CaseServices {
  readonly cases: CaseService;
  readonly runs: CaseRunService;
  readonly logs: CaseLogService;
  readonly jobs: CaseJobs;
}

type CaseMethod = Extract<MethodName, `cases.${string}`>;

export function createCaseHandlers(services: CaseServices): Pick<HostHandlers, CaseMethod> {
  const { cases, runs, logs, jobs } = services;
  return {
    'cases.list': async (filter) => ok(cases.list(filter)),
    'cases.get': async ({ id }) => ok(cases.get(id)),
    'cases.save': async ({ document }) => ok(cases.save(document)),
    'cases.delete': async ({ id }) => ok({ deleted: cases.delete(id) }),
    'cases.schema': async () => ok(cases.schema()),
    'cases.import': async (input) => ok(cases.import(input)),
    'cases.export': async (selection) => ok(cases.export(selection)),
    'cases.fromConsultation': async (input) => ok(cases.fromConsultation(input)),
    'cases.run': async (input) => ok(await runs.run(input)),
    'cases.compare': async (input) => ok(await runs.compare(input)),
    'cases.job': async ({ jobId }) => ok(jobs.get(jobId)),
    'cases.cancel': async ({ jobId }) => ok({ cancelled: jobs.cancel(jobId) }),
    'cases.runs': async (input) => ok(runs.runs(input)),
    'cases.runDetails': async ({ runId }) => {
      const details = runs.details(runId);
      return ok({
        run: { ...details.run, counts: { ...details.run.counts } },
        results: details.results.map(({ nondeterminism, ...result }) => ({
          ...result,
          ...(nondeterminism ? { nondeterminism: [...nondeterminism] } : {}),
        })),
        comparisons: [...details.comparisons],
      });
    },
    'cases.rebaseline': async (input) => ok(runs.rebaseline(input)),
    'cases.coverage': async (input) => ok(runs.coverage(input)),
    'cases.history': async ({ caseId, limit }) => ok(cases.history(caseId, limit)),
    'cases.retention': async (change) => ok(cases.retention(change)),
    'cases.logs.import': async (input) => ok(logs.import(input)),
    'cases.logs.importEvidence': async (input) => ok(logs.importEvidence(input)),
    'cases.logs.list': async () => ok(logs.list()),
    'cases.logs.get': async ({ id }) => ok(logs.get(id)),
    'cases.logs.delete': async ({ id }) => ok({ deleted: logs.delete(id) }),
    'cases.logs.toCase': async (input) => ok(logs.toCase(input)),
  };
}
