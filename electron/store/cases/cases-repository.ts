/**
 * Stored regression cases: each case's stable JSON plus the columns lists filter on. Saving many
 * (an import) is one transaction, so a failure stores none of them.
 */
import { randomUUID } from 'node:crypto';
import { writeCaseDocument } from '../../cases/core';
import { TestCaseSchema, type TestCase } from '../../cases/core';
import type { SqliteDatabase } from '../database';

export interface StoredCase {
  readonly id: string;
  readonly testCase: TestCase;
  readonly createdAt: string;
  readonly updatedAt: string;
}

interface CaseSummary {
  readonly id: string;
  readonly name: string;
  readonly suite?: string;
  readonly mapId: string;
  readonly tags: readonly string[];
  readonly updatedAt: string;
  /** The status of the case's latest stored result, if it ever ran. */
  readonly lastStatus?: string;
}

interface CaseFilter {
  readonly suite?: string | undefined;
  readonly tag?: string | undefined;
  readonly mapId?: string | undefined;
  /** Substring of the name (case-insensitive). */
  readonly text?: string | undefined;
}

interface SuiteSummary {
  readonly name: string;
  readonly description: string;
  readonly caseCount: number;
}

interface CaseRow {
  id: string;
  name: string;
  suite: string | null;
  map_id: string;
  tags_json: string;
  document: string;
  created_at: string;
  updated_at: string;
  last_status?: string | null;
}

export class CasesRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.statements = {
      get: db.prepare<[string], CaseRow>('SELECT * FROM cases WHERE id = ?'),
      upsert: db.prepare(
        `INSERT INTO cases (id, name, suite, map_id, tags_json, document, created_at, updated_at)
         VALUES (@id, @name, @suite, @map_id, @tags_json, @document, @now, @now)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, suite = excluded.suite, map_id = excluded.map_id,
           tags_json = excluded.tags_json, document = excluded.document, updated_at = excluded.updated_at`,
      ),
      ensureSuite: db.prepare('INSERT INTO case_suites (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING'),
      delete: db.prepare('DELETE FROM cases WHERE id = ?'),
      list: db.prepare<[], CaseRow>(
        `SELECT c.*, (SELECT r.status FROM case_results r JOIN case_runs u ON u.id = r.run_id
                      WHERE r.case_id = c.id ORDER BY u.started_at DESC, r.side DESC LIMIT 1) AS last_status
         FROM cases c ORDER BY c.suite IS NULL, c.suite COLLATE NOCASE, c.name COLLATE NOCASE, c.id`,
      ),
      suites: db.prepare<[], { name: string; description: string; case_count: number }>(
        `SELECT s.name, s.description, (SELECT COUNT(*) FROM cases c WHERE c.suite = s.name) AS case_count
         FROM case_suites s ORDER BY s.name COLLATE NOCASE`,
      ),
      describeSuite: db.prepare(
        'INSERT INTO case_suites (name, description, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET description = excluded.description',
      ),
    };
  }

  private toStored(row: CaseRow): StoredCase {
    // Stored documents were validated on save; parse re-applies defaults of newer schema fields.
    const testCase = TestCaseSchema.parse({ ...(JSON.parse(row.document) as object), id: row.id });
    return { id: row.id, testCase, createdAt: row.created_at, updatedAt: row.updated_at };
  }

  private saveOne(testCase: TestCase, now: string): string {
    const id = testCase.id ?? randomUUID();
    const withId: TestCase = { ...testCase, id };
    this.statements.upsert.run({
      id,
      name: withId.name,
      suite: withId.suite ?? null,
      map_id: withId.target.mapId,
      tags_json: JSON.stringify(withId.tags),
      document: writeCaseDocument(withId),
      now,
    });
    if (withId.suite !== undefined) this.statements.ensureSuite.run(withId.suite, now);
    return id;
  }

  /** Inserts or replaces a case (by its ID; one is assigned when absent). */
  save(testCase: TestCase): StoredCase {
    const id = this.db.transaction(() => this.saveOne(testCase, this.now()))();
    return this.get(id) as StoredCase;
  }

  /** Saves several cases in one transaction: all or none. */
  saveMany(cases: readonly TestCase[]): StoredCase[] {
    const now = this.now();
    const ids = this.db.transaction(() => cases.map((testCase) => this.saveOne(testCase, now)))();
    return ids.map((id) => this.get(id) as StoredCase);
  }

  get(id: string): StoredCase | undefined {
    const row = this.statements.get.get(id);
    return row && this.toStored(row);
  }

  /** Cases of a suite, tag, map or name text, in suite then name order. */
  list(filter: CaseFilter = {}): CaseSummary[] {
    const text = filter.text?.trim().toLowerCase();
    return this.statements.list
      .all()
      .map((row) => ({ row, tags: JSON.parse(row.tags_json) as string[] }))
      .filter(({ row, tags }) => {
        if (filter.suite !== undefined && (row.suite ?? '').toLowerCase() !== filter.suite.toLowerCase()) return false;
        if (filter.mapId !== undefined && row.map_id !== filter.mapId) return false;
        if (filter.tag !== undefined && !tags.some((tag) => tag.toLowerCase() === filter.tag?.toLowerCase())) return false;
        return text === undefined || text === '' || row.name.toLowerCase().includes(text);
      })
      .map(({ row, tags }) => ({
        id: row.id,
        name: row.name,
        ...(row.suite === null ? {} : { suite: row.suite }),
        mapId: row.map_id,
        tags,
        updatedAt: row.updated_at,
        ...(row.last_status ? { lastStatus: row.last_status } : {}),
      }));
  }

  /** All stored cases in list order, fully parsed (for runs and exports). */
  all(filter: CaseFilter = {}): StoredCase[] {
    return this.list(filter).flatMap((summary) => this.get(summary.id) ?? []);
  }

  delete(id: string): boolean {
    return this.statements.delete.run(id).changes > 0;
  }

  suites(): SuiteSummary[] {
    return this.statements.suites.all().map((row) => ({ name: row.name, description: row.description, caseCount: row.case_count }));
  }

  describeSuite(name: string, description: string): void {
    this.statements.describeSuite.run(name, description, this.now());
  }
}
