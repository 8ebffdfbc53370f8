/** `--store postgres://…` (and `$LAPWING_STORE`): where `serve` and the `map` commands keep the registry. */
import { InvalidArgumentError } from 'commander';

const STORE_HINT = 'the store is a PostgreSQL URL: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE';

/** A `postgres://` URL with a host and a database, or undefined. */
function postgresUrl(value: string): string | undefined {
  const trimmed = value.trim();
  try {
    const url = new URL(trimmed);
    if (!/^postgres(ql)?:$/.test(url.protocol) || url.hostname === '' || url.pathname.length < 2) return undefined;
    return trimmed;
  } catch {
    return undefined;
  }
}

export function parseStore(value: string): string {
  const url = postgresUrl(value);
  if (url === undefined) throw new InvalidArgumentError(STORE_HINT);
  return url;
}

/** `--store`, else `$LAPWING_STORE`, else undefined (SQLite in the data folder); throws when the variable is not a URL. */
export function storeUrlOf(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (option !== undefined) return option;
  const fromEnv = env.LAPWING_STORE?.trim();
  if (!fromEnv) return undefined;
  const url = postgresUrl(fromEnv);
  if (url === undefined) throw new InvalidArgumentError(`LAPWING_STORE: ${STORE_HINT}`);
  return url;
}
