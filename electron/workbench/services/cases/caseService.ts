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
import type { CasesStore, StoredCase } from '../../../store';
import { WorkbenchError } from '../../errors';
import { sessionFromTranscript } from './transcriptSession';

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
export interface TranscriptSource {
  live(sessionId: string): Transcript;
  saved(id: string): Transcript;
}

export class CaseService {
  constructor(
    private readonly store: CasesStore,
    private readonly transcripts: TranscriptSource,
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
    const stored = this.store.cases.saveMany(cases);
    return { format: imported.value.format, cases: stored.map((item) => summaryOf(item)), notCarried: [...imported.value.notCarried] };
  }

  /** The selected cases (all when none is named) as one bundle file. */
  export(selection: ParsedInput<'cases.export'>): MethodOutput<'cases.export'> {
    const cases = this.select(selection).map((stored) => stored.testCase);
    const name = selection.suite ?? (cases.length === 1 ? cases[0].name : '');
    return { fileName: caseBundleFileName(name), text: writeCaseBundle(cases), count: cases.length };
  }

  /** Cases by IDs or suite (all when neither), in list order. */
  select(selection: { caseIds?: readonly string[]; suite?: string }): StoredCase[] {
    if (selection.caseIds && selection.caseIds.length > 0) return selection.caseIds.map((id) => this.require(id));
    return this.store.cases.all(selection.suite ? { suite: selection.suite } : {});
  }

  fromConsultation(input: ParsedInput<'cases.fromConsultation'>): MethodOutput<'cases.fromConsultation'> {
    const transcript = input.sessionId ? this.transcripts.live(input.sessionId) : this.transcripts.saved(input.consultationId as string);
    const made = caseFromSession(sessionFromTranscript(transcript), {
      name: input.name,
      mapId: transcript.target.mapId,
      version: caseVersionOf(transcript.target.versionPolicy),
      ...(input.suite ? { suite: input.suite } : {}),
      tags: input.tags,
      description: `Saved from a consultation on ${transcript.target.environmentName} at ${transcript.startedAt}.`,
    });
    if (!made.ok) throw invalid(made.error);
    return { case: summaryOf(this.store.cases.save(made.value.testCase)), notes: [...made.value.notes] };
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

/**
 * A bundle's file name: the suite's or case's name, safe for file systems, then `.cases.json`
 * (what the importer recognises), without saying "cases" twice ("Studio cases" gives
 * `Studio.cases.json`, everything `lapwing.cases.json`).
 */
export function caseBundleFileName(name: string): string {
  const safe = name
    .replace(/[^\w.-]+/g, '-')
    .replace(/[-_.]*\bcases?$/i, '')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${safe || 'lapwing'}.cases.json`;
}
