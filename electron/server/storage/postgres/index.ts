/** The server's storage in PostgreSQL: `openPostgresStore(url)` for `lapwing serve --store postgres://…`. */
import { openPostgres } from '../../../store/postgres';
import type { ServerStore } from '../types';
import { PostgresJournalStore } from './journal';
import { POSTGRES_REGISTRY_MIGRATIONS, POSTGRES_SESSION_MIGRATIONS } from './migrations';
import { PostgresRegistry } from './registry';

export { POSTGRES_REGISTRY_MIGRATIONS, POSTGRES_SESSION_MIGRATIONS } from './migrations';

export interface PostgresStoreOptions {
  /** Connections for queries and group commits (default `LAPWING_PG_POOL`, else 10). */
  readonly poolSize?: number;
  /** Connections holding session leases, one per session being advanced (default 2 × the pool). */
  readonly leaseConnections?: number;
  readonly clock?: () => number;
}

/** Connects, applies pending migrations (refusing edited ones) and returns the store. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<ServerStore> {
  const poolSize = options.poolSize ?? poolSizeFromEnv();
  const sets = [
    { scope: 'sessions', migrations: POSTGRES_SESSION_MIGRATIONS },
    { scope: 'registry', migrations: POSTGRES_REGISTRY_MIGRATIONS },
  ];
  const pool = await openPostgres(url, sets, { max: poolSize });
  const leases = await openPostgres(url, [], { max: options.leaseConnections ?? 2 * poolSize });
  return {
    kind: 'postgres',
    registry: new PostgresRegistry(pool, options.clock ?? Date.now),
    journal: new PostgresJournalStore(pool, leases),
    close: async () => {
      await Promise.all([pool.end(), leases.end()]);
    },
  };
}

function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LAPWING_PG_POOL?.trim();
  if (raw === undefined || raw === '') return 10;
  const size = Number(raw);
  if (!/^\d+$/.test(raw) || size < 1 || size > 1000)
    throw new Error(`LAPWING_PG_POOL must be a whole number from 1 to 1000 (it is "${raw}")`);
  return size;
}
