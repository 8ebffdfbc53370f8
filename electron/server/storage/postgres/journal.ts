/**
 * Sessions and their journals in PostgreSQL, shared by every server on the database.
 *
 * A group commit is one statement (data-modifying CTEs), so it is atomic without BEGIN/COMMIT
 * and costs one round trip. A lease is a session-level advisory lock on a connection of its own
 * pool: queries never wait behind leases, and a server that dies loses its connections and so
 * its leases at once.
 */
import { createHash } from 'node:crypto';
import type { JournalEntry } from '../../../engine';
import type { PostgresPool } from '../../../store/postgres';
import type { JournalSize } from '../../sessions/journal-size';
import {
  ACTIVITY_GRANULARITY_MS,
  journalFromRows,
  MAX_TRACKED_SESSIONS,
  sessionFromRow,
  sessionRow,
  type SessionRow,
} from '../../sessions/rows';
import type { SessionRecord } from '../../sessions/store';
import type { FactOwners, JournalStore, SessionLease, StoredStep } from '../types';

/** A signed 64-bit advisory lock key from a session ID or context key. */
function lockKey(key: string): string {
  return createHash('sha256').update(key).digest().readBigInt64BE(0).toString();
}

const GROUP_COMMIT = `
  WITH new_sessions AS (
    INSERT INTO sessions (id, map_id, version, version_id, source_id, use_draft, record_interactions, context_id, started_at, last_activity)
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(id TEXT, map_id TEXT, version INTEGER, version_id TEXT, source_id BIGINT,
      use_draft BOOLEAN, record_interactions BOOLEAN, context_id TEXT, started_at BIGINT, last_activity BIGINT)
  ), steps AS (
    INSERT INTO session_journal (session_id, seq, entry)
    SELECT * FROM jsonb_to_recordset($2::jsonb) AS j(session_id TEXT, seq INTEGER, entry TEXT)
  ), touched AS (
    UPDATE sessions SET last_activity = GREATEST(sessions.last_activity, t.at)
    FROM jsonb_to_recordset($3::jsonb) AS t(id TEXT, at BIGINT) WHERE sessions.id = t.id
  )
  INSERT INTO session_facts (fact_id, session_id)
  SELECT * FROM jsonb_to_recordset($4::jsonb) AS f(fact_id TEXT, session_id TEXT)
  ON CONFLICT (fact_id) DO UPDATE SET session_id = EXCLUDED.session_id`;

export class PostgresJournalStore implements JournalStore {
  readonly shared = true;
  /** Last activity as stored, per session written by this server (saves most touches). */
  private readonly storedActivity = new Map<string, number>();

  /**
   * `pool` runs queries; `leases` holds the connections of held leases (each waits in PostgreSQL
   * for a lock another server holds, so they must not starve the queries).
   */
  constructor(
    private readonly pool: PostgresPool,
    private readonly leases: PostgresPool,
  ) {}

  async write(sessions: readonly SessionRecord[], steps: readonly StoredStep[], facts: readonly FactOwners[] = []): Promise<void> {
    const started = new Map(sessions.map((record) => [record.id, record.lastActivity]));
    const touches = new Map<string, number>();
    for (const step of steps) {
      const at = step.entry.at;
      const fresh = started.get(step.id);
      // A session started in this commit gets its latest time in its own row (one statement cannot update a row it inserts).
      if (fresh !== undefined) {
        started.set(step.id, Math.max(fresh, at));
        continue;
      }
      const stored = this.storedActivity.get(step.id);
      if (stored !== undefined && at - stored < ACTIVITY_GRANULARITY_MS) continue;
      touches.set(step.id, Math.max(touches.get(step.id) ?? 0, at));
    }
    // One owner per fact (the latest), as ON CONFLICT cannot touch one row twice in a statement.
    const owners = new Map<string, string>();
    for (const owned of facts) for (const factID of owned.factIDs) owners.set(factID, owned.id);
    await this.pool.query(GROUP_COMMIT, [
      JSON.stringify(sessions.map((record) => ({ ...sessionRow(record), last_activity: started.get(record.id) ?? record.lastActivity }))),
      JSON.stringify(steps.map((step) => ({ session_id: step.id, seq: step.seq, entry: JSON.stringify(step.entry) }))),
      JSON.stringify([...touches].map(([id, at]) => ({ id, at }))),
      JSON.stringify([...owners].map(([fact_id, session_id]) => ({ fact_id, session_id }))),
    ]);
    if (this.storedActivity.size + sessions.length > MAX_TRACKED_SESSIONS) this.storedActivity.clear();
    for (const [id, at] of started) this.storedActivity.set(id, at);
    for (const [id, at] of touches) this.storedActivity.set(id, at);
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const result = await this.pool.query<SessionRow<boolean>>('SELECT * FROM sessions WHERE id = $1', [id]);
    const row = result.rows[0];
    return row && sessionFromRow(row);
  }

