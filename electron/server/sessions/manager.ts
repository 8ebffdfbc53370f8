/**
 * Live consultation sessions: started here, kept in memory (least recently used first out),
 * journalled to the store step by step, rebuilt from the journal on first use after a restart or
 * an eviction, and expired after a configurable idle time.
 *
 * Calls on one session run one at a time (a queue per session), so concurrent requests cannot
 * interleave inside the engine. With a shared store (PostgreSQL, several servers), each call also
 * holds the session's lease in the store (its context's, for a session in a shared context), and
 * first checks that the stored journal did not move on through another server; if it did, what
 * this server holds is dropped and rebuilt from the journal. So any server answers any call,
 * and no two servers ever advance one session from the same step.
 */
import type { ConsultationSession, DatasourceFetch, JournalEntry, KnowledgeMap, SessionOptions, SharedContext } from '../../engine';
import type { EnginePort } from '../engine-port';
import { contextKey } from '../cluster/ownership';
import { failureReason, JournalUnavailableError, JournalWriter, type WriteOwner } from './journal-writer';
import { SessionDamagedError } from './damaged';
import { newSessionId } from './session-id';
import type { ResolvedVersion } from '../registry/types';
import type { LoadedMaps } from './loaded-maps';
import type { JournalSize } from './journal-size';
import type { SessionRecord } from './store';
import type { JournalStore, SessionLease } from '../storage/types';

/** How many result facts the server remembers the session of (the most recent), for evidence asked without one. */
export const FACT_OWNERS_KEPT = 10_000;

/** `core`: a consultation call; an expired session is gone. `read`: analysis; served while the journal is kept. */
type SessionAccess = 'core' | 'read';

interface SessionManagerOptions {
  readonly store: JournalStore;
  readonly maps: LoadedMaps;
  readonly engine: EnginePort;
  readonly clock: () => number;
  /** Idle time after which core calls answer 404. */
  readonly idleMs: number;
  /** Idle time after which a session's journal is deleted (then nothing of it is served). */
  readonly retentionMs: number;
  /** Sessions kept in memory; others are rebuilt from their journal when used. */
  readonly maxLive: number;
  readonly fetch?: DatasourceFetch;
  /** In a cluster, whether this worker owns a new session ID (only owned IDs are handed out). */
  readonly ownsSession?: (id: string) => boolean;
  /** Size of sessions and journals (bytes in use) above which each sweep reports a warning. */
  readonly journalAlarmBytes?: number;
  /** Hears what the operator must know about: a failed journal commit, a damaged journal (each once). */
  readonly report?: (message: string, error?: unknown) => void;
}

export interface LiveSession {
  readonly record: SessionRecord;
  readonly session: ConsultationSession;
}

/**
 * Where the next journal entry goes; shared with the engine's `onJournal` callback. It owns the
 * session's queued writes: once one fails it is `failed`, and this in-memory session is dropped.
 */
interface JournalCursor extends WriteOwner {
  nextSeq: number;
  lastActivity: number;
  /** Settles when the latest queued write of this session is committed (rejects if it was not). */
  written: Promise<void>;
}

function newCursor(nextSeq: number, lastActivity: number): JournalCursor {
  return { nextSeq, lastActivity, failed: false, written: Promise.resolve() };
}

interface Entry extends LiveSession {
  readonly cursor: JournalCursor;
  /** The key of its shared context, if it has one. */
  readonly contextKey?: string;
  /** Resolves when the call in progress (and those queued before it) has finished. */
  tail: Promise<void>;
  busy: number;
  /** Forgotten after a failure; calls queued behind the failure must rebuild the session. */
  discarded?: boolean;
}

type SessionRun<T> = { readonly found: true; readonly value: T } | { readonly found: false };

export class SessionManager {
  private readonly live = new Map<string, Entry>();
  private readonly restoring = new Map<string, Promise<Entry | undefined>>();
  /** Which session a result fact came from, for the legacy evidence route without a session. */
  private readonly factOwners = new Map<string, string>();
  /** Shared fact stores of the legacy `contextid`, one per map and context ID. */
  private readonly contexts = new Map<string, SharedContext>();
  private readonly writer: JournalWriter;
  /** Sessions whose stored journal cannot be replayed, with the reason (reported once each). */
  private readonly damaged = new Map<string, string>();
  /** Shared store: per context held here, its stored length when this server last had it all. */
  private readonly contextLengths = new Map<string, number>();
  /** Shared store: the last call waiting for (or holding) each lease key in this server. */
  private readonly leaseTails = new Map<string, Promise<void>>();

