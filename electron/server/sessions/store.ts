/**
 * Persistence of sessions: one row per session (what it started on) and its journal, written
 * step by step as the engine reports them, so a restarted server can rebuild any session.
 */
import type { JournalEntry } from '../../engine';
import type { SqliteDatabase } from '../../store';
import { journalAlarm, journalSize, type JournalSize } from './journal-size';
import { ACTIVITY_GRANULARITY_MS, journalFromRows, MAX_TRACKED_SESSIONS, sessionFromRow, sessionRow, type SessionRow } from './rows';

/** What a session started on; enough to rebuild it with its journal. */
export interface SessionRecord {
  readonly id: string;
  readonly mapId: string;
  /** 0 for the draft. */
  readonly version: number;
  readonly versionId: string;
  readonly sourceId: number;
  readonly useDraft: boolean;
  /** The version's recording setting when the session started (later changes do not apply). */
  readonly recordInteractions: boolean;
  readonly contextId?: string;
  readonly startedAt: number;
  readonly lastActivity: number;
}

export class SessionStore {
  private readonly statements;
  /** Last activity as stored in the database, per session written by this process. */
  private readonly storedActivity = new Map<string, number>();

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO sessions (id, map_id, version, version_id, source_id, use_draft, record_interactions, context_id, started_at, last_activity)
         VALUES (@id, @map_id, @version, @version_id, @source_id, @use_draft, @record_interactions, @context_id, @started_at, @last_activity)`,
      ),
      get: db.prepare<[string], SessionRow<number>>('SELECT * FROM sessions WHERE id = ?'),
      journal: db.prepare<[string], { seq: number; entry: string }>(
        'SELECT seq, entry FROM session_journal WHERE session_id = ? ORDER BY seq',
      ),
      append: db.prepare('INSERT INTO session_journal (session_id, seq, entry) VALUES (?, ?, ?)'),
      touch: db.prepare('UPDATE sessions SET last_activity = ? WHERE id = ?'),
      purge: db.prepare('DELETE FROM sessions WHERE last_activity < ?'),
      journalLength: db.prepare<[string], number>('SELECT COUNT(*) FROM session_journal WHERE session_id = ?').pluck(),
      contextLength: db
        .prepare<[{ map: string; context: string }], number>(
          `SELECT COUNT(*) + (SELECT COUNT(*) FROM session_journal j JOIN sessions s ON s.id = j.session_id WHERE s.map_id = @map AND s.context_id = @context)
           FROM sessions WHERE map_id = @map AND context_id = @context`,
        )
        .pluck(),
      inContext: db.prepare<[string, string], { id: string }>(
        'SELECT id FROM sessions WHERE map_id = ? AND context_id = ? ORDER BY started_at, rowid',
      ),
    };
  }

  insert(record: SessionRecord): void {
    const row = sessionRow(record);
    this.statements.insert.run({ ...row, use_draft: Number(row.use_draft), record_interactions: Number(row.record_interactions) });
  }

  get(id: string): SessionRecord | undefined {
    const row = this.statements.get.get(id);
    return row && sessionFromRow(row);
  }

  /** The session's steps in order; throws `SessionDamagedError` for a damaged or missing step. */
  journal(id: string): JournalEntry[] {
    return journalFromRows(id, this.statements.journal.all(id));
  }

  /** Appends one step and moves the session's last activity to its time, atomically. */
  append(id: string, seq: number, entry: JournalEntry): void {
    this.write([], [{ id, seq, entry }]);
  }

  /**
   * Writes new sessions, then steps, atomically; each session's last activity moves to its latest
   * step's time.
   */
  write(sessions: readonly SessionRecord[], steps: readonly { id: string; seq: number; entry: JournalEntry }[]): void {
    const touches = this.touchesFor(sessions, steps);
    const writeAll = (): void => {
      for (const record of sessions) this.insert(record);
      for (const step of steps) this.statements.append.run(step.id, step.seq, JSON.stringify(step.entry));
      for (const [id, at] of touches) this.statements.touch.run(at, id);
    };
    // A single statement is atomic by itself; BEGIN and COMMIT around it would only add two
    // round trips into SQLite to the commit every lone request pays for.
    if (sessions.length + steps.length + touches.length === 1) writeAll();
    else this.db.transaction(writeAll)();
    if (this.storedActivity.size + sessions.length > MAX_TRACKED_SESSIONS) this.storedActivity.clear();
    for (const record of sessions) this.storedActivity.set(record.id, record.lastActivity);
    for (const [id, at] of touches) this.storedActivity.set(id, at);
  }

  /** The sessions whose stored last activity must move (see ACTIVITY_GRANULARITY_MS). */
  private touchesFor(sessions: readonly SessionRecord[], steps: readonly { id: string; entry: JournalEntry }[]): [string, number][] {
    const touches: [string, number][] = [];
    for (const step of steps) {
      const stored = this.storedActivity.get(step.id) ?? sessions.find((record) => record.id === step.id)?.lastActivity;
      if (stored !== undefined && step.entry.at - stored < ACTIVITY_GRANULARITY_MS) continue;
      const pending = touches.find(([id]) => id === step.id);
      if (pending) pending[1] = Math.max(pending[1], step.entry.at);
      else touches.push([step.id, step.entry.at]);
    }
    return touches;
  }

  /** Steps stored for a session. */
  journalLength(id: string): number {
    return this.statements.journalLength.get(id) ?? 0;
  }

  /** Sessions and steps stored for a shared context. */
  contextLength(mapId: string, contextId: string): number {
    return this.statements.contextLength.get({ map: mapId, context: contextId }) ?? 0;
  }

  /** The sessions started on a map with a context ID, oldest first. */
  idsInContext(mapId: string, contextId: string): string[] {
    return this.statements.inContext.all(mapId, contextId).map((row) => row.id);
  }

  /** Disk taken by the database (sessions, journals and the registry) and its WAL. */
  size(): JournalSize {
    return journalSize(this.db);
  }

  /** The warning when the database is over `alarmBytes`, else undefined. */
  alarm(size: JournalSize, alarmBytes: number, retentionMs: number): string | undefined {
    return journalAlarm(this.db, size, alarmBytes, retentionMs);
  }

  /** Deletes sessions (and journals) idle since before `cutoff`; returns how many. */
  purgeIdleSince(cutoff: number): number {
    return this.statements.purge.run(cutoff).changes;
  }
}
