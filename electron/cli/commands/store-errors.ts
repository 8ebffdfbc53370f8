/** Reporting a database that cannot be opened: one line naming the file and what to do, no stack. */
import type { CliContext } from '../io';

/** Wraps a command action: a `StoreOpenError` (or PostgreSQL's open or migration error) becomes its one-line message on stderr and exit code 1. */
export function reportingStoreErrors<A extends unknown[]>(
  context: CliContext,
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      // Loaded on use, as the store is: SQLite is only needed by the commands that open one.
      const { StoreOpenError } = await import('../../store');
      const postgres = error instanceof Error && /^Postgres(Open|Migration)Error$/.test(error.name);
      if (!(error instanceof StoreOpenError) && !postgres) throw error;
      context.io.err(`lapwing: ${error.message}\n`);
      context.exitCode = 1;
    }
  };
}
