/** `--store postgres://…` (and `$LAPWING_STORE`): where `serve` and the `map` commands keep the registry. */
import { InvalidArgumentError } from 'commander';

const STORE_HINT = 'the store is a PostgreSQL URL: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE';

/** What keeps `value` from being a `postgres://` URL with a host and a database, or undefined when nothing does. */
function problemOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) return `the scheme is ${url.protocol.slice(0, -1)}, not postgres or postgresql`;
  if (url.hostname === '') return 'no host';
  if (url.pathname.length < 2) return 'no database';
  return undefined;
}

/** The URL, trimmed; throws saying what is wrong with it and the form it takes (`where` names the variable). */
function storeUrl(value: string, where = ''): string {
  const trimmed = value.trim();
  const problem = problemOf(trimmed);
  if (problem !== undefined) throw new InvalidArgumentError(`${where}${problem}; ${STORE_HINT}`);
  return trimmed;
}

/** `--store`'s parser. */
export function parseStore(value: string): string {
  return storeUrl(value);
}

/** `--store`, else `$LAPWING_STORE`, else undefined (SQLite in the data folder); throws when the variable is not a URL. */
export function storeUrlOf(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (option !== undefined) return option;
  const fromEnv = env.LAPWING_STORE?.trim();
  return fromEnv ? storeUrl(fromEnv, 'LAPWING_STORE: ') : undefined;
}
