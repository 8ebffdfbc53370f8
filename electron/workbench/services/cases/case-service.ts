/**
 * Cases in the workbench: list, open as a document, save an edited document, delete, import
 * (all formats; nothing stored unless the whole file reads), export, make one from a consultation,
 * and each case's history.
 */
import { importCases } from '../../../cases';
import { caseFromSession } from '../../../cases';
import { readCaseDocument, writeCaseBundle, writeCaseDocument } from '../../../cases/core';
import { testCaseJsonSchema } from '../../../cases/core';
import { CaseErrorCodes, caseVersionOf, type CaseProblem } from '../../../cases/core';
import type { TestCase } from '../../../cases/core';
import type { CaseSummaryData, MethodOutput, ParsedInput, Transcript } from '../../../common/ipc';
import { describeQuery, type CasesStore, type StoredCase } from '../../../store';
import { WorkbenchError } from '../../errors';
import { sessionFromTranscript } from './transcript-session';

/** The error for a document problem, with its place in `details` for the editor. */
export function invalid(problem: CaseProblem): WorkbenchError {
  const where = [problem.path, problem.line !== undefined ? `line ${problem.line}` : undefined].filter(Boolean).join(', ');
  return new WorkbenchError(problem.code, where ? `${problem.message} (${where})` : problem.message, {
    ...(problem.path ? { path: problem.path } : {}),
    ...(problem.line !== undefined ? { line: problem.line, column: problem.column } : {}),
    ...(problem.file ? { file: problem.file } : {}),
  });
}

export function summaryOf(stored: StoredCase, lastStatus?: string): CaseSummaryData {
  const { testCase } = stored;
  return {
    id: stored.id,
    name: testCase.name,
    ...(testCase.suite ? { suite: testCase.suite } : {}),
    mapId: testCase.target.mapId,
    tags: [...testCase.tags],
    updatedAt: stored.updatedAt,
    ...(lastStatus ? { lastStatus } : {}),
  };
}

/** Where a consultation's transcript comes from: a live session or a saved consultation. */
interface TranscriptSource {
  live(sessionId: string): Transcript;
  saved(id: string): Transcript;
}

/** The maps an environment has, when it can list them (`mapIds` null: it cannot, e.g. a remote deployment). */
type KnownMaps = (environmentId: string) => { readonly environmentName: string; readonly mapIds: ReadonlySet<string> | null };

/** Same name and same map: the identity the user sees in the list, so importing a file twice finds its cases. */
const identityOf = (testCase: { name: string; target: { mapId: string } }): string => `${testCase.name}\u0000${testCase.target.mapId}`;

/**
 * `<suite or case name>.cases.json`, or `cases.json` for a selection of several cases without a
 * suite; a name that already says "cases" is not doubled (`cases.cases.json`, `smoke-cases.cases.json`).
 */
export function exportFileName(suite: string | undefined, cases: readonly TestCase[]): string {
  const raw = suite ?? (cases.length === 1 ? cases[0].name : '');
  const name = raw
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/[-._]*\bcases(\.json)?$/i, '');
  return name === '' ? 'cases.json' : `${name}.cases.json`;
}

export class CaseService {
  constructor(
    private readonly store: CasesStore,
    private readonly transcripts: TranscriptSource,
    private readonly knownMaps?: KnownMaps,
  ) {}

  list(filter: ParsedInput<'cases.list'>): MethodOutput<'cases.list'> {
    const cases = this.store.cases.list(filter).map((item) => ({ ...item, tags: [...item.tags] }));
    return { cases, suites: this.store.cases.suites() };
  }

  get(id: string): MethodOutput<'cases.get'> {
    const stored = this.require(id);
    return { id, document: writeCaseDocument(stored.testCase) };
  }

  /** Validates the document text (JSON path and line in errors) and stores it. */
  save(document: string): MethodOutput<'cases.save'> {
    const read = readCaseDocument(document);
    if (!read.ok) throw invalid(read.error);
    if (read.value.length !== 1)
      throw new WorkbenchError(CaseErrorCodes.invalid, 'a case document holds one case; import a bundle instead');
    return { case: summaryOf(this.store.cases.save(read.value[0])) };
  }

  delete(id: string): boolean {
    return this.store.cases.delete(id);
  }

  schema(): MethodOutput<'cases.schema'> {
    return { schema: testCaseJsonSchema() };
  }

