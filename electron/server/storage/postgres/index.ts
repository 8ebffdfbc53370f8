/** The server's storage in PostgreSQL: `openPostgresStore(url)` for `lapwing serve --store postgres://…`. */
import { openPostgres } from '../../../store/postgres';
import { storeUnavailable, StoreUnavailableError } from '../../sessions/journal-writer';
import type { ServerStore } from '../types';
import { PostgresJournalStore } from './journal';
import { POSTGRES_REGISTRY_MIGRATIONS, POSTGRES_SESSION_MIGRATIONS } from './migrations';
import { PostgresRegistry } from './registry';

export { POSTGRES_REGISTRY_MIGRATIONS } from './migrations';

interface PostgresStoreOptions {
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
    registry: answeringUnavailable(new PostgresRegistry(pool, options.clock ?? Date.now)),
    journal: answeringUnavailable(new PostgresJournalStore(pool, leases)),
    close: async () => {
      await Promise.all([pool.end(), leases.end()]);
    },
  };
}

/**
 * The same object, whose calls reject with `StoreUnavailableError` (503, retry later) when the
 * database cannot be reached, instead of the driver's error (a 500 by default).
 */
function answeringUnavailable<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...params: unknown[]) => unknown).apply(object, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          const reason = storeUnavailable(error);
          throw reason === undefined ? error : new StoreUnavailableError(reason);
        });
      };
    },
  });
}

function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LAPWING_PG_POOL?.trim();
  if (raw === undefined || raw === '') return 10;
  const size = Number(raw);
  if (!/^\d+$/.test(raw) || size < 1 || size > 1000)
    throw new Error(`LAPWING_PG_POOL must be a whole number from 1 to 1000 (it is "${raw}")`);
  return size;
}
