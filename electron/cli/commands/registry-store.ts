/**
 * The registry a `map` command works on: with `--store postgres://…` (else `$LAPWING_STORE`) the
 * PostgreSQL that `serve --store` instances share, else the SQLite of the data folder (`--data`,
 * else `$LAPWING_DATA`, else the workbench's). Running servers see changes at once either way.
 */
import type { RegistryStore } from '../../server';
import type { CliContext } from '../io';
import { serverDataDir } from './data-dir';
import { parseStore, storeUrlOf } from './store-url';

/** `--data` and `--store` as every registry command takes them: `.option(...DATA_FLAG).option(...STORE_FLAG)`. */
export const DATA_FLAG = ['--data <dir>', 'data folder (default: $LAPWING_DATA, else the app data folder the workbench uses too)'] as const;
export const STORE_FLAG = [
  '--store <url>',
  'a PostgreSQL registry shared by `serve --store` instances, postgres://USER@HOST:PORT/DB (default: $LAPWING_STORE, else SQLite in --data)',
  parseStore,
] as const;

export interface RegistryOptions {
  readonly data?: string | undefined;
  readonly store?: string | undefined;
}

/** The registry cannot be opened: a `$LAPWING_STORE` that is no URL, a damaged database, PostgreSQL out of reach. */
export class RegistryUnavailableError extends Error {
  override readonly name = 'RegistryUnavailableError';
}

export interface OpenRegistry {
  readonly registry: RegistryStore;
  close(): Promise<void>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Opens the registry `options` name; throws `RegistryUnavailableError` with a one-line reason when it cannot. */
export async function openRegistry(options: RegistryOptions): Promise<OpenRegistry> {
  let url: string | undefined;
  try {
    url = storeUrlOf(options.store);
  } catch (error) {
    throw new RegistryUnavailableError(messageOf(error));
  }
  if (url !== undefined) {
    // Loaded on use: only the PostgreSQL store needs the pg driver.
    const { openPostgresStore } = await import('../../server/storage/postgres');
    try {
      const store = await openPostgresStore(url, { poolSize: 2, leaseConnections: 1 });
      return { registry: store.registry, close: () => store.close() };
    } catch (error) {
      if (error instanceof Error && /^Postgres(Open|Migration)Error$/.test(error.name)) throw new RegistryUnavailableError(error.message);
      throw error;
    }
  }
  // Loaded on use: SQLite and the server code are only needed by the commands that open a registry.
  const { openServerDatabase, serverDatabaseFile, sqliteServerStore, StoreOpenError } = await import('../../server');
  const file = serverDatabaseFile(serverDataDir(options.data));
  try {
    const db = openServerDatabase(file);
    const store = sqliteServerStore(db, Date.now, () => db.close());
    return { registry: store.registry, close: () => store.close() };
  } catch (error) {
    if (error instanceof StoreOpenError) throw new RegistryUnavailableError(error.message);
    throw error;
  }
}

/**
 * `work` on the registry `options` name, closed after. One that cannot be opened is one line on
 * stderr (ending with `unchanged`, when given: what the command left as it was) and exit code 1.
 */
export async function withRegistry(
  context: CliContext,
  options: RegistryOptions,
  work: (registry: RegistryStore) => Promise<void> | void,
  unchanged?: string,
): Promise<void> {
  let opened: OpenRegistry;
  try {
    opened = await openRegistry(options);
  } catch (error) {
    if (!(error instanceof RegistryUnavailableError)) throw error;
    context.io.err(`lapwing: ${error.message}${unchanged === undefined ? '' : `; ${unchanged}`}\n`);
    context.exitCode = 1;
    return;
  }
  try {
    await work(opened.registry);
  } finally {
    await opened.close();
  }
}
