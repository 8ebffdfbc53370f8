/** Options of the Decision API server and their defaults. */
import { join } from 'node:path';
import type { DatasourceFetch } from '../engine';
import type { SqliteDatabase } from '../store';
import type { ProviderSource } from '../nl';
import type { ClusterMember } from './cluster/member';
import type { EnginePort } from './engine-port';
import type { ServerStore } from './storage/types';

export interface ServerLimits {
  /** Largest request body in bytes (default 1 MiB). */
  readonly bodyBytes: number;
  /** Largest `POST /maps` body in bytes (default 32 MiB: a 20 MB map plus its JSON escaping). */
  readonly mapBodyBytes: number;
  /** Time for a whole request, headers and body, to arrive (default 60 s; then 408 and the connection closes). */
  readonly requestTimeoutMs: number;
  /**
   * Time a connection may stay silent, between or within requests (default 2 min; then it is closed).
   * Longer than any answer takes to compute: while the server works, the socket is silent too.
   */
  readonly idleTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  bodyBytes: 1024 * 1024,
  mapBodyBytes: 32 * 1024 * 1024,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 120_000,
};
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ServerOptions {
  /** Directory of the server database (`server.sqlite`), created if needed. */
  readonly dataDir?: string;
  /** An open database instead of `dataDir` (tests pass `:memory:` databases). Not closed by the server. */
  readonly db?: SqliteDatabase;
  /** An open store instead of SQLite (`lapwing serve --store postgres://…`). Not closed by the server. */
  readonly store?: ServerStore;
  /** User keys accepted in `X-API-Key` or Basic authentication; at least one. */
  readonly apiKeys: readonly string[];
  readonly limits?: Partial<ServerLimits>;
  /** Idle time after which a session's core calls answer 404 (default 24 h, as on the platform). */
  readonly sessionIdleMs?: number;
  /** Idle time after which a session's journal is deleted, ending evidence access (default `LAPWING_SESSION_RETENTION_DAYS`, else 7 days). */
  readonly sessionRetentionMs?: number;
  /** Bytes of sessions and journals above which each sweep reports a warning (default `LAPWING_JOURNAL_ALARM_MB`, else 2 GiB; 0: off). */
  readonly journalAlarmBytes?: number;
  /** Sessions kept in memory; the rest are rebuilt from their journals on use (default 10,000). */
  readonly maxLiveSessions?: number;
  /** How often idle sessions leave memory and old journals are purged (default 10 minutes). */
  readonly sweepIntervalMs?: number;
  /** Clock in epoch ms (tests fix it). */
  readonly clock?: () => number;
  /** Fetch for map datasources. */
  readonly fetch?: DatasourceFetch;
  /** The engine; the real one unless a test passes another. */
  readonly engine?: EnginePort;
  /**
   * Load maps in a worker thread, so a large map does not hold up other requests (default: yes with
   * the real engine; a stand-in `engine` is always called in the server's thread).
   */
  readonly loadMapsInWorker?: boolean;
  /** Bound of the loaded-map cache in estimated bytes of heap (default 256 MiB; see `sessions/loaded-maps.ts`). */
  readonly mapCacheBytes?: number;
  /** Request logging (off by default), to stdout or the given stream; key headers are redacted. */
  readonly logger?: boolean | { readonly stream: NodeJS.WritableStream };
  /** `Access-Control-Allow-Origin: *` so browser evidence viewers can call the API (default on). */
  readonly cors?: boolean;
  /**
   * The natural-language provider, looked up on each call (the workbench passes its settings and
   * keychain). Without it the server reads `LAPWING_NL_PROVIDER_*` from the environment once.
   */
  readonly nlProvider?: ProviderSource;
  /** Where store problems are reported (a failed journal commit, a damaged journal), one line each; default stderr. */
  readonly report?: (message: string, error?: unknown) => void;
  /**
   * Host names answered besides the loopback names (`localhost`, `127.0.0.1`, `[::1]`) and the
   * listen address; other `Host` headers get 403 (DNS rebinding). `*` answers any host.
   */
  readonly allowedHosts?: readonly string[];
  /** This process's place in a `lapwing serve --workers N` cluster (absent: a single process). */
  readonly cluster?: ClusterMember;
}

/** The database file inside a data directory. */
export function serverDatabaseFile(dataDir: string): string {
  return join(dataDir, 'server.sqlite');
}
