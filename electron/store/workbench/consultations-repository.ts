/**
 * Saved consultations: the full transcript as JSON, its notes, and an index of the relationships,
 * subjects and words it touched for search. Each save replaces the record and its index in one
 * transaction, so a failed save leaves the previous version exactly as it was.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  describeIssues,
  ErrorCodes,
  fieldIssues,
  TranscriptSchema,
  type SavedConsultation,
  type SavedConsultationSummary,
  type Transcript,
} from '../../common/ipc';
import type { SqliteDatabase } from '../database';
import { StoreError } from './errors';
import { indexTranscript, type ResultTriple } from './transcript-index';

const SaveSchema = z.object({
  id: z.string().trim().min(1).optional(),
  title: z.string().trim().min(1, 'a title is required').max(200),
  notes: z.string().max(100_000).default(''),
  transcript: TranscriptSchema,
});
type SaveConsultation = z.input<typeof SaveSchema>;

/** Search criteria: all given ones must match (relationship and subject case-insensitively). */
interface ConsultationQuery {
  readonly mapId?: string | undefined;
  readonly relationship?: string | undefined;
  readonly subject?: string | undefined;
  /** A substring of the title, notes, prompts, facts or results. */
  readonly text?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
}

interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

interface SummaryRow {
  id: string;
  title: string;
  map_id: string;
  environment_name: string;
  query: string | null;
  question_count: number;
  results_json: string;
  created_at: string;
  updated_at: string;
}

interface FullRow extends SummaryRow {
  notes: string;
  transcript_json: string;
}

const SUMMARY_COLUMNS =
  'c.id, c.title, c.map_id, c.environment_name, c.query, c.question_count, c.results_json, c.created_at, c.updated_at';

