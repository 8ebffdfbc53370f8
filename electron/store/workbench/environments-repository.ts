/**
 * Environments in SQLite. Keys are never stored here (they live in the OS keychain); the record
 * holds only where an environment is and which map and version it defaults to.
 */
import { z } from 'zod';
import {
  describeIssues,
  EnvironmentKindSchema,
  ErrorCodes,
  fieldIssues,
  VersionPolicySchema,
  type Environment,
  type VersionPolicy,
} from '../../common/ipc';
import type { SqliteDatabase } from '../database';
import { isUniqueViolation, StoreError } from './errors';

/** What the repository writes: an environment without its timestamps. */
export const EnvironmentRecordSchema = z.object({
  id: z.string().trim().min(1, 'must not be empty'),
  name: z.string().trim().min(1, 'a name is required').max(100),
  kind: EnvironmentKindSchema,
  baseUrl: z.string(),
  defaultMapId: z.string().trim().min(1).nullable(),
  versionPolicy: VersionPolicySchema,
  builtIn: z.boolean(),
  /** Sort order: built-ins first. */
  position: z.number().int().default(100),
});
export type EnvironmentRecord = z.input<typeof EnvironmentRecordSchema>;

interface EnvironmentRow {
  id: string;
  name: string;
  kind: string;
  base_url: string;
  default_map_id: string | null;
  version_policy: 'live' | 'draft' | 'version';
  version_number: number | null;
  built_in: 0 | 1;
  position: number;
  created_at: string;
  updated_at: string;
}

function policyOf(row: EnvironmentRow): VersionPolicy {
  if (row.version_policy === 'version') return { kind: 'version', version: row.version_number ?? 1 };
  return { kind: row.version_policy };
}

function environmentOf(row: EnvironmentRow): Environment {
  return {
    id: row.id,
    name: row.name,
    kind: EnvironmentKindSchema.parse(row.kind),
    baseUrl: row.base_url,
    defaultMapId: row.default_map_id,
    versionPolicy: policyOf(row),
    builtIn: row.built_in === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Environments table access with named, prepared statements. */
export class EnvironmentsRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.statements = {
      list: db.prepare<[], EnvironmentRow>('SELECT * FROM environments ORDER BY position, name COLLATE NOCASE'),
      get: db.prepare<[string], EnvironmentRow>('SELECT * FROM environments WHERE id = ?'),
      upsert: db.prepare(`
        INSERT INTO environments (id, name, kind, base_url, default_map_id, version_policy, version_number, built_in, position, created_at, updated_at)
        VALUES (@id, @name, @kind, @baseUrl, @defaultMapId, @policy, @versionNumber, @builtIn, @position, @now, @now)
        ON CONFLICT (id) DO UPDATE SET
          name = excluded.name, kind = excluded.kind, base_url = excluded.base_url,
          default_map_id = excluded.default_map_id, version_policy = excluded.version_policy,
          version_number = excluded.version_number, built_in = excluded.built_in,
          position = excluded.position, updated_at = excluded.updated_at`),
      delete: db.prepare<[string]>('DELETE FROM environments WHERE id = ?'),
    };
  }

  list(): Environment[] {
    return this.statements.list.all().map(environmentOf);
  }

  get(id: string): Environment | null {
    const row = this.statements.get.get(id);
    return row ? environmentOf(row) : null;
  }

  /**
   * Creates or updates an environment (by id) and returns it as stored. Throws a StoreError
   * (`environments/invalid`) for a bad record or a name already used; nothing is written then.
   */
  save(input: EnvironmentRecord): Environment {
    const record = this.validate(input);
    try {
      this.statements.upsert.run({
        id: record.id,
        name: record.name,
        kind: record.kind,
        baseUrl: record.baseUrl,
        defaultMapId: record.defaultMapId,
        policy: record.versionPolicy.kind,
        versionNumber: record.versionPolicy.kind === 'version' ? record.versionPolicy.version : null,
        builtIn: record.builtIn ? 1 : 0,
        position: record.position,
        now: this.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new StoreError(ErrorCodes.environmentInvalid, `An environment named "${record.name}" already exists; choose another name.`, [
          { path: 'name', message: 'already used' },
        ]);
      }
      throw error;
    }
    const saved = this.get(record.id);
    if (!saved) throw new StoreError(ErrorCodes.storeFailed, `Environment ${record.id} was not saved.`);
    return saved;
  }

  /** Inserts the records whose id is not present yet, all in one transaction; existing ones are kept. */
  ensure(records: readonly EnvironmentRecord[]): void {
    this.db.transaction(() => {
      for (const record of records) if (!this.get(record.id)) this.save(record);
    })();
  }

  /** True when an environment was deleted. */
  delete(id: string): boolean {
    return this.statements.delete.run(id).changes > 0;
  }

  private validate(input: EnvironmentRecord) {
    const parsed = EnvironmentRecordSchema.safeParse(input);
    if (!parsed.success) {
      throw new StoreError(ErrorCodes.environmentInvalid, describeIssues('Invalid environment', parsed.error), fieldIssues(parsed.error));
    }
    return parsed.data;
  }
}
