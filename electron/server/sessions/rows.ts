/**
 * What the SQLite and PostgreSQL journals share: a session's row and the record read from it,
 * the check that a journal's steps are all there, and how stale a stored last activity may be,
 * so both stores rebuild sessions alike.
 */
import { z } from 'zod';
import type { JournalEntry } from '../../engine';
import { storedFlag } from '../registry/rows';
import { SessionDamagedError } from './damaged';
import type { SessionRecord } from './store';

/** The shape of a stored step, checked when it is read back (the engine checks the rest on replay). */
const StoredEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('inject'), at: z.number(), facts: z.array(z.object({}).passthrough()) }).passthrough(),
  z.object({ kind: z.literal('query'), at: z.number(), query: z.object({ relationship: z.string() }).passthrough() }).passthrough(),
  z.object({ kind: z.literal('respond'), at: z.number(), answers: z.array(z.object({}).passthrough()) }).passthrough(),
  z.object({ kind: z.literal('undo'), at: z.number() }).passthrough(),
  z.object({ kind: z.literal('datasource'), at: z.number(), requestKey: z.string(), status: z.number(), text: z.string() }).passthrough(),
]);

/** Parses one stored step; a damaged one names the session and the step. */
function parseStoredEntry(sessionId: string, seq: number, text: string): JournalEntry {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SessionDamagedError(sessionId, `step ${seq} is not valid JSON`);
  }
  const parsed = StoredEntrySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SessionDamagedError(
      sessionId,
      `step ${seq}: ${issue ? `${issue.path.join('.') || 'entry'}: ${issue.message}` : 'not a journal step'}`,
    );
  }
  return parsed.data as unknown as JournalEntry;
}

/** A `sessions` row; SQLite keeps the flags as 0 and 1, PostgreSQL as booleans. */
export interface SessionRow<Flag extends number | boolean = number | boolean> {
  id: string;
  map_id: string;
  version: number;
  version_id: string;
  source_id: number;
  use_draft: Flag;
  record_interactions: Flag;
  context_id: string | null;
  started_at: number;
  last_activity: number;
}

export function sessionFromRow(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    mapId: row.map_id,
    version: row.version,
    versionId: row.version_id,
    sourceId: row.source_id,
    useDraft: storedFlag(row.use_draft),
    recordInteractions: storedFlag(row.record_interactions),
    ...(row.context_id === null ? {} : { contextId: row.context_id }),
    startedAt: row.started_at,
    lastActivity: row.last_activity,
  };
}

/** The row to insert for a new session, with boolean flags (SQLite's insert turns them into 0 and 1). */
export function sessionRow(record: SessionRecord): SessionRow<boolean> {
  return {
    id: record.id,
    map_id: record.mapId,
    version: record.version,
    version_id: record.versionId,
    source_id: record.sourceId,
    use_draft: record.useDraft,
    record_interactions: record.recordInteractions,
    context_id: record.contextId ?? null,
    started_at: record.startedAt,
    last_activity: record.lastActivity,
  };
}

/** A session's stored steps, read in `seq` order, as journal entries; a gap or a damaged step throws `SessionDamagedError`. */
export function journalFromRows(sessionId: string, rows: readonly { seq: number; entry: string }[]): JournalEntry[] {
  return rows.map((row, index) => {
    if (row.seq !== index) throw new SessionDamagedError(sessionId, `step ${index} is missing`);
    return parseStoredEntry(sessionId, row.seq, row.entry);
  });
}

/**
 * How stale a stored last-activity time may be: idle expiry is measured in hours, so letting it lag
 * by up to a minute saves a second write on almost every step.
 */
export const ACTIVITY_GRANULARITY_MS = 60_000;
/** How many sessions' stored last activity a store remembers; forgetting only costs one extra write per session. */
export const MAX_TRACKED_SESSIONS = 100_000;