  async journal(id: string): Promise<JournalEntry[]> {
    const result = await this.pool.query<{ seq: number; entry: string }>(
      'SELECT seq, entry FROM session_journal WHERE session_id = $1 ORDER BY seq',
      [id],
    );
    return journalFromRows(id, result.rows);
  }

  async journalLength(id: string): Promise<number> {
    const result = await this.pool.query<{ n: number }>('SELECT COUNT(*) AS n FROM session_journal WHERE session_id = $1', [id]);
    return result.rows[0]?.n ?? 0;
  }

  async contextLength(mapId: string, contextId: string): Promise<number> {
    const result = await this.pool.query<{ n: number }>(
      `SELECT COUNT(*) + (SELECT COUNT(*) FROM session_journal j JOIN sessions s ON s.id = j.session_id WHERE s.map_id = $1 AND s.context_id = $2) AS n
       FROM sessions WHERE map_id = $1 AND context_id = $2`,
      [mapId, contextId],
    );
    return result.rows[0]?.n ?? 0;
  }

  async idsInContext(mapId: string, contextId: string): Promise<string[]> {
    const result = await this.pool.query<{ id: string }>(
      'SELECT id FROM sessions WHERE map_id = $1 AND context_id = $2 ORDER BY started_at, id',
      [mapId, contextId],
    );
    return result.rows.map((row) => row.id);
  }

  async factOwner(factID: string): Promise<string | undefined> {
    const result = await this.pool.query<{ session_id: string }>('SELECT session_id FROM session_facts WHERE fact_id = $1', [factID]);
    return result.rows[0]?.session_id;
  }

  async lease(key: string, journalOf?: string): Promise<SessionLease> {
    const client = await this.leases.connect();
    const lock = lockKey(key);
    let journalLength: number | undefined;
    try {
      if (journalOf === undefined) {
        await client.query('SELECT pg_advisory_lock($1)', [lock]);
      } else {
        // Two statements in one round trip; the count runs after the lock is granted, with a snapshot of its own.
        const results = (await client.query(
          `SELECT pg_advisory_lock(${lock}); SELECT COUNT(*) AS n FROM session_journal WHERE session_id = ${client.escapeLiteral(journalOf)}`,
        )) as unknown as { rows: { n: number }[] }[];
        journalLength = results[1]?.rows[0]?.n ?? 0;
      }
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    let released = false;
    return {
      ...(journalLength === undefined ? {} : { journalLength }),
      release: async () => {
        if (released) return;
        released = true;
        try {
          await client.query('SELECT pg_advisory_unlock($1)', [lock]);
          client.release();
        } catch (error) {
          // A connection that cannot unlock is closed, which releases its locks.
          client.release(error instanceof Error ? error : true);
        }
      },
    };
  }

  async purgeIdleSince(cutoff: number): Promise<number> {
    const result = await this.pool.query('DELETE FROM sessions WHERE last_activity < $1', [cutoff]);
    return result.rowCount ?? 0;
  }

  async size(): Promise<JournalSize> {
    const result = await this.pool.query<{ used: number; disk: number }>(
      `SELECT (pg_total_relation_size('sessions') + pg_total_relation_size('session_journal') + pg_total_relation_size('session_facts'))::BIGINT AS used,
              pg_database_size(current_database())::BIGINT AS disk`,
    );
    const row = result.rows[0] ?? { used: 0, disk: 0 };
    return { usedBytes: row.used, fileBytes: row.used, diskBytes: row.disk };
  }

  async alarm(size: JournalSize, alarmBytes: number, retentionMs: number): Promise<string | undefined> {
    if (size.usedBytes < alarmBytes) return undefined;
    const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
    const days = (retentionMs / 86_400_000).toFixed(retentionMs % 86_400_000 === 0 ? 0 : 1);
    return (
      `PostgreSQL holds ${mb(size.usedBytes)} MB of sessions and journals (the database takes ${mb(size.diskBytes)} MB), over the alarm at ${mb(alarmBytes)} MB; ` +
      `journals are kept ${days} days after a session's last activity: shorten that (LAPWING_SESSION_RETENTION_DAYS), raise the alarm (LAPWING_JOURNAL_ALARM_MB) or give the database more disk`
    );
  }
}
