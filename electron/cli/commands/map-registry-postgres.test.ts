/**
 * `lapwing map …` and `lapwing serve` with `--store postgres://…`: the registry commands work on
 * the PostgreSQL that serving instances share, and a running instance sees their changes at once.
 * Skipped, saying why, without PostgreSQL (a store that is no URL is checked without it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { languagesMap } from '../../cases/test-support/server';
import { fixtureMapPath } from '../../server/test-support/fixtures';
import { startPostgres, type PostgresCluster } from '../../server/test-support/postgres';
import { run, startServeProcess } from '../test-support';

const started = await startPostgres();
const available = !('unavailable' in started);
if (!available) console.warn(`PostgreSQL registry commands skipped: ${started.unavailable}`);
const cluster = available ? (started as PostgresCluster) : undefined;
afterAll(() => cluster?.stop());

const folder = mkdtempSync(join(tmpdir(), 'lapwing-pg-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
/** A map file in the test's folder. */
function mapFile(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

/** Runs with `$LAPWING_STORE` set to `value` (the CLI runs in this process). */
async function withStoreEnv<T>(value: string, work: () => Promise<T>): Promise<T> {
  const before = process.env.LAPWING_STORE;
  process.env.LAPWING_STORE = value;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.LAPWING_STORE;
    else process.env.LAPWING_STORE = before;
  }
}

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

  it('updates a draft and diffs versions in PostgreSQL, and a running serve --store starts the updated draft', async () => {
    const url = await cluster!.createDatabase();
    const added = await run('map', 'add', mapFile('languages.rbl', languagesMap()), '--name', 'Languages', '--store', url);
    expect(added.code, added.err).toBe(0);
    const { id } = JSON.parse(added.out) as { id: string };
    expect((await run('map', 'publish', id, '--live', '--store', url)).code).toBe(0);

    const updated = await run('map', 'update', id, mapFile('weaker.rbl', languagesMap(60)), '--store', url);
    expect(updated.code, updated.err).toBe(0);
    expect(JSON.parse(updated.out)).toEqual({ id, draft: { state: 'ok', errors: 0, warnings: 0 } });

    const diff = await run('map', 'diff', `${id}@live`, `${id}@draft`, '--store', url);
    expect(diff.code, diff.err).toBe(1);
    expect(diff.out).toContain('certainty: 80 → 60');
    expect(diff.out).toContain('1 difference: rules 1 changed');
    // The same store from $LAPWING_STORE; a side may be a file.
    const same = await withStoreEnv(url, () => run('map', 'diff', `${id}@draft`, mapFile('same.rbl', languagesMap(60))));
    expect(same.code, same.err).toBe(0);

    // A running instance on the database serves the updated draft: the home language now comes at 60, live stays at 80.
    const serve = await startServeProcess(['--port', '0', '--api-key', 'pg-cli-key', '--store', url]);
    try {
      const homeLanguage = async (query: string) => {
        const started = await fetch(`${serve.url}/start/${id}${query}`, { headers: { 'X-API-Key': 'pg-cli-key' } });
        const { id: sid } = (await started.json()) as { id: string };
        const post = async (endpoint: string, body: unknown) =>
          (
            await fetch(`${serve.url}/${sid}/${endpoint}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).json();
        await post('query', { subject: 'Ada', relationship: 'speaks' });
        await post('response', { answers: [{ subject: 'Ada', relationship: 'lives in', object: 'France', certainty: 100 }] });
        return post('response', { answers: [{ subject: 'Ada', relationship: 'has lived in', unanswered: true }] });
      };
      expect(await homeLanguage('?useDraft=true')).toMatchObject({ result: [{ object: 'French', certainty: 60 }] });
      expect(await homeLanguage('')).toMatchObject({ result: [{ object: 'French', certainty: 80 }] });
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

describe('map diff and map update with a store that is not a PostgreSQL URL', () => {
  const hint = /the store is a PostgreSQL URL: postgres:\/\/USER\[:PASSWORD\]@HOST\[:PORT\]\/DATABASE/;

  it('refuses --store that is no PostgreSQL URL as a usage error, naming the flag, what is wrong and the form', async () => {
    const cases: [args: string[], problem: string][] = [
      [['diff', 'm@draft', 'm@1', '--store', 'mysql://x@y/z'], 'the scheme is mysql, not postgres or postgresql'],
      [['update', 'm', mapFile('any.rbl', languagesMap()), '--store', 'postgres://'], 'no host'],
      [['diff', 'm@draft', 'm@1', '--store', 'postgres://db.example:5432/'], 'no database'],
      [['list', '--store', 'db.example/lapwing'], 'not a URL'],
    ];
    for (const [args, problem] of cases) {
      const result = await run('map', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toContain(`option '--store <url>' argument '${args[args.length - 1]}' is invalid. ${problem}; `);
      expect(result.err).toMatch(hint);
    }
  });

  it('refuses a $LAPWING_STORE that is no URL in one line, and a diff of two files does not need the store', async () => {
    await withStoreEnv('not a url', async () => {
      const diff = await run('map', 'diff', 'm@draft', 'm@1');
      expect(diff).toMatchObject({ code: 2, out: '' });
      expect(diff.err.trimEnd().split('\n')).toEqual([
        expect.stringMatching(/^lapwing: LAPWING_STORE: not a URL; the store is a PostgreSQL URL/),
      ]);
      const update = await run('map', 'update', 'm', mapFile('any.rbl', languagesMap()));
      expect(update).toMatchObject({ code: 1, out: '' });
      expect(update.err).toMatch(/^lapwing: LAPWING_STORE: not a URL; the store is a PostgreSQL URL: .*; the draft is unchanged\n$/);
      const files = await run('map', 'diff', mapFile('a.rbl', languagesMap()), mapFile('b.rbl', languagesMap(70)));
      expect(files.code, files.err).toBe(1);
    });
  });

  it('does not fall back to the SQLite registry when $LAPWING_STORE is no URL: its draft is kept as it was', async () => {
    const data = join(folder, 'sqlite-data');
    const added = await run('map', 'add', mapFile('kept.rbl', languagesMap()), '--name', 'Kept', '--data', data);
    expect(added.code, added.err).toBe(0);
    const { id } = JSON.parse(added.out) as { id: string };
    const refused = await withStoreEnv('sqlite:./server.sqlite', () =>
      run('map', 'update', id, mapFile('changed.rbl', languagesMap(60)), '--data', data),
    );
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toContain('LAPWING_STORE: the scheme is sqlite, not postgres or postgresql; ');
    const kept = await run('map', 'diff', `${id}@draft`, mapFile('original.rbl', languagesMap()), '--data', data);
    expect(kept.code, kept.out + kept.err).toBe(0);
  });

  it('serve refuses a $LAPWING_STORE that is no URL, as the map commands do', async () => {
    const served = await withStoreEnv('localhost/lapwing', () => run('serve', '--port', '0', '--api-key', 'k'));
    expect(served).toMatchObject({ code: 2, out: '' });
    expect(served.err).toMatch(/^lapwing serve: LAPWING_STORE: not a URL; the store is a PostgreSQL URL: postgres:\/\/USER/);
  });

  it('says in one line that PostgreSQL cannot be reached (exit code 2 for diff, 1 for update)', async () => {
    const store = 'postgres://lapwing@127.0.0.1:9/none';
    const diff = await run('map', 'diff', 'm@draft', mapFile('c.rbl', languagesMap()), '--store', store);
    expect(diff).toMatchObject({ code: 2, out: '' });
    expect(diff.err).toMatch(/^lapwing: postgres:\/\/lapwing@127\.0\.0\.1:9\/none: cannot connect to PostgreSQL[^\n]*\n$/);
    const update = await run('map', 'update', 'm', mapFile('d.rbl', languagesMap()), '--store', store);
    expect(update).toMatchObject({ code: 1, out: '' });
    expect(update.err).toMatch(/cannot connect to PostgreSQL.*; the draft is unchanged\n$/);
  });
});
