/**
 * Regression cases: the case list and the document being edited, run and comparison jobs (polled
 * for progress, cancellable), stored runs with their details, re-baselining, coverage, and
 * imported logs. Everything goes through the host API's `cases.*` methods.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type {
  CaseJob,
  CaseRunTarget,
  CaseSummaryData,
  ErrorInfo,
  LogSummaryData,
  MethodOutput,
  RunSummaryData,
} from '../../../electron/common/ipc';
import { useHost, type Result } from '../api/host';
import { useNotificationsStore } from './notifications';
import { readCoverageFile } from '../graphs/coverage-file';
import { plural } from '../wording';

export type RunDetailsData = MethodOutput<'cases.runDetails'>;
type RebaselineData = MethodOutput<'cases.rebaseline'>;
export type CoverageData = MethodOutput<'cases.coverage'>;
type CoverageMapData = MethodOutput<'maps.get'>;
type LogData = MethodOutput<'cases.logs.get'>;

/** How often a running job is polled. */
const POLL_MS = 250;

export const useCasesStore = defineStore('cases', () => {
  const host = () => useHost();
  const cases = ref<CaseSummaryData[]>([]);
  const suites = ref<MethodOutput<'cases.list'>['suites']>([]);
  const filter = ref({ suite: '', text: '' });
  const error = ref<ErrorInfo | null>(null);
  const notice = ref<string | null>(null);
  const notes = ref<string[]>([]);

  const selectedId = ref<string | null>(null);
  const document = ref('');
  const schema = shallowRef<Record<string, unknown> | null>(null);

  const job = ref<CaseJob | null>(null);
  const runs = ref<RunSummaryData[]>([]);
  const details = shallowRef<RunDetailsData | null>(null);
  const rebaselinePreview = shallowRef<RebaselineData | null>(null);
  const coverage = shallowRef<CoverageData | null>(null);
  /** The covered map version (its vocabulary and rules), loaded when the coverage map is shown. */
  const coverageMap = shallowRef<CoverageMapData | null>(null);
  /** The file the shown coverage was imported from; null when it is a stored run's. */
  const coverageFile = ref<string | null>(null);

  const logs = ref<LogSummaryData[]>([]);
  /** A case file whose import found cases already here, waiting for "replace" or "keep both". */
  const pendingImport = shallowRef<{
    text: string;
    fileName: string;
    mapId?: string;
    environmentId?: string;
    duplicates: MethodOutput<'cases.import'>['duplicates'];
  } | null>(null);
  const log = shallowRef<LogData | null>(null);

  /** Runs `call`; on failure keeps its error and reports it (naming `action`), and answers null. */
  async function attempt<T>(
    action: string,
    call: () => Promise<{ ok: true; value: T } | { ok: false; error: ErrorInfo }>,
  ): Promise<T | null> {
    const result = await call();
    if (result.ok) {
      error.value = null;
      useNotificationsStore().resolved(action);
      return result.value;
    }
    error.value = result.error;
    useNotificationsStore().failed(action, result.error);
    return null;
  }

  async function load(): Promise<void> {
    const listed = await attempt('List the cases', () =>
      host()['cases.list']({
        ...(filter.value.suite ? { suite: filter.value.suite } : {}),
        ...(filter.value.text ? { text: filter.value.text } : {}),
      }),
    );
    if (listed) {
      cases.value = listed.cases;
      suites.value = listed.suites;
    }
    if (!schema.value) schema.value = (await attempt('Load the case schema', () => host()['cases.schema']({})))?.schema ?? null;
  }

  async function open(id: string): Promise<void> {
    const opened = await attempt('Open the case', () => host()['cases.get']({ id }));
    if (!opened) return;
    selectedId.value = id;
    document.value = opened.document;
    notes.value = [];
  }

  async function save(): Promise<boolean> {
    const saved = await attempt('Save the case', () => host()['cases.save']({ document: document.value }));
    if (!saved) return false;
    notice.value = `Saved "${saved.case.name}".`;
    await load();
    await open(saved.case.id);
    return true;
  }

  async function remove(id: string): Promise<void> {
    if (!(await attempt('Delete the case', () => host()['cases.delete']({ id })))) return;
    if (selectedId.value === id) {
      selectedId.value = null;
      document.value = '';
    }
    await load();
  }

  /** Saves a consultation as a case; a blank name is left to the Node side, which names it after the query. */
  async function fromConsultation(input: {
    sessionId?: string;
    consultationId?: string;
    name?: string;
    suite?: string;
  }): Promise<CaseSummaryData | null> {
    const name = input.name?.trim();
    const made = await attempt('Make a test case', () =>
      host()['cases.fromConsultation']({
        ...(input.sessionId ? { sessionId: input.sessionId } : {}),
        ...(input.consultationId ? { consultationId: input.consultationId } : {}),
        ...(name ? { name } : {}),
        ...(input.suite ? { suite: input.suite } : {}),
        tags: [],
      }),
    );
    if (!made) return null;
    notes.value = made.notes;
    notice.value = made.nameDerived
      ? `Saved the consultation as the case "${made.case.name}" (no name was given, so it is named after its query).`
      : `Saved the consultation as the case "${made.case.name}".`;
    await load();
    await open(made.case.id);
    return made.case;
  }

  /**
   * Imports a case file, checking its maps against `environmentId`. When the file holds cases that
   * are already here, nothing is stored: `pendingImport` keeps the file until the user chooses to
   * replace them or keep both (or cancels).
   */
  async function importFile(
    text: string,
    fileName: string,
    options: { mapId?: string; environmentId?: string; onDuplicate?: 'ask' | 'replace' | 'keep-both' } = {},
  ): Promise<MethodOutput<'cases.import'> | null> {
    const imported = await attempt('Import cases', () =>
      host()['cases.import']({
        text,
        fileName,
        ...(options.mapId ? { mapId: options.mapId } : {}),
        ...(options.environmentId ? { environmentId: options.environmentId } : {}),
        onDuplicate: options.onDuplicate ?? 'ask',
      }),
    );
    if (!imported) return null;
    const mapWarnings = imported.missingMaps.map(
      (missing) =>
        `Map ${missing.mapId} is not in ${imported.mapCheck?.environmentName ?? 'the environment'}: ${missing.caseNames.join(', ')} will not run there.`,
    );
    const unchecked =
      imported.mapCheck && !imported.mapCheck.checked
        ? [`${imported.mapCheck.environmentName} cannot list its maps, so the cases' maps were not checked.`]
        : [];
    if (!imported.stored) {
      pendingImport.value = { text, fileName, ...options, duplicates: imported.duplicates };
      notes.value = [...mapWarnings, ...unchecked];
      return imported;
    }
    pendingImport.value = null;
    notes.value = [
      ...mapWarnings,
      ...unchecked,
      ...imported.notCarried.map((note) => `${note.caseName ? `${note.caseName}: ` : ''}${note.path}: ${note.message}`),
    ];
    const count = imported.cases.length;
    const replaced = options.onDuplicate === 'replace' && imported.duplicates.length > 0 ? `, replacing ${imported.duplicates.length}` : '';
    notice.value = `Imported ${plural(count, 'case')} from ${fileName} (${imported.format})${replaced}.`;
    await load();
    return imported;
  }

  /** Finishes an import that found duplicates: replace them, or keep both copies. */
  async function resolveImport(choice: 'replace' | 'keep-both'): Promise<void> {
    const pending = pendingImport.value;
    if (!pending) return;
    const { text, fileName, duplicates: _duplicates, ...options } = pending;
    await importFile(text, fileName, { ...options, onDuplicate: choice });
  }

  function cancelImport(): void {
    pendingImport.value = null;
    notes.value = [];
  }

  async function exportCases(selection: { caseIds?: string[]; suite?: string }): Promise<MethodOutput<'cases.export'> | null> {
    return attempt('Export cases', () => host()['cases.export'](selection));
  }

  /** Polls the current job until it ends, then opens its run. */
  async function follow(started: CaseJob): Promise<void> {
    job.value = started;
    while (job.value && job.value.jobId === started.jobId && job.value.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const state = await attempt('Follow the run', () => host()['cases.job']({ jobId: started.jobId }));
      if (!state) return;
      job.value = state;
    }
    if (job.value?.jobId === started.jobId && job.value.state === 'failed') {
      const what = started.kind === 'compare' ? 'Compare the targets' : 'Run the cases';
      useNotificationsStore().failed(what, { code: 'cases/job-failed', message: job.value.error ?? 'the job stopped without saying why' });
    }
    if (job.value?.runId) {
      await loadRuns();
      await openRun(job.value.runId);
    }
  }

  async function run(selection: { caseIds?: string[]; suite?: string }, target: CaseRunTarget, twice = false): Promise<void> {
    const started = await attempt('Run the cases', () => host()['cases.run']({ ...selection, target, twice }));
    if (started) await follow(started);
  }

  async function compare(
    selection: { caseIds?: string[]; suite?: string },
    before: CaseRunTarget,
    after: CaseRunTarget,
    twice = false,
  ): Promise<void> {
    const started = await attempt('Compare the targets', () => host()['cases.compare']({ ...selection, before, after, twice }));
    if (started) await follow(started);
  }

  async function cancel(): Promise<void> {
    if (job.value) await attempt('Cancel the run', () => host()['cases.cancel']({ jobId: (job.value as CaseJob).jobId }));
  }

  async function loadRuns(): Promise<void> {
    const listed = await attempt('List the runs', () => host()['cases.runs']({}));
    if (listed) runs.value = listed.runs;
  }

  async function openRun(runId: string): Promise<void> {
    rebaselinePreview.value = null;
    coverage.value = null;
    coverageMap.value = null;
    coverageFile.value = null;
    details.value = await attempt('Open the run', () => host()['cases.runDetails']({ runId }));
  }

  async function previewRebaseline(runId: string, caseIds?: string[]): Promise<void> {
    rebaselinePreview.value = await attempt('Re-baseline', () =>
      host()['cases.rebaseline']({ runId, ...(caseIds ? { caseIds } : {}), apply: false }),
    );
  }

  async function applyRebaseline(runId: string, caseIds?: string[]): Promise<void> {
    const applied = await attempt('Re-baseline', () => host()['cases.rebaseline']({ runId, ...(caseIds ? { caseIds } : {}), apply: true }));
    if (!applied) return;
    rebaselinePreview.value = null;
    const count = applied.items.filter((item) => item.changes.length > 0 && !item.problem).length;
    notice.value = applied.applied
      ? `Re-baselined ${plural(count, 'case')}: the run's results are their new expectations.`
      : 'Nothing to re-baseline.';
    await load();
    if (selectedId.value) await open(selectedId.value);
  }

  async function loadCoverage(runId: string): Promise<void> {
    coverage.value = await attempt('Show the coverage', () => host()['cases.coverage']({ runId }));
    coverageMap.value = null;
    coverageFile.value = null;
  }

  /** Shows a coverage file the coverage map exported (in place of the open run). */
  function importCoverage(text: string, fileName: string): void {
    const action = 'Import coverage';
    const read = readCoverageFile(text, fileName);
    if (!read.ok) {
      error.value = { code: 'cases/bad-coverage-file', message: read.message };
      useNotificationsStore().failed(action, error.value);
      return;
    }
    error.value = null;
    useNotificationsStore().resolved(action);
    details.value = null;
    rebaselinePreview.value = null;
    coverage.value = read.value;
    coverageMap.value = null;
    coverageFile.value = fileName;
    useNotificationsStore().succeeded(action, `Imported the coverage of map ${read.value.mapId} from ${fileName}.`);
  }

  /** The map the shown coverage covers, at the same version (coverage is of local maps only). */
  async function loadCoverageMap(): Promise<void> {
    const shown = coverage.value;
    if (!shown || coverageMap.value?.id === shown.mapId) return;
    coverageMap.value = await attempt('Open the covered map', () =>
      host()['maps.get']({ environmentId: 'local', mapId: shown.mapId, versionPolicy: shown.versionPolicy }),
    );
  }

  async function loadLogs(): Promise<void> {
    const listed = await attempt('List the imported logs', () => host()['cases.logs.list']({}));
    if (listed) logs.value = listed.logs;
  }

  async function importLog(text: string, fileName: string): Promise<void> {
    const imported = await attempt('Import the log', () => host()['cases.logs.import']({ text, fileName }));
    if (!imported) return;
    notes.value = imported.skipped.map((skip) => `${skip.where}: ${skip.reason}`);
    notice.value = `Imported ${plural(imported.log.entryCount, 'entry', 'entries')} from ${fileName}${imported.skipped.length ? `, skipping ${imported.skipped.length}` : ''}.`;
    await loadLogs();
    await openLog(imported.log.id);
  }

  async function importEvidence(logId: string, text: string, fileName: string): Promise<void> {
    const imported = await attempt('Import evidence', () => host()['cases.logs.importEvidence']({ logId, text, fileName }));
    if (!imported) return;
    notice.value = `${imported.log.evidenceCount} evidence records now with ${imported.log.name}.`;
    await loadLogs();
    await openLog(logId);
  }

  async function openLog(id: string): Promise<void> {
    log.value = await attempt('Open the log', () => host()['cases.logs.get']({ id }));
  }

  async function logToCase(logId: string, name: string, mapId: string): Promise<void> {
    const made = await attempt('Make a test case from the log', () => host()['cases.logs.toCase']({ logId, name, mapId }));
    if (!made) return;
    notes.value = made.notes;
    notice.value = `Made the case "${made.case.name}" from the log.`;
    await load();
  }

  /** The run retention: read it, or change it when `change` is given. Errors go to the host's result. */
  function retention(change?: { keepRuns: number; keepDays: number }): Promise<Result<MethodOutput<'cases.retention'>>> {
    return host()['cases.retention'](change ?? {});
  }

  /** A case's results over its latest runs (newest first); empty when they cannot be read. */
  async function history(caseId: string, limit = 20): Promise<MethodOutput<'cases.history'>['points']> {
    const result = await host()['cases.history']({ caseId, limit });
    return result.ok ? result.value.points : [];
  }

  return {
    cases,
    suites,
    filter,
    error,
    notice,
    notes,
    selectedId,
    document,
    schema,
    job,
    runs,
    details,
    rebaselinePreview,
    coverage,
    coverageMap,
    coverageFile,
    logs,
    log,
    pendingImport,
    resolveImport,
    cancelImport,
    load,
    open,
    save,
    remove,
    fromConsultation,
    importFile,
    exportCases,
    run,
    compare,
    cancel,
    loadRuns,
    openRun,
    previewRebaseline,
    applyRebaseline,
    loadCoverage,
    importCoverage,
    loadCoverageMap,
    loadLogs,
    importLog,
    importEvidence,
    openLog,
    logToCase,
    retention,
    history,
  };
});