  constructor(private readonly options: SessionManagerOptions) {
    this.writer = new JournalWriter(options.store, (owners, error) => this.dropFailed(owners, error));
  }

  /** Starts a session on a resolved version; `recordInteractions` is fixed for its lifetime. */
  async start(
    version: ResolvedVersion,
    settings: { useDraft: boolean; recordInteractions: boolean; contextId?: string },
  ): Promise<LiveSession> {
    const { contextId } = settings;
    if (!this.options.store.shared || contextId === undefined) return this.startHere(version, settings);
    // Joining a shared context: its sessions' facts must be all there, and nobody else may add meanwhile.
    return this.leased(contextKey(version.mapId, contextId), async () => {
      await this.dropStaleContext(version.mapId, contextId);
      const live = await this.startHere(version, settings);
      await this.noteContextLength(version.mapId, contextId);
      return live;
    });
  }

  private async startHere(
    version: ResolvedVersion,
    settings: { useDraft: boolean; recordInteractions: boolean; contextId?: string },
  ): Promise<LiveSession> {
    const map = await this.options.maps.get(version.sourceId);
    const context = settings.contextId === undefined ? undefined : await this.contextFor(version.mapId, settings.contextId);
    const now = this.options.clock();
    let id = newSessionId(now);
    while (this.options.ownsSession && !this.options.ownsSession(id)) id = newSessionId(now);
    const record: SessionRecord = {
      id,
      mapId: version.mapId,
      version: version.number,
      versionId: version.versionId,
      sourceId: version.sourceId,
      useDraft: settings.useDraft,
      recordInteractions: settings.recordInteractions,
      ...(settings.contextId === undefined ? {} : { contextId: settings.contextId }),
      startedAt: now,
      lastActivity: now,
    };
    const cursor = newCursor(0, now);
    const session = this.options.engine.createSession(map, this.sessionOptions(record, cursor, context));
    cursor.written = this.writer.addSession(cursor, record);
    const entry = this.remember({ record, session, cursor, ...this.contextOf(record), tail: Promise.resolve(), busy: 1 });
    try {
      // The start is acknowledged only once the session is stored.
      await this.committed(entry);
      return entry;
    } catch (error) {
      this.forget(entry);
      throw error;
    } finally {
      entry.busy -= 1;
    }
  }

  /**
   * Runs `work` on a session, after any call already running on it. `found: false` when the
   * session is unknown, its journal was purged, or (for core calls) it has expired.
   */
  async run<T>(id: string, access: SessionAccess, work: (live: LiveSession) => Promise<T> | T): Promise<SessionRun<T>> {
    if (!this.options.store.shared) return this.runHere(id, access, work);
    const record = this.live.get(id)?.record ?? (await this.options.store.get(id));
    if (!record) return { found: false };
    const { contextId } = record;
    if (contextId === undefined) {
      return this.leased(
        id,
        async (lease) => {
          const entry = this.live.get(id);
          // Advanced through another server since: what is held here is behind; rebuild it.
          const stored = lease.journalLength ?? (await this.options.store.journalLength(id));
          if (entry && stored !== entry.cursor.nextSeq) this.forget(entry);
          return this.runHere(id, access, work);
        },
        id,
      );
    }
    return this.leased(contextKey(record.mapId, contextId), async () => {
      await this.dropStaleContext(record.mapId, contextId);
      try {
        return await this.runHere(id, access, work);
      } finally {
        await this.noteContextLength(record.mapId, contextId);
      }
    });
  }