  import(input: ParsedInput<'cases.import'>): MethodOutput<'cases.import'> {
    const imported = importCases(input.text, { file: input.fileName, ...(input.mapId ? { mapId: input.mapId } : {}) });
    if (!imported.ok) throw invalid(imported.error);
    // Imported cases are new: IDs from another machine's store must not overwrite local cases.
    const cases: TestCase[] = imported.value.cases.map(({ id: _id, ...testCase }) => ({
      ...testCase,
      ...(input.suite ? { suite: input.suite } : {}),
    }));
    const existing = new Map(this.store.cases.all().map((stored) => [identityOf(stored.testCase), stored.id]));
    const duplicates = cases.flatMap((testCase) => {
      const existingId = existing.get(identityOf(testCase));
      return existingId ? [{ name: testCase.name, mapId: testCase.target.mapId, existingId }] : [];
    });
    const checked = this.checkMaps(cases, input.environmentId);
    const report = { format: imported.value.format, notCarried: [...imported.value.notCarried], duplicates, ...checked };
    if (duplicates.length > 0 && input.onDuplicate === 'ask') return { ...report, stored: false, cases: [] };
    // Replace: the imported case takes the stored one's ID, so it is updated in place (its runs stay linked).
    const toStore =
      input.onDuplicate === 'replace'
        ? cases.map((testCase) => {
            const existingId = existing.get(identityOf(testCase));
            return existingId ? { ...testCase, id: existingId } : testCase;
          })
        : cases;
    const stored = this.store.cases.saveMany(toStore);
    return { ...report, stored: true, cases: stored.map((item) => summaryOf(item)) };
  }

  /** The cases' maps that the environment lacks (nothing when no environment is given or it cannot list maps). */
  private checkMaps(
    cases: readonly TestCase[],
    environmentId: string | undefined,
  ): Pick<MethodOutput<'cases.import'>, 'missingMaps' | 'mapCheck'> {
    if (environmentId === undefined || !this.knownMaps) return { missingMaps: [] };
    const known = this.knownMaps(environmentId);
    const mapCheck = { environmentName: known.environmentName, checked: known.mapIds !== null };
    if (known.mapIds === null) return { missingMaps: [], mapCheck };
    const missing = new Map<string, string[]>();
    for (const testCase of cases) {
      if (known.mapIds.has(testCase.target.mapId)) continue;
      missing.set(testCase.target.mapId, [...(missing.get(testCase.target.mapId) ?? []), testCase.name]);
    }
    return { missingMaps: [...missing].map(([mapId, caseNames]) => ({ mapId, caseNames })), mapCheck };
  }

  /** The selected cases (all when none is named) as one bundle file. */
  export(selection: ParsedInput<'cases.export'>): MethodOutput<'cases.export'> {
    const cases = this.select(selection).map((stored) => stored.testCase);
    return { fileName: exportFileName(selection.suite, cases), text: writeCaseBundle(cases), count: cases.length };
  }

  /** Cases by IDs or suite (all when neither), in list order. */
  select(selection: { caseIds?: readonly string[] | undefined; suite?: string | undefined }): StoredCase[] {
    if (selection.caseIds && selection.caseIds.length > 0) return selection.caseIds.map((id) => this.require(id));
    return this.store.cases.all(selection.suite ? { suite: selection.suite } : {});
  }

  fromConsultation(input: ParsedInput<'cases.fromConsultation'>): MethodOutput<'cases.fromConsultation'> {
    const transcript = input.sessionId ? this.transcripts.live(input.sessionId) : this.transcripts.saved(input.consultationId as string);
    const query = transcript.steps.find((step) => step.kind === 'query');
    const name = input.name ?? (query?.kind === 'query' ? describeQuery(query.query) : `Consultation of ${transcript.startedAt}`);
    const made = caseFromSession(sessionFromTranscript(transcript), {
      name,
      mapId: transcript.target.mapId,
      version: caseVersionOf(transcript.target.versionPolicy),
      ...(input.suite ? { suite: input.suite } : {}),
      tags: input.tags,
      description: `Saved from a consultation on ${transcript.target.environmentName} at ${transcript.startedAt}.`,
    });
    if (!made.ok) throw invalid(made.error);
    return {
      case: summaryOf(this.store.cases.save(made.value.testCase)),
      notes: [...made.value.notes],
      nameDerived: input.name === undefined,
    };
  }

  history(caseId: string, limit: number): MethodOutput<'cases.history'> {
    this.require(caseId);
    return { points: this.store.runs.caseHistory(caseId, limit).map((point) => ({ ...point, certainties: { ...point.certainties } })) };
  }

  retention(change: ParsedInput<'cases.retention'>): MethodOutput<'cases.retention'> {
    const current = this.store.runs.retention();
    if (change.keepRuns === undefined && change.keepDays === undefined) return { ...current };
    return {
      ...this.store.runs.setRetention({ keepRuns: change.keepRuns ?? current.keepRuns, keepDays: change.keepDays ?? current.keepDays }),
    };
  }

  require(id: string): StoredCase {
    const stored = this.store.cases.get(id);
    if (!stored) throw new WorkbenchError(CaseErrorCodes.notFound, `No case with id ${id}.`);
    return stored;
  }
}
