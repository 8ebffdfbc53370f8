/**
 * Imported interaction logs and evidence, kept for offline review. Callers parse the whole file
 * first (a bad file never reaches here); each save is one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { EvidenceRecord, InteractionEntry } from '../../common/decision-api';
import type { LogImport, SkipNote } from '../../cases';
import type { SqliteDatabase } from '../database';

interface LogSummary {
  readonly id: string;
  readonly name: string;
  readonly fileName: string;
  readonly format: 'json' | 'csv';
  readonly sessionId?: string;
  readonly entryCount: number;
  readonly evidenceCount: number;
  readonly importedAt: string;
}

interface StoredLog extends LogSummary {
  readonly entries: readonly InteractionEntry[];
  readonly evidence: Readonly<Record<string, EvidenceRecord>>;
  /** What the importer skipped. */
  readonly skipped: readonly SkipNote[];
}

interface LogRow {
  id: string;
  name: string;
  file_name: string;
  format: 'json' | 'csv';
  session_id: string | null;
  entry_count: number;
  entries_json: string;
  evidence_json: string;
  notes_json: string;
  imported_at: string;
}

function summaryOf(row: LogRow): LogSummary {
  return {
    id: row.id,
    name: row.name,
    fileName: row.file_name,
    format: row.format,
    ...(row.session_id === null ? {} : { sessionId: row.session_id }),
    entryCount: row.entry_count,
    evidenceCount: Object.keys(JSON.parse(row.evidence_json) as object).length,
    importedAt: row.imported_at,
  };
}

/** The session ID of a log's start entry, if it has one. */
function sessionIdOf(entries: readonly InteractionEntry[]): string | undefined {
  const start = entries.find((entry) => entry.event === 'start')?.values.start;
  const id = typeof start === 'object' && start !== null ? (start as Record<string, unknown>).sessionID : undefined;
  return typeof id === 'string' ? id : undefined;
}

export class LogsRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO imported_logs (id, name, file_name, format, session_id, entry_count, entries_json, evidence_json, notes_json, imported_at)
         VALUES (@id, @name, @file_name, @format, @session_id, @entry_count, @entries_json, @evidence_json, @notes_json, @imported_at)`,
      ),
      get: db.prepare<[string], LogRow>('SELECT * FROM imported_logs WHERE id = ?'),
      list: db.prepare<[], LogRow>('SELECT * FROM imported_logs ORDER BY imported_at DESC, rowid DESC'),
      setEvidence: db.prepare('UPDATE imported_logs SET evidence_json = ? WHERE id = ?'),
      delete: db.prepare('DELETE FROM imported_logs WHERE id = ?'),
    };
  }

  save(input: { name: string; fileName: string; log: LogImport; evidence?: Readonly<Record<string, EvidenceRecord>> }): LogSummary {
    const id = randomUUID();
    const sessionId = sessionIdOf(input.log.entries);
    this.db.transaction(() => {
      this.statements.insert.run({
        id,
        name: input.name,
        file_name: input.fileName,
        format: input.log.format,
        session_id: sessionId ?? null,
        entry_count: input.log.entries.length,
        entries_json: JSON.stringify(input.log.entries),
        evidence_json: JSON.stringify(input.evidence ?? {}),
        notes_json: JSON.stringify(input.log.skipped),
        imported_at: this.now(),
      });
    })();
    return summaryOf(this.statements.get.get(id) as LogRow);
  }

  /** Adds evidence records to a log (by fact ID, replacing the same IDs); undefined when there is no such log. */
  addEvidence(id: string, records: Readonly<Record<string, EvidenceRecord>>): LogSummary | undefined {
    return this.db.transaction(() => {
      const row = this.statements.get.get(id);
      if (!row) return undefined;
      const merged = { ...(JSON.parse(row.evidence_json) as Record<string, EvidenceRecord>), ...records };
      this.statements.setEvidence.run(JSON.stringify(merged), id);
      return summaryOf({ ...row, evidence_json: JSON.stringify(merged) });
    })();
  }

  list(): LogSummary[] {
    return this.statements.list.all().map(summaryOf);
  }

  get(id: string): StoredLog | undefined {
    const row = this.statements.get.get(id);
    if (!row) return undefined;
    return {
      ...summaryOf(row),
      entries: JSON.parse(row.entries_json) as InteractionEntry[],
      evidence: JSON.parse(row.evidence_json) as Record<string, EvidenceRecord>,
      skipped: JSON.parse(row.notes_json) as SkipNote[],
    };
  }

  delete(id: string): boolean {
    return this.statements.delete.run(id).changes > 0;
  }
}