  /**
   * Runs `work` holding the store's lease on `key`. Calls for one key in this server queue here
   * first, so each waits for a lease on one connection at most.
   */
  private async leased<T>(key: string, work: (lease: SessionLease) => Promise<T>, journalOf?: string): Promise<T> {
    const previous = this.leaseTails.get(key) ?? Promise.resolve();
    let done = (): void => {};
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = previous.then(() => mine);
    this.leaseTails.set(key, tail);
    await previous;
    let lease: SessionLease | undefined;
    try {
      try {
        lease = await this.options.store.lease(key, journalOf);
      } catch (error) {
        // The database is out of reach: nothing was done, the client may retry (503).
        throw new JournalUnavailableError(failureReason(error));
      }
      return await work(lease);
    } finally {
      // The reply need not wait for the unlock: the next holder waits for it in the store.
      if (lease) void lease.release();
      done();
      if (this.leaseTails.get(key) === tail) this.leaseTails.delete(key);
    }
  }

  /** Shared store: drops a context (and its sessions) held here if any of its sessions moved on elsewhere. */
  private async dropStaleContext(mapId: string, contextId: string): Promise<void> {
    const key = contextKey(mapId, contextId);
    if (!this.contexts.has(key)) return;
    if ((await this.options.store.contextLength(mapId, contextId)) === this.contextLengths.get(key)) return;
    this.contexts.delete(key);
    this.contextLengths.delete(key);
    for (const entry of [...this.live.values()]) if (entry.contextKey === key) this.forget(entry);
  }

  private async noteContextLength(mapId: string, contextId: string): Promise<void> {
    const key = contextKey(mapId, contextId);
    if (!this.contexts.has(key)) return;
    await this.writer.flushNow();
    this.contextLengths.set(key, await this.options.store.contextLength(mapId, contextId));
  }

  private async runHere<T>(id: string, access: SessionAccess, work: (live: LiveSession) => Promise<T> | T): Promise<SessionRun<T>> {
    const entry = await this.acquire(id, access);
    if (!entry) return { found: false };
    const previous = entry.tail;
    let release = (): void => {};
    entry.tail = new Promise<void>((resolve) => (release = resolve));
    entry.busy += 1;
    try {
      await previous;
      if (entry.discarded) return await this.runHere(id, access, work);
      if (access === 'core' && this.expired(entry.cursor.lastActivity)) return { found: false };
      const value = await work(entry);
      // The reply waits for the commit that stores this call's steps.
      await this.committed(entry);
      return { found: true, value };
    } catch (error) {
      // The engine or the journal failed part-way: forget the in-memory state (it may be ahead of
      // the journal); the journal holds every step that was committed, so the next call rebuilds
      // a consistent session.
      this.forget(entry);
      throw error;
    } finally {
      entry.busy -= 1;
      release();
    }
  }

  /**
   * Notes which session produced these result facts (for evidence requested without a session).
   * A shared store keeps them too, committed with the call's steps, for the other servers.
   */
  rememberFacts(id: string, factIDs: readonly string[]): void {
    const entry = this.live.get(id);
    if (this.options.store.shared && entry && factIDs.length > 0) {
      entry.cursor.written = this.writer.addFacts(entry.cursor, { id, factIDs });
    }
    for (const factID of factIDs) {
      this.factOwners.delete(factID);
      this.factOwners.set(factID, id);
    }
    // The oldest go in one pass: taking `keys().next()` afresh for each skipped every entry deleted
    // before it, and a result of 10,000 facts cost 30-90 ms here once the map was full.
    let excess = this.factOwners.size - FACT_OWNERS_KEPT;
    if (excess > 0) {
      for (const oldest of this.factOwners.keys()) {
        if (excess-- === 0) break;
        this.factOwners.delete(oldest);
      }
    }
  }

  /**
   * The session that holds a fact, for `GET /analysis/evidence/{factID}`: first the session that
   * returned it as a result, then the sessions in memory, most recently used first.
   */
  ownerOf(factID: string): string | undefined {
    const noted = this.factOwners.get(factID);
    if (noted !== undefined) return noted;
    // Most recently used first, and only the latest 1,000: an unknown fact must not cost a scan of every session.
    const recent = [...this.live.values()].slice(-1000).reverse();
    return recent.find((entry) => entry.session.evidence(factID) !== undefined)?.record.id;
  }

