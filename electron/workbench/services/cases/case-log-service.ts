/** Interaction logs exported from a deployment: import (JSON or CSV) and evidence, browse, turn into cases. */
import { caseFromSession, parseEvidenceJson, parseInteractionLog, sessionFromLog } from '../../../cases';
import { CaseErrorCodes, caseVersionOf } from '../../../cases/core';
import type { MethodOutput, ParsedInput } from '../../../common/ipc';
import type { CasesStore } from '../../../store';
import { WorkbenchError } from '../../errors';
import { invalid, summaryOf } from './case-service';

export class CaseLogService {
  constructor(private readonly store: CasesStore) {}

  import(input: ParsedInput<'cases.logs.import'>): MethodOutput<'cases.logs.import'> {
    const parsed = parseInteractionLog(input.text, { file: input.fileName });
    if (!parsed.ok) throw invalid(parsed.error);
    const log = this.store.logs.save({ name: input.name ?? input.fileName, fileName: input.fileName, log: parsed.value });
    return { log, skipped: [...parsed.value.skipped] };
  }

  importEvidence(input: ParsedInput<'cases.logs.importEvidence'>): MethodOutput<'cases.logs.importEvidence'> {
    const parsed = parseEvidenceJson(input.text, { file: input.fileName });
    if (!parsed.ok) throw invalid(parsed.error);
    const log = this.store.logs.addEvidence(input.logId, parsed.value);
    if (!log) throw new WorkbenchError(CaseErrorCodes.notFound, `No imported log ${input.logId}.`);
    return { log };
  }

  list(): MethodOutput<'cases.logs.list'> {
    return { logs: this.store.logs.list() };
  }

  get(id: string): MethodOutput<'cases.logs.get'> {
    const stored = this.store.logs.get(id);
    if (!stored) throw new WorkbenchError(CaseErrorCodes.notFound, `No imported log ${id}.`);
    const { entries, evidence, skipped, ...log } = stored;
    return { log, entries: [...entries], evidence: { ...evidence }, skipped: [...skipped] };
  }

  delete(id: string): boolean {
    return this.store.logs.delete(id);
  }

  toCase(input: ParsedInput<'cases.logs.toCase'>): MethodOutput<'cases.logs.toCase'> {
    const stored = this.store.logs.get(input.logId);
    if (!stored) throw new WorkbenchError(CaseErrorCodes.notFound, `No imported log ${input.logId}.`);
    const made = caseFromSession(sessionFromLog(stored.entries), {
      name: input.name,
      mapId: input.mapId,
      ...(input.versionPolicy ? { version: caseVersionOf(input.versionPolicy) } : {}),
      ...(input.suite ? { suite: input.suite } : {}),
      description: `Made from the imported log ${stored.fileName}${stored.sessionId ? ` (session ${stored.sessionId})` : ''}.`,
    });
    if (!made.ok) throw invalid(made.error);
    return { case: summaryOf(this.store.cases.save(made.value.testCase)), notes: [...made.value.notes] };
  }
}