function summaryOf(row: SummaryRow): SavedConsultationSummary {
  return {
    id: row.id,
    title: row.title,
    mapId: row.map_id,
    environmentName: row.environment_name,
    query: row.query,
    questionCount: row.question_count,
    results: JSON.parse(row.results_json) as ResultTriple[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `%`, `_` and the escape character itself match literally in LIKE patterns. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Saved consultations table access with named, prepared statements. */
export class ConsultationsRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => string = () => new Date().toISOString(),
    private readonly newId: () => string = randomUUID,
  ) {
    this.statements = {
      get: db.prepare<[string], FullRow>(`SELECT ${SUMMARY_COLUMNS}, c.notes, c.transcript_json FROM consultations c WHERE c.id = ?`),
      createdAt: db.prepare<[string], { created_at: string }>('SELECT created_at FROM consultations WHERE id = ?'),
      upsert: db.prepare(`
        INSERT INTO consultations (id, title, notes, environment_id, environment_name, map_id, query, question_count,
          results_json, transcript_json, search_text, started_at, created_at, updated_at)
        VALUES (@id, @title, @notes, @environmentId, @environmentName, @mapId, @query, @questionCount,
          @resultsJson, @transcriptJson, @searchText, @startedAt, @createdAt, @updatedAt)
        ON CONFLICT (id) DO UPDATE SET
          title = excluded.title, notes = excluded.notes, environment_id = excluded.environment_id,
          environment_name = excluded.environment_name, map_id = excluded.map_id, query = excluded.query,
          question_count = excluded.question_count, results_json = excluded.results_json,
          transcript_json = excluded.transcript_json, search_text = excluded.search_text,
          started_at = excluded.started_at, updated_at = excluded.updated_at`),
      clearTerms: db.prepare<[string]>('DELETE FROM consultation_terms WHERE consultation_id = ?'),
      addTerm: db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO consultation_terms (consultation_id, role, value) VALUES (?, ?, ?)',
      ),
      delete: db.prepare<[string]>('DELETE FROM consultations WHERE id = ?'),
    };
  }

  /**
   * Creates (no id, or an unknown id) or replaces a saved consultation and returns its summary.
   * Throws StoreError `consultations/invalid` for a bad record; nothing is written then.
   */
  save(input: SaveConsultation): SavedConsultationSummary {
    const parsed = SaveSchema.safeParse(input);
    if (!parsed.success) {
      throw new StoreError(ErrorCodes.consultationInvalid, describeIssues('Invalid consultation', parsed.error), fieldIssues(parsed.error));
    }
    const { title, notes, transcript } = parsed.data;
    const id = parsed.data.id ?? this.newId();
    const index = indexTranscript(transcript, title, notes);
    const now = this.now();
    this.db.transaction(() => {
      const createdAt = this.statements.createdAt.get(id)?.created_at ?? now;
      this.statements.upsert.run({
        id,
        title,
        notes,
        environmentId: transcript.target.environmentId,
        environmentName: transcript.target.environmentName,
        mapId: transcript.target.mapId,
        query: index.query,
        questionCount: index.questionCount,
        resultsJson: JSON.stringify(index.results),
        transcriptJson: JSON.stringify(transcript),
        searchText: index.searchText,
        startedAt: transcript.startedAt,
        createdAt,
        updatedAt: now,
      });
      this.statements.clearTerms.run(id);
      for (const value of index.relationships) this.statements.addTerm.run(id, 'relationship', value);
      for (const value of index.subjects) this.statements.addTerm.run(id, 'subject', value);
    })();
    return this.summary(id);
  }

  /** Changes the title and/or notes, keeping the transcript. */
  update(id: string, changes: { title?: string | undefined; notes?: string | undefined }): SavedConsultationSummary {
    const current = this.get(id);
    if (!current) throw this.notFound(id);
    return this.save({ id, title: changes.title ?? current.title, notes: changes.notes ?? current.notes, transcript: current.transcript });
  }

  get(id: string): SavedConsultation | null {
    const row = this.statements.get.get(id);
    if (!row) return null;
    const transcript = this.transcriptOf(row);
    return { ...summaryOf(row), notes: row.notes, target: transcript.target, transcript };
  }

  /** Most recently updated first. */
  list(limit = 50, offset = 0): Page<SavedConsultationSummary> {
    return this.search({ limit, offset });
  }

  search(query: ConsultationQuery): Page<SavedConsultationSummary> {
    const where: string[] = [];
    const params: Record<string, string | number> = { limit: query.limit ?? 50, offset: query.offset ?? 0 };
    if (query.mapId) {
      where.push('c.map_id = @mapId');
      params.mapId = query.mapId;
    }
    if (query.relationship) {
      where.push(
        "EXISTS (SELECT 1 FROM consultation_terms t WHERE t.consultation_id = c.id AND t.role = 'relationship' AND t.value = @relationship)",
      );
      params.relationship = query.relationship;
    }
    if (query.subject) {
      where.push(
        "EXISTS (SELECT 1 FROM consultation_terms t WHERE t.consultation_id = c.id AND t.role = 'subject' AND t.value = @subject)",
      );
      params.subject = query.subject;
    }
    if (query.text) {
      where.push("c.search_text LIKE @text ESCAPE '\\'");
      params.text = likePattern(query.text);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    // Built from fixed fragments only; every value is a bound parameter.
    const rows = this.db
      .prepare<Record<string, string | number>, SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM consultations c ${clause} ORDER BY c.updated_at DESC, c.id LIMIT @limit OFFSET @offset`,
      )
      .all(params);
    const { limit: _limit, offset: _offset, ...countParams } = params;
    const total =
      this.db
        .prepare<Record<string, string | number>, { n: number }>(`SELECT COUNT(*) AS n FROM consultations c ${clause}`)
        .get(countParams)?.n ?? 0;
    return { items: rows.map(summaryOf), total };
  }

  /** True when a consultation was deleted (its search terms go with it). */
  delete(id: string): boolean {
    return this.statements.delete.run(id).changes > 0;
  }

  private summary(id: string): SavedConsultationSummary {
    const saved = this.get(id);
    if (!saved) throw this.notFound(id);
    const { notes: _notes, target: _target, transcript: _transcript, ...summary } = saved;
    return summary;
  }

  private transcriptOf(row: FullRow): Transcript {
    const parsed = TranscriptSchema.safeParse(JSON.parse(row.transcript_json));
    if (!parsed.success) {
      throw new StoreError(ErrorCodes.storeFailed, describeIssues(`Saved consultation ${row.id} is unreadable`, parsed.error));
    }
    return parsed.data;
  }

  private notFound(id: string): StoreError {
    return new StoreError(ErrorCodes.consultationNotFound, `No saved consultation with id ${id}.`);
  }
}