  /**
   * The session for a fact named without one. With a shared store, the session that returned it
   * last on any server (what this server noted may be older); then `ownerOf`.
   */
  async findFactOwner(factID: string): Promise<string | undefined> {
    const shared = this.options.store.shared ? await this.options.store.factOwner(factID) : undefined;
    return shared ?? this.ownerOf(factID);
  }

  /**
   * What decides which cluster worker owns a session that is not in this process: its context
   * (sessions sharing one live together) or its ID. Undefined when it is here or unknown.
   */
  async ownershipKey(id: string): Promise<string | undefined> {
    if (this.live.has(id) || this.restoring.has(id)) return undefined;
    const record = await this.options.store.get(id);
    if (!record) return undefined;
    return record.contextId === undefined ? record.id : contextKey(record.mapId, record.contextId);
  }

  /**
   * Drops idle sessions from memory, deletes journals past retention, and reports when what is
   * left is over the alarm size.
   */
  async sweep(): Promise<{ evicted: number; purged: number; size: JournalSize }> {
    const now = this.options.clock();
    let evicted = 0;
    for (const [id, entry] of this.live) {
      if (entry.busy === 0 && now - entry.cursor.lastActivity > this.options.idleMs) {
        this.live.delete(id);
        evicted += 1;
      }
    }
    await this.writer.flushNow();
    const purged = await this.options.store.purgeIdleSince(now - this.options.retentionMs);
    const size = await this.options.store.size();
    const alarm =
      this.options.journalAlarmBytes === undefined
        ? undefined
        : await this.options.store.alarm(size, this.options.journalAlarmBytes, this.options.retentionMs);
    if (alarm !== undefined) this.options.report?.(alarm);
    return { evicted, purged, size };
  }

  /** Commits queued journal steps now (on close); false when that commit failed (already reported). */
  flush(): Promise<boolean> {
    return this.writer.flushNow();
  }

  /** Sessions currently in memory. */
  get liveCount(): number {
    return this.live.size;
  }

  private expired(lastActivity: number): boolean {
    return this.options.clock() - lastActivity > this.options.idleMs;
  }

  private async acquire(id: string, access: SessionAccess): Promise<Entry | undefined> {
    const entry = this.live.get(id);
    if (entry) {
      this.live.delete(id);
      this.live.set(id, entry);
      return access === 'core' && this.expired(entry.cursor.lastActivity) ? undefined : entry;
    }
    // Steps still queued for the group commit must be visible to the reads below.
    await this.writer.flushNow();
    // Read after the lease (shared store): what was stored before it is not enough.
    const record = await this.options.store.get(id);
    if (!record || (access === 'core' && this.expired(record.lastActivity))) return undefined;
    const damage = this.damaged.get(id);
    if (damage !== undefined) throw new SessionDamagedError(id, damage);
    // Two requests for a session that is not in memory must not rebuild it twice.
    let restoring = this.restoring.get(id);
    if (!restoring) {
      restoring = this.restore(record).finally(() => this.restoring.delete(id));
      this.restoring.set(id, restoring);
    }
    return restoring;
  }

  private async restore(record: SessionRecord): Promise<Entry> {
    const context = record.contextId === undefined ? undefined : await this.contextFor(record.mapId, record.contextId);
    const map = await this.options.maps.get(record.sourceId);
    const live = this.live.get(record.id);
    // Rebuilding the context may have rebuilt this session with it (also while its map loaded).
    if (live) return live;
    return this.rebuild(record, map, context);
  }

  /** Rebuilds one session from its journal; a journal that cannot be replayed is reported once. */
  private async rebuild(record: SessionRecord, map: KnowledgeMap, context: SharedContext | undefined): Promise<Entry> {
    let session: ConsultationSession;
    let cursor: JournalCursor;
    try {
      const journal = await this.options.store.journal(record.id);
      cursor = newCursor(journal.length, record.lastActivity);
      session = await this.options.engine.restoreSession(map, this.sessionOptions(record, cursor, context), journal);
    } catch (error) {
      // A read that failed for lack of disk or I/O is not damage: the next call tries again.
      if (!SessionDamagedError.isDamage(error)) throw error;
      const reason = SessionDamagedError.describe(error);
      if (this.damaged.size >= 10_000) this.damaged.clear();
      this.damaged.set(record.id, reason);
      this.options.report?.(
        `session ${record.id}: its stored journal is damaged (${reason}); that session answers an error, others are unaffected`,
      );
      throw new SessionDamagedError(record.id, reason);
    }
    return this.remember({ record, session, cursor, ...this.contextOf(record), tail: Promise.resolve(), busy: 0 });
  }

