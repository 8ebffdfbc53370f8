/**
 * `lapwing map …` and `lapwing serve` with `--store postgres://…`: the registry commands work on
 * the PostgreSQL that serving instances share, and a running instance sees their changes at once.
 * Skipped, saying why, without PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureMapPath } from '../../server/test-support/fixtures';
import { startPostgres, type PostgresCluster } from '../../server/test-support/postgres';
import { run, startServeProcess } from '../test-support';

const started = await startPostgres();
const available = !('unavailable' in started);
if (!available) console.warn(`PostgreSQL registry commands skipped: ${started.unavailable}`);
const cluster = available ? (started as PostgresCluster) : undefined;
afterAll(() => cluster?.stop());

describe.skipIf(!available)('map commands and serve on PostgreSQL', () => {
  it('adds, publishes and changes settings in PostgreSQL, seen by a running serve --store at once', async () => {
    const url = await cluster!.createDatabase();
    const serve = await startServeProcess(['--port', '0', '--api-key', 'pg-cli-key', '--store', url]);
    try {
      const added = await run('map', 'add', fixtureMapPath('travel-money'), '--name', 'Travel', '--store', url);
      expect(added.code, added.err).toBe(0);
      const { id } = JSON.parse(added.out) as { id: string };
      const start = () => fetch(`${serve.url}/start/${id}`, { headers: { 'X-API-Key': 'pg-cli-key' } });
      expect(await (await start()).json()).toMatchObject({ kmVersion: { id } });

      const published = await run('map', 'publish', id, '--live', '--note', 'first', '--store', url);
      expect(published.code, published.err).toBe(0);
      const { versionId } = JSON.parse(published.out) as { versionId: string };
      expect(await (await start()).json()).toMatchObject({ kmVersion: { id: versionId } });

      const settings = await run('map', 'settings', id, '--record-interactions', 'on', '--store', url);
      expect(JSON.parse(settings.out)).toMatchObject({ version: 1, live: true, recordInteractions: true });
      const listed = JSON.parse((await run('map', 'list', '--store', url)).out) as { id: string; versions: { note: string }[] }[];
      expect(listed.map((map) => [map.id, map.versions.map((version) => version.note)])).toEqual([[id, ['first']]]);
    } finally {
      await serve.stop();
    }
  });

  it('says what is wrong with a store that is not a PostgreSQL URL or cannot be reached', async () => {
    const bad = await run('map', 'list', '--store', 'mysql://x@y/z');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/the store is a PostgreSQL URL: postgres:\/\/USER/);
    const closed = await run('map', 'list', '--store', 'postgres://lapwing@127.0.0.1:9/none');
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(/^lapwing: postgres:\/\/lapwing@127\.0\.0\.1:9\/none: cannot connect to PostgreSQL/);
  });
});
