/**
 * A damaged database stops `lapwing serve`, the `map` commands and browser mode with one line on
 * stderr naming the file, what is wrong and what to do: no stack trace, no silent empty start,
 * and the file is left exactly as it was.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureMapPath } from '../../server/test-support/fixtures';
import { openWorkbenchStore } from '../../store';
import { run } from '../test-support';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-broken-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** How a database file gets damaged, each with what the one line must say. */
const damages: readonly [string, (file: string) => void, RegExp][] = [
  ['empty (zero bytes)', (file) => truncateSync(file, 0), /the database file is empty \(0 bytes\)/],
  ['overwritten with text', (file) => writeFileSync(file, 'this is not a database\n'.repeat(300)), /not a SQLite database/],
  [
    'truncated',
    (file) => truncateSync(file, Math.floor(statSync(file).size / 2 / 4096) * 4096 || 4096),
    /the database file is truncated \(\d+ bytes of the \d+ its header records\)/,
  ],
  [
    'damaged schema page',
    (file) => {
      const bytes = readFileSync(file);
      bytes.fill(0x5a, 100, 4096);
      writeFileSync(file, bytes);
    },
    /the database is damaged \(SQLite: /,
  ],
];

function expectOneLine(stderr: string, file: string, reason: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toContain(`lapwing: ${file}: `);
  expect(lines[0]).toMatch(reason);
  expect(lines[0]).toMatch(
    /Restore it from a backup, or move it aside \(with \S+-wal and \S+-shm if present\) to start with an empty one\.$/,
  );
}

describe('a damaged server.sqlite', () => {
  // The healthy folder is made once (and kept until the end); the damaged copies per test.
  const healthyRoot = mkdtempSync(join(tmpdir(), 'lapwing-healthy-store-'));
  const healthy = join(healthyRoot, 'data');
  afterAll(() => rmSync(healthyRoot, { recursive: true, force: true }));
  beforeAll(async () => {
    const added = await run('map', 'add', fixtureMapPath('travel-money'), '--data', healthy);
    expect(added.code, added.err).toBe(0);
  });

  it.each(damages)('(%s) stops `map list` and `serve` with one line, and is left as it was', async (_kind, damage, reason) => {
    const data = join(tempDir(), 'data');
    mkdirSync(data);
    const file = join(data, 'server.sqlite');
    copyFileSync(join(healthy, 'server.sqlite'), file);
    damage(file);
    const before = readFileSync(file);

    const listed = await run('map', 'list', '--data', data);
    expect(listed.code).toBe(1);
    expect(listed.out).toBe('');
    expectOneLine(listed.err, file, reason);

    const served = await run('serve', '--port', '0', '--data', data, '--api-key', 'k');
    expect(served.code).toBe(1);
    expectOneLine(served.err, file, reason);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('a damaged workbench.sqlite', () => {
  it.each(damages)('(%s) stops the workbench store and browser mode with one line', async (_kind, damage, reason) => {
    const data = tempDir();
    const file = join(data, 'workbench.sqlite');
    openWorkbenchStore(file).close();
    damage(file);
    expect(() => openWorkbenchStore(file)).toThrow(reason);
    const web = await run('web', '--no-open', '--port', '0', '--data', data);
    expect(web.code).toBe(1);
    expectOneLine(web.err, file, reason);
  });
});

describe('a new database', () => {
  it('is never left empty where it belongs: it is created beside and moved into place with its schema', async () => {
    const data = join(tempDir(), 'data');
    expect((await run('map', 'list', '--data', data)).code).toBe(0);
    expect(statSync(join(data, 'server.sqlite')).size).toBeGreaterThan(0);
    const workbench = join(tempDir(), 'workbench.sqlite');
    openWorkbenchStore(workbench).close();
    expect(statSync(workbench).size).toBeGreaterThan(0);
  });
});