  /** Waits for the session's queued writes; throws when they (or the session's state) were lost. */
  private async committed(entry: Entry): Promise<void> {
    await entry.cursor.written;
    if (entry.cursor.failed) throw new JournalUnavailableError('another session sharing its context lost a step');
  }

  /**
   * A journal commit failed: the sessions that lost writes are ahead of their journals, and so is
   * any shared context they wrote to, with every session using it. All of them leave memory (calls
   * in progress on them fail) and are rebuilt from their journals on next use.
   */
  private dropFailed(owners: ReadonlySet<WriteOwner>, error: unknown): void {
    const contexts = new Set<string>();
    for (const entry of this.live.values()) if (owners.has(entry.cursor) && entry.contextKey !== undefined) contexts.add(entry.contextKey);
    for (const entry of [...this.live.values()]) {
      if (owners.has(entry.cursor) || (entry.contextKey !== undefined && contexts.has(entry.contextKey))) {
        entry.cursor.failed = true;
        this.forget(entry);
      }
    }
    for (const key of contexts) this.contexts.delete(key);
    this.options.report?.(`journal write failed; ${owners.size} session(s) answered 503 and will be rebuilt from their journals`, error);
  }

  private contextOf(record: SessionRecord): { contextKey?: string } {
    return record.contextId === undefined ? {} : { contextKey: contextKey(record.mapId, record.contextId) };
  }

  /**
   * The shared store of a context. After a restart it is empty, so it is rebuilt by replaying every
   * stored session of the context (oldest first) into it before anything else uses it.
   */
  private async contextFor(mapId: string, contextId: string): Promise<SharedContext> {
    const key = contextKey(mapId, contextId);
    const known = this.contexts.get(key);
    if (known) return known;
    const context = this.options.engine.createContext(contextId);
    this.contexts.set(key, context);
    try {
      await this.replayContext(mapId, contextId, context);
    } catch (error) {
      // Half loaded: the next use starts over.
      if (this.contexts.get(key) === context) this.contexts.delete(key);
      throw error;
    }
    return context;
  }

  private async replayContext(mapId: string, contextId: string, context: SharedContext): Promise<void> {
    await this.writer.flushNow();
    for (const id of await this.options.store.idsInContext(mapId, contextId)) {
      const record = await this.options.store.get(id);
      if (record && !this.live.has(id) && !this.damaged.has(id)) {
        const map = await this.options.maps.get(record.sourceId);
        // Its map loaded meanwhile: another request may have rebuilt it.
        if (this.live.has(id)) continue;
        try {
          await this.rebuild(record, map, context);
        } catch (error) {
          // A damaged session stays out of the context (reported once); the others load.
          if (!(error instanceof SessionDamagedError)) throw error;
        }
      }
    }
  }

  private sessionOptions(record: SessionRecord, cursor: JournalCursor, context: SharedContext | undefined): SessionOptions {
    return {
      ...(context ? { context } : {}),
      id: record.id,
      kmVersionId: record.versionId,
      useDraft: record.useDraft,
      clock: this.options.clock,
      startedAt: record.startedAt,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      onJournal: (step: JournalEntry) => {
        cursor.written = this.writer.addStep(cursor, record.id, cursor.nextSeq, step);
        cursor.nextSeq += 1;
        cursor.lastActivity = step.at;
      },
    };
  }

  private remember(entry: Entry): Entry {
    this.live.set(entry.record.id, entry);
    if (this.live.size > this.options.maxLive) {
      for (const [id, candidate] of this.live) {
        if (this.live.size <= this.options.maxLive) break;
        if (candidate.busy === 0 && id !== entry.record.id) this.live.delete(id);
      }
    }
    return entry;
  }

  private forget(entry: Entry): void {
    entry.discarded = true;
    if (this.live.get(entry.record.id) === entry) this.live.delete(entry.record.id);
  }
}
